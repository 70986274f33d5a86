import type { Change } from "../indexer/change.ts";

/**
 * What the stream needs from the read model (docs/read-api-contract.md), as a structural
 * type: the indexer's `ReadModel` satisfies it, and the benchmark can hand in a stand-in
 * that measures the stream alone.
 */

/** One change of the read model's feed (the indexer's `Change`); the feed fires after the change was folded in. */
export type StreamChange = Change;

/** The fields of a launch row a card is made of (a subset of LaunchRow). */
export interface CardSource {
  readonly address: string;
  readonly primaryMint: string;
  readonly symbol: string;
  readonly name: string;
  readonly imageUri: string;
  readonly kind: string;
  readonly status: string;
  readonly progressBps: number;
  readonly priceE12: string;
  readonly priceUsd: number;
  readonly marketCap: number;
  readonly change24Bps: number;
  readonly volume24hUsd: number;
  readonly holders: number;
  readonly trades24: number;
  readonly lastTradeAt: number;
}

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
