import {
  type Codec,
  type Decoder,
  type Encoder,
  combineCodec,
  getConstantDecoder,
  getConstantEncoder,
  getHiddenPrefixDecoder,
  getHiddenPrefixEncoder,
  transformDecoder,
} from "@solana/kit";

/** The first byte of every sol_log_data payload, per event (layout.h `enum EventTag`). */
export const PROGRAM_EVENT_TAG = {
  launchCreated: 1,
  trade: 2,
  statusChanged: 3,
  poolCreated: 4,
  liquidityAdded: 5,
  swap: 6,
  migrationStep: 7,
  collectibleListed: 8,
  collectibleStage: 9,
  cardReleased: 10,
} as const;

/** The `kind` of a decoded program event. */
export type ProgramEventKind = keyof typeof PROGRAM_EVENT_TAG;

/** Writes the tag byte of `kind`, then the body; `kind` itself is not a field on the wire. */
export function addEventTagEncoder<TKind extends ProgramEventKind, TBody extends object>(
  kind: TKind,
  body: Encoder<TBody>,
): Encoder<TBody & { kind: TKind }> {
  return getHiddenPrefixEncoder(body, [getConstantEncoder(Uint8Array.of(PROGRAM_EVENT_TAG[kind]))]);
}

/** Checks the tag byte of `kind` (throwing on another), decodes the body and adds `kind`. */
export function addEventTagDecoder<TKind extends ProgramEventKind, TBody extends object>(
  kind: TKind,
  body: Decoder<TBody>,
): Decoder<{ kind: TKind } & TBody> {
  const tagged = getHiddenPrefixDecoder(body, [getConstantDecoder(Uint8Array.of(PROGRAM_EVENT_TAG[kind]))]);
  return transformDecoder(tagged, (fields) => ({ kind, ...fields }));
}

/**
 * The kit-style getters of an event's codecs — encoder, decoder, both — from its kind and
 * a factory of its body's codec (fields in the order the C writes them).
 */
export function eventCodecs<TEvent extends { kind: ProgramEventKind }>(
  kind: TEvent["kind"],
  body: () => Codec<Omit<TEvent, "kind">>,
): { encoder: () => Encoder<TEvent>; decoder: () => Decoder<TEvent>; codec: () => Codec<TEvent> } {
  const encoder = () => addEventTagEncoder(kind, body()) as unknown as Encoder<TEvent>;
  const decoder = () => addEventTagDecoder(kind, body()) as unknown as Decoder<TEvent>;
  return { encoder, decoder, codec: () => combineCodec(encoder(), decoder()) };
}
