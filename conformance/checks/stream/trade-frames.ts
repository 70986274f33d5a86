import type { ProbeFrame } from "../../engine/stream-probe.ts";

/**
 * A `trade` frame of the launch named by `ids` (its address and its mint), or of the trade
 * whose signature is `signature`: by the frame's `launch` field, which the specification's
 * envelope makes optional, or, without one, by the launch or the signature named anywhere
 * in the frame. A frame whose `data` names a signature is that trade's only: another
 * trader's on the same launch does not stand in for it.
 */
export const isTradeOf =
  (ids: readonly string[], signature: string | null = null) =>
  (frame: ProbeFrame): boolean => {
    if (frame.kind !== "trade") return false;
    const named = tradeSignature(frame);
    if (signature !== null && named !== null && named !== signature) return false;
    const launch = (frame.json as { launch?: unknown }).launch;
    if (launch !== undefined) return ids.includes(String(launch));
    return [...ids, ...(signature === null ? [] : [signature])].some((id) => frame.text.includes(`"${id}"`));
  };

/** The signature a trade frame's `data` names, when it names one (the specification leaves `data` free-form). */
export function tradeSignature(frame: ProbeFrame): string | null {
  const signature = ((frame.json as { data?: { signature?: unknown } }).data ?? {}).signature;
  return typeof signature === "string" ? signature : null;
}
