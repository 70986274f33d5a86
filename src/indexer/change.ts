import type { LaunchStatus } from "../programs/index.ts";

/**
 * What an ingest or a price sample changed, for the stream to announce: a new launch, a
 * trade (with its tape position), a status change, a migration step, new sampled prices.
 */
export type Change =
  | { kind: "launch"; launch: string }
  | { kind: "trade"; launch: string; signature: string; slot: bigint; seq: number }
  | { kind: "status"; launch: string; status: LaunchStatus }
  | { kind: "migration"; launch: string }
  | { kind: "prices" };
