import {
  type Decoder,
  type Encoder,
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
