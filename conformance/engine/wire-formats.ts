import { getBase58Encoder } from "@solana/kit";

/** The smallest part of ajv's API this module needs. */
interface FormatRegistry {
  addFormat(name: string, format: { type: "string"; validate: (value: string) => boolean }): unknown;
}

const base58 = getBase58Encoder();
const U64_MAX = 2n ** 64n - 1n;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

function decodesTo(text: string, bytes: number): boolean {
  if (!BASE58.test(text)) return false;
  try {
    return base58.encode(text).length === bytes;
  } catch {
    return false;
  }
}

const isAddress = (value: string) => value.length >= 32 && value.length <= 44 && decodesTo(value, 32);

/**
 * The custom string formats the documents name, written here from their documented meaning
 * (the judge takes nothing from the server's code): Solana addresses and signatures are
 * base58 of 32 and 64 bytes; amounts are decimal integers without leading zeros (`u64`
 * at most 2^64 − 1); a launch id is an address, a mint or a ticker; cursors are `slot:seq`.
 */
export const WIRE_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  "solana-address": isAddress,
  "solana-signature": (value) => value.length >= 64 && value.length <= 88 && decodesTo(value, 64),
  u64: (value) => /^(0|[1-9][0-9]{0,19})$/.test(value) && BigInt(value) <= U64_MAX,
  amount: (value) => /^(0|[1-9][0-9]*)$/.test(value),
  "launch-id": (value) => /^[A-Za-z0-9]{2,10}$/.test(value) || isAddress(value),
  "solana-address-list": (value) => {
    const items = value.split(",");
    return items.length >= 1 && items.length <= 100 && items.every(isAddress);
  },
  "trade-cursor": (value) => {
    const match = /^(0|[1-9][0-9]{0,19}):(0|[1-9][0-9]{0,9})$/.exec(value);
    return match !== null && BigInt(match[1] as string) <= U64_MAX && Number(match[2]) <= 0xffff_ffff;
  },
  "launch-symbol": (value) => /^[A-Z0-9]{2,10}$/.test(value),
  base64: (value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value) && value.length % 4 === 0,
};

/** Teaches an ajv instance every custom format of the documents. */
export function addWireFormats<A extends FormatRegistry>(ajv: A): A {
  for (const [name, validate] of Object.entries(WIRE_FORMATS)) ajv.addFormat(name, { type: "string", validate });
  return ajv;
}
