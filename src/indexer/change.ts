import type { CollectibleStage, LaunchStatus } from "../programs/index.ts";

/**
 * What an ingest or a price sample changed, for the stream to announce: a new launch, a
 * trade (with its tape position), a status change, a migration step, new sampled prices, a
 * collectible's move (its card listed, a stage reached, its card released from custody).
 */
export type Change =
  | { kind: "launch"; launch: string }
  | { kind: "trade"; launch: string; signature: string; slot: bigint; seq: number }
  | { kind: "status"; launch: string; status: LaunchStatus }
  | { kind: "migration"; launch: string }
  | { kind: "collectible"; launch: string; stage: CollectibleStage; event: CollectibleChangeEvent }
  | { kind: "prices" };

/** What moved a collectible: its card was listed (it appears), it reached a stage, or its card left custody. */
export type CollectibleChangeEvent = "listed" | "stage" | "cardReleased";
