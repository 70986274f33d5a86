import type { Change } from "../indexer/change.ts";
import type { Card } from "./frames/card-schema.ts";

/**
 * What the stream needs from the read model (docs/read-api-contract.md), as a structural
 * type: the indexer's `ReadModel` satisfies it, and the benchmark can hand in a stand-in
 * that measures the stream alone.
 */

/** One change of the read model's feed (the indexer's `Change`); the feed fires after the change was folded in. */
export type StreamChange = Change;

/**
 * The fields of a launch row a card is made of (a subset of LaunchRow): the card itself, so
 * the indexer's row satisfies it because its fields of the same names have the same types.
 */
export type CardSource = Readonly<Card>;

export interface StreamReadModel {
  onChange(listener: (changes: readonly StreamChange[]) => void): () => void;
  /** A launch by address or primary mint (the REST route's record), null when unknown. */
  getLaunch(id: string): CardSource | null;
}

/** The virtual clock (the Devnet satisfies it): `at` of hello and ping, and blockhash frames. */
export interface StreamClock {
  now(): { readonly slot: bigint; readonly unixMillis: bigint };
  latestBlockhash(): { readonly blockhash: string; readonly lastValidBlockHeight: bigint };
}
