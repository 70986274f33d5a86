import type { Check } from "../../engine/check.ts";
import { recordSession } from "./record-session.ts";
import { type StreamSession, withSession } from "./stream-session.ts";

/** Every frame received is a JSON object with a string `kind`, an optional string `launch` and an optional `data`. */
export const framesEnvelope: Check = {
  id: "stream.frames.envelope",
  phase: "stream",
  rule: {
    section: "Events › Frames received",
    text: "Every frame is a JSON object with kind, an optional launch and an optional data.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const frames = await recordSession(context, session);
      for (const frame of frames) {
        const json = frame.json;
        if (typeof json !== "object" || json === null || Array.isArray(json))
          session.fail("a frame is not a JSON object", { actual: frame.text });
        if (frame.kind === undefined) session.fail("a frame has no string kind", { actual: frame.text });
        const launch = (json as { launch?: unknown }).launch;
        if (launch !== undefined && typeof launch !== "string") session.fail("a frame's launch is not a string", { actual: frame.text });
      }
      context.note("info", `${frames.length} frames of kinds ${[...new Set(frames.map((frame) => frame.kind))].join(", ")}`);
    }),
};
