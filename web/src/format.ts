/** Display formatting. Amounts arrive as decimal strings of base units and stay bigint until shown. */

const SCALE_E12 = 1e12;

/** SOL per whole launch token: `priceE12` (DNA units per token, scaled 10^12) times `dnaUnitSol`; null when unpriced. */
export function priceInSol(priceE12: string, dnaUnitSol: number | null): number | null {
  if (dnaUnitSol === null) return null;
  return (Number(priceE12) / SCALE_E12) * dnaUnitSol;
}

/** `priceE12` as DNA units per whole token, the unit candles are in. */
export function priceInDna(priceE12: string): number {
  return Number(priceE12) / SCALE_E12;
}

/** Base units with `decimals` as a decimal string, at most `places` fraction digits, never through a float. */
export function formatUnits(amount: string | bigint, decimals: number, places = 4): string {
  const value = typeof amount === "bigint" ? amount : BigInt(amount);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = magnitude / unit;
  let fraction = (magnitude % unit).toString().padStart(decimals, "0").slice(0, places).replace(/0+$/, "");
  if (decimals === 0) fraction = "";
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** A decimal the user typed (e.g. `0.25`) as base units with `decimals`; null when it is not a plain positive decimal. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,20})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  const value = BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  return value > 0n ? value : null;
}

export const LAMPORTS_DECIMALS = 9;

export function formatSol(lamports: string | bigint, places = 4): string {
  return `${formatUnits(lamports, LAMPORTS_DECIMALS, places)} SOL`;
}

/** `$1.23K`, `$4.5M`; small values with enough digits to differ. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)}M`;
  if (abs >= 1e3) return `$${(value / 1e3).toFixed(2)}K`;
  if (abs >= 1) return `$${value.toFixed(2)}`;
  if (abs === 0) return "$0";
  return `$${value.toPrecision(3)}`;
}

/** A price with 4 significant digits (prices of new tokens are tiny). */
export function formatPrice(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  if (value === 0) return "0";
  if (value >= 1000) return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  // Plain decimals, never `2.7e-8`: four significant digits after the leading zeros.
  const digits = Math.min(20, Math.max(0, 3 - Math.floor(Math.log10(Math.abs(value)))));
  return value.toFixed(digits);
}

/** Basis points as a signed percentage: `+12.5%`. */
export function formatBps(bps: number, signed = false): string {
  const percent = (bps / 100).toFixed(Math.abs(bps) % 100 === 0 ? 0 : 2);
  return `${signed && bps > 0 ? "+" : ""}${percent}%`;
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

/** `5s`, `3m`, `2h`, `4d` between two instants in ms. */
export function ago(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  activeBonding: "On curve",
  graduationPending: "Graduation pending",
  migrating: "Migrating",
  graduated: "Graduated",
};

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";

/**
 * A price for the chart's axis, short at any size: below 0.001 the run of zeros after the
 * point is written as a subscript count (`0.0₆5112` for 0.0000005112), as trading charts do.
 */
export function formatChartPrice(value: number): string {
  if (!Number.isFinite(value)) return "";
  const abs = Math.abs(value);
  // Below 10^-15 SOL a tick is rounding noise around zero (no token is priced that low).
  if (abs < 1e-15) return "0";
  if (abs >= 0.001) return formatPrice(value);
  const zeros = -Math.floor(Math.log10(abs)) - 1;
  const digits = Math.round(abs * 10 ** (zeros + 4))
    .toString()
    .slice(0, 4);
  const count = String(zeros)
    .split("")
    .map((digit) => SUBSCRIPT_DIGITS[Number(digit)])
    .join("");
  return `${value < 0 ? "-" : ""}0.0${count}${digits}`;
}
