import type { ProbeFrame } from "../../engine/stream-probe.ts";

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
