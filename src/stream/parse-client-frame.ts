import { WIRE_RULES } from "../wire/wire-fields.ts";
import { TOPIC_PATTERN } from "./frames/client-frames.ts";

const TOPIC = new RegExp(TOPIC_PATTERN);

export type SubscriptionOp = "sub" | "unsub";

/** A client frame the server acts on, with malformed addresses already dropped. */
export type ClientFrame =
  /** `mints` null: an `unsub` without mints, which clears the set. */
  | { readonly op: SubscriptionOp; readonly tier: "cards"; readonly mints: readonly string[] | null }
  /** `mint` null: absent on an `unsub` (leave the live tier), or dropped as malformed. */
  | { readonly op: SubscriptionOp; readonly tier: "live"; readonly mint: string | null }
  | { readonly op: SubscriptionOp; readonly topic: string };

/** Why a frame was ignored; the socket stays open in every case. */
export type IgnoredFrame = "tooLarge" | "notJson" | "notObject" | "version" | "unknownOp" | "unknownForm";

export type ParsedClientFrame =
  | { readonly ok: true; readonly frame: ClientFrame; /** malformed addresses removed from the frame */ readonly dropped: number }
  | { readonly ok: false; readonly ignored: IgnoredFrame };

const ignore = (ignored: IgnoredFrame): ParsedClientFrame => ({ ok: false, ignored });

/**
 * The specification's address: "base58 strings matching" its pattern (the `addressText` wire
 * rule). Only the pattern: a string of it that decodes to other than 32 bytes is still well
 * formed by that definition, and a subscription to it is held like one to an address no
 * launch has (see client-frames.ts).
 */
export function isAddress(value: unknown): value is string {
  return typeof value === "string" && WIRE_RULES.addressText.check(value);
}

/**
 * Reads one client frame. Nothing here throws or closes: a frame over `maxBytes`, non-JSON,
 * a `v` other than 1, an unknown `op`, tier or shape is ignored (the spec: clients and
 * servers ignore what they do not know). Addresses that fail the specification's pattern
 * are dropped from `mints`/`mint`, and the rest of the frame is used.
 */
export function parseClientFrame(data: Buffer | string, maxBytes: number): ParsedClientFrame {
  const bytes = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
  if (bytes > maxBytes) return ignore("tooLarge");
  let value: unknown;
  try {
    value = JSON.parse(typeof data === "string" ? data : data.toString("utf8"));
  } catch {
    return ignore("notJson");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return ignore("notObject");
  const frame = value as Record<string, unknown>;
  if ("v" in frame && frame.v !== 1) return ignore("version");
  const op = frame.op;
  if (op !== "sub" && op !== "unsub") return ignore("unknownOp");

  if (frame.tier === "cards") {
    if (frame.mints === undefined && op === "unsub") return { ok: true, frame: { op, tier: "cards", mints: null }, dropped: 0 };
    if (!Array.isArray(frame.mints)) return ignore("unknownForm");
    const mints = [...new Set(frame.mints.filter(isAddress))];
    const dropped = frame.mints.filter((mint) => !isAddress(mint)).length;
    return { ok: true, frame: { op, tier: "cards", mints }, dropped };
  }
  if (frame.tier === "live") {
    if (frame.mint === undefined)
      return op === "unsub" ? { ok: true, frame: { op, tier: "live", mint: null }, dropped: 0 } : ignore("unknownForm");
    const mint = isAddress(frame.mint) ? frame.mint : null;
    return { ok: true, frame: { op, tier: "live", mint }, dropped: mint === null ? 1 : 0 };
  }
  if (frame.tier !== undefined) return ignore("unknownForm");
  if (typeof frame.topic === "string" && TOPIC.test(frame.topic)) return { ok: true, frame: { op, topic: frame.topic }, dropped: 0 };
  return ignore("unknownForm");
}
