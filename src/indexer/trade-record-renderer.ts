import { bytesToBase58 } from "../wire/base58-bytes.ts";
import { priceSolOf, progressAt, tradePriceE12 } from "./launch-figures.ts";
import type { LaunchState } from "./launch-state.ts";
import { isoOf, ratioToNumber } from "./number-format.ts";
import type { LiveTradeRecord, TradeRecord } from "./records/index.ts";
import type { TradeTape } from "./trade-tape.ts";
import type { TraderTable } from "./trader-table.ts";

const E9 = 1_000_000_000n;

/** The base58 signature of trade `i` of the launch's tape. */
export function signatureAt(launch: LaunchState, i: number): string {
  return bytesToBase58(launch.tape.signatureAt(i));
}

/**
 * Trade `i` of the launch's tape as a Trade record. Its `priceSol` is its `priceE12` in
 * `unitLamportsE9`, the DNA unit's value now: the `dnaUnitSol` its page names, "the unit
 * every priceE12 is in", so every price of a page converts by the page's one unit (and the
 * newest trade's price is its launch row's). What the trade was worth in SOL when it landed
 * is `solLamports`. With no unit now (a component unpriced), the unit sampled when the
 * trade was indexed.
 */
export function renderTradeRecord(
  launch: LaunchState,
  i: number,
  traders: TraderTable,
  solUsd: number,
  unitLamportsE9: bigint | null,
): TradeRecord {
  const tape = launch.tape;
  const priceE12 = tradePriceE12(launch, tape, i);
  const solLamports = tape.solLamportsAt(i);
  const priceSol = priceSolOf(priceE12, unitLamportsE9 ?? tape.lamportsE9At(i));
  return {
    signature: signatureAt(launch, i),
    launch: launch.address,
    trader: traders.addressAt(tape.traderAt(i)),
    direction: tape.directionAt(i),
    primaryAmount: tape.primaryAt(i).toString(),
    dnaUnits: tape.dnaAt(i).toString(),
    priceE12: priceE12.toString(),
    progressBps: tape.isPairPoolAt(i) ? 10_000 : progressAt(launch, tape.virtualPrimaryAt(i)),
    slot: Number(tape.slotAt(i)),
    seq: tape.seqAt(i),
    at: isoOf(tape.unixAt(i)),
    source: "market",
    solLamports: solLamports.toString(),
    solValue: ratioToNumber(solLamports, E9),
    solSource: "exact",
    priceSol,
    priceUsd: priceSol * solUsd,
  };
}

/** Trade `i` of the launch's tape as a Live trade record. */
export function renderLiveTradeRecord(launch: LaunchState, i: number, traders: TraderTable): LiveTradeRecord {
  const tape = launch.tape;
  return {
    signature: signatureAt(launch, i),
    launch: launch.address,
    trader: traders.addressAt(tape.traderAt(i)),
    symbol: launch.symbol,
    direction: tape.directionAt(i),
    primaryAmount: tape.primaryAt(i).toString(),
    dnaUnits: tape.dnaAt(i).toString(),
    solLamports: tape.solLamportsAt(i).toString(),
    decimals: launch.decimals,
    at: isoOf(tape.unixAt(i)),
  };
}

/** The tape indices of a page, newest first, strictly older than `before` when given, and the next page's cursor. */
export function tradePageIndices(
  launch: LaunchState,
  page: { limit: number; before?: { slot: bigint; seq: number } },
): { indices: number[]; nextCursor: string | null } {
  const tape = launch.tape;
  const end = page.before ? tape.lowerBound(page.before.slot, page.before.seq) : tape.length;
  const limit = Math.max(0, Math.floor(page.limit));
  const indices: number[] = [];
  for (let i = end - 1; i >= 0 && indices.length < limit; i--) indices.push(i);
  const last = indices[indices.length - 1];
  const nextCursor = indices.length === limit && last !== undefined ? tapeCursorAt(tape, last) : null;
  return { indices, nextCursor };
}

/** The `before` cursor naming trade `i` of a tape: `slot:seq`. */
export function tapeCursorAt(tape: TradeTape, i: number): string {
  return `${tape.slotAt(i)}:${tape.seqAt(i)}`;
}
