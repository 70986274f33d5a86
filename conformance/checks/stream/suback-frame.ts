import type { ProbeFrame, StreamProbe } from "../../engine/stream-probe.ts";
import { ANSWER_MS, type StreamSession } from "./stream-session.ts";

export interface Suback {
  readonly accepted: number;
  readonly rejected: number;
  readonly cap: number;
}

/** The frame's suback fields when it is a well-formed `{kind: "suback", accepted, rejected, cap}`, else null. */
export function subackOf(frame: ProbeFrame): Suback | null {
  if (frame.kind !== "suback") return null;
  const { accepted, rejected, cap } = frame.json as Record<string, unknown>;
  return [accepted, rejected, cap].every((value) => Number.isInteger(value))
    ? { accepted: accepted as number, rejected: rejected as number, cap: cap as number }
    : null;
}

export const isSuback = (frame: ProbeFrame): boolean => frame.kind === "suback";

/**
 * The next suback on `probe` with its fields, the check failing when none comes within
 * ANSWER_MS of `after` (what the check just sent; `expected` goes with that failure) or when
 * it lacks integer counts.
 */
export async function nextSuback(
  session: StreamSession,
  probe: StreamProbe,
  after: string,
  expected?: unknown,
): Promise<{ frame: ProbeFrame; suback: Suback }> {
  const frame = await probe.next(isSuback, ANSWER_MS);
  if (!frame) session.fail(`no suback within ${ANSWER_MS} ms of ${after}`, expected === undefined ? {} : { expected });
  const suback = subackOf(frame);
  if (!suback) session.fail("the suback lacks integer accepted, rejected and cap", { actual: frame.text });
  return { frame, suback };
}
