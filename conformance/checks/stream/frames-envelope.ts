import type { Check } from "../../engine/check.ts";
import { recordedSession } from "./record-session.ts";

/** Every frame received is a JSON object with a string `kind`, an optional string `launch` and an optional `data`. */
export const framesEnvelope: Check = {
  id: "stream.frames.envelope",
  phase: "stream",
  rule: {
    section: "Events › Frames received",
    text: "Every frame is a JSON object with kind, an optional launch and an optional data.",
  },
  enforces: "specification",
  async run(context) {
    const { frames, transcript } = await recordedSession(context);
    const fail = (message: string, actual: string) => context.fail(message, { actual, transcript });
    for (const frame of frames) {
      const json = frame.json;
      if (typeof json !== "object" || json === null || Array.isArray(json)) fail("a frame is not a JSON object", frame.text);
      if (frame.kind === undefined) fail("a frame has no string kind", frame.text);
      const launch = (json as { launch?: unknown }).launch;
      if (launch !== undefined && typeof launch !== "string") fail("a frame's launch is not a string", frame.text);
    }
    context.note("info", `${frames.length} frames of kinds ${[...new Set(frames.map((frame) => frame.kind))].join(", ")}`);
  },
};
