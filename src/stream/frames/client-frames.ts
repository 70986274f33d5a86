import { Type } from "@sinclair/typebox";
import { AddressText } from "../../wire/wire-fields.ts";

/**
 * The frames a client sends, as documentation: the server reads them leniently (a
 * malformed address is dropped, not refused), so these schemas describe a correct frame
 * rather than gate one; an address is dropped by the pattern its schema shows. See `parseClientFrame` for what the server does with each part.
 */

/** Topic names: `launches` and `trades` carry frames; other well-formed names are held and count toward the cap. */
export const TOPIC_PATTERN = "^[A-Za-z0-9][A-Za-z0-9:._-]{0,63}$";

const Op = Type.Union([Type.Literal("sub"), Type.Literal("unsub")]);
const V = Type.Optional(Type.Literal(1, { description: "protocol version; a frame with any other value is ignored" }));
/**
 * The specification's address: a string of its pattern. A subscription holds any such string,
 * as it holds an id no launch has yet (one that is no 32-byte key never hears anything): a
 * stricter reading would drop what the specification calls well formed, and trim a cap's count.
 */
const LaunchOrMint = AddressText(
  "launch address or primary mint (base58, 32 to 44 characters); one that does not match is dropped from the frame",
);

export const CardsSubscriptionSchema = Type.Object(
  {
    op: Op,
    tier: Type.Literal("cards"),
    mints: Type.Optional(Type.Array(LaunchOrMint, { description: "required on sub; on unsub, absent clears the set" })),
    v: V,
  },
  { $id: "CardsSubscription", description: "Cards tier: at most 100 launches per socket. Every sub answers with a snapshot." },
);

export const LiveSubscriptionSchema = Type.Object(
  { op: Op, tier: Type.Literal("live"), mint: Type.Optional(LaunchOrMint), v: V },
  {
    $id: "LiveSubscription",
    description:
      "Live tier: every trade, status and migration of one launch; a second sub replaces the first. Unsub without mint leaves it.",
  },
);

export const TopicSubscriptionSchema = Type.Object(
  {
    op: Op,
    topic: Type.String({ pattern: TOPIC_PATTERN, description: "`launches` or `trades`; at most 8 topics per socket" }),
    v: V,
  },
  { $id: "TopicSubscription" },
);

export const CLIENT_FRAME_SCHEMAS = {
  cardsSubscription: CardsSubscriptionSchema,
  liveSubscription: LiveSubscriptionSchema,
  topicSubscription: TopicSubscriptionSchema,
} as const;
