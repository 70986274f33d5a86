import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { COLLECTIBLE_STAGES } from "../../programs/collectible-stage.ts";
import { LaunchStatusField } from "../../indexer/records/record-fields.ts";
import { Address, Signature } from "../../wire/wire-fields.ts";
import type { Card } from "./card-schema.ts";

/**
 * Every frame the server sends, one schema per `kind`. The specification fixes `kind`, an
 * optional `launch` and an optional free-form `data`; the rest (the cards bundle's shape,
 * where `full`/`seq`/`prev` sit, what `data` holds) is this server's choice, written here
 * and published in openapi/asyncapi.yaml. Schemas are closed (no extra properties) so the
 * tests catch a stray field; a client still ignores what it does not know.
 */

const CardRef = Type.Unsafe<Card>(Type.Ref("Card"));
const Launch = Address("launch address");
const UnixMillis = Type.Integer({ minimum: 0, description: "unix milliseconds of the simulator's virtual clock" });
const frame = <K extends string, P extends Record<string, TSchema>>(kind: K, properties: P, description: string) =>
  Type.Object(
    { kind: Type.Literal(kind), ...properties },
    { $id: `${kind[0]!.toUpperCase()}${kind.slice(1)}Frame`, additionalProperties: false, description },
  );

export const HelloFrameSchema = frame("hello", { at: UnixMillis, v: Type.Literal(1) }, "Sent once, on connect.");

// The time rides in `data`: the specification's envelope is `kind`, `launch` and `data`, and
// names top-level fields for hello (and suback) only.
export const PingFrameSchema = frame(
  "ping",
  { data: Type.Object({ at: UnixMillis }, { additionalProperties: false }) },
  "Heartbeat, every 25 s of wall time by default. No action.",
);

export const CardsFrameSchema = frame(
  "cards",
  {
    full: Type.Boolean({ description: "true: a snapshot that replaces every card the client holds; false: a delta" }),
    seq: Type.Integer({ minimum: 1, description: "this frame's number on this socket; +1 per cards frame" }),
    prev: Type.Integer({
      minimum: 0,
      description:
        "the seq this frame continues from (0 before the first). A delta whose prev differs from the seq the client holds means a frame was missed: send the cards `sub` again for a snapshot",
    }),
    data: Type.Object(
      {
        cards: Type.Array(CardRef, { description: "snapshot: every subscribed launch; delta: only the launches whose card changed" }),
        removed: Type.Array(Address("launch address"), {
          description: "delta: launch addresses that left the set (an `unsub`); always empty in a snapshot",
        }),
      },
      { additionalProperties: false },
    ),
  },
  "The home-grid bundle of a cards subscription: a snapshot on every cards `sub` (and after a resync), then deltas.",
);

export const TradeFrameSchema = frame(
  "trade",
  {
    launch: Launch,
    data: Type.Object(
      {
        signature: Signature("transaction signature"),
        slot: Type.Integer({ minimum: 0 }),
        seq: Type.Integer({ minimum: 0, description: "position in the slot; with slot, the trade's `before` cursor" }),
      },
      { additionalProperties: false },
    ),
  },
  "A trade landed on a launch (topic `trades`, or the live tier of that launch). The trades route already shows it.",
);

export const StatusFrameSchema = frame(
  "status",
  {
    launch: Launch,
    data: Type.Object({ status: LaunchStatusField("the launch's new status") }, { additionalProperties: false }),
  },
  "A launch changed status (cards and live tiers of that launch). Re-read GET /v1/launches/{id}.",
);

export const MigrationFrameSchema = frame(
  "migration",
  { launch: Launch },
  "A migration step ran on a launch (cards and live tiers of that launch). Re-read GET /v1/launches/{id}.",
);

export const LaunchFrameSchema = frame(
  "launch",
  { launch: Launch, data: CardRef },
  "A new launch (topic `launches`); `data` is its first card.",
);

export const PricesFrameSchema = frame("prices", {}, "Component prices were sampled (global). Re-read GET /v1/assets.");

export const BlockhashFrameSchema = frame(
  "blockhash",
  {
    data: Type.Object(
      {
        blockhash: Address("the latest blockhash (32 bytes, base58)"),
        lastValidBlockHeight: Type.Integer({ minimum: 0 }),
        slot: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
  },
  "The latest blockhash (global), about once a second of virtual time.",
);

export const CollectibleFrameSchema = frame(
  "collectible",
  {
    launch: Launch,
    data: Type.Object(
      {
        stage: Type.Union(
          COLLECTIBLE_STAGES.map((stage) => Type.Literal(stage)),
          { description: "the collectible's stage now (raising → funding → swapping → acquiring → pooling → tradable)" },
        ),
        event: Type.Union([Type.Literal("listed"), Type.Literal("stage"), Type.Literal("cardReleased")], {
          description:
            "what moved: `listed` (its card was listed: the collectible appears, at `raising`), `stage` (it reached `stage`), `cardReleased` (the custodian released its card: the vault shows it `stillHeld: false`)",
        }),
      },
      { additionalProperties: false },
    ),
  },
  "A collectible moved: listed, a new stage, or its card released from custody (cards and live tiers of that launch, and topic `launches`). Sent after GET /v1/collectibles/{id} already shows the move: re-read it.",
);

export const ResyncFrameSchema = frame(
  "resync",
  { reason: Type.Literal("bus") },
  "The server missed changes from its feed (or the control API asked). The socket stays open; cards subscribers get a fresh snapshot next. Re-read the REST routes in use.",
);

export const SubackFrameSchema = frame(
  "suback",
  {
    accepted: Type.Integer({ minimum: 0, description: "entries of the `sub` now held" }),
    rejected: Type.Integer({ minimum: 1, description: "entries trimmed by the cap" }),
    cap: Type.Integer({ minimum: 1, description: "the cap that trimmed them (100 mints, or 8 topics)" }),
  },
  "A `sub` exceeded a cap and its surplus was trimmed.",
);

/** Every server frame schema by kind: the AsyncAPI document and the tests read this list. */
export const SERVER_FRAME_SCHEMAS = {
  hello: HelloFrameSchema,
  ping: PingFrameSchema,
  cards: CardsFrameSchema,
  trade: TradeFrameSchema,
  status: StatusFrameSchema,
  migration: MigrationFrameSchema,
  launch: LaunchFrameSchema,
  prices: PricesFrameSchema,
  blockhash: BlockhashFrameSchema,
  collectible: CollectibleFrameSchema,
  resync: ResyncFrameSchema,
  suback: SubackFrameSchema,
} as const;

export type ServerFrameKind = keyof typeof SERVER_FRAME_SCHEMAS;
/** Every kind of frame the server sends. */
export const SERVER_FRAME_KINDS = Object.keys(SERVER_FRAME_SCHEMAS) as readonly ServerFrameKind[];
export type ServerFrame = { [K in ServerFrameKind]: Static<(typeof SERVER_FRAME_SCHEMAS)[K]> }[ServerFrameKind];
