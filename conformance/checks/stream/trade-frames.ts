import type { ProbeFrame } from "../../engine/stream-probe.ts";

/** A `trade` frame of `launch` (the frame's `launch` field is the launch address). */
export const isTradeOf =
  (launch: string) =>
  (frame: ProbeFrame): boolean =>
    frame.kind === "trade" && (frame.json as { launch?: unknown }).launch === launch;

/** The signature a trade frame's `data` names, when it names one (the specification leaves `data` free-form). */
export function tradeSignature(frame: ProbeFrame): string | null {
  const signature = ((frame.json as { data?: { signature?: unknown } }).data ?? {}).signature;
  return typeof signature === "string" ? signature : null;
}
