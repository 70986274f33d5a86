import type { Check } from "../../engine/check.ts";
import { asyncApiFrameValidator } from "./asyncapi-frame-validator.ts";
import { recordedSession } from "./record-session.ts";

/**
 * Every frame received validates against its message in our AsyncAPI document. The
 * specification shows hello's fields and the envelope (`stream.frames.envelope`, and
 * `stream.hello.first` for `v: 1`); the rest of each shape is our document's.
 */
export const framesValidate: Check = {
  id: "stream.frames.validate",
  phase: "stream",
  rule: {
    section: "Events › Frames received; The cards frame",
    text: "Shapes the specification leaves not shown (data of each kind, the cards bundle, placement of full/seq/prev) as the AsyncAPI document publishes them.",
  },
  enforces: "decision",
  async run(context) {
    const validate = asyncApiFrameValidator(context.documents.asyncapi);
    const { frames, transcript } = await recordedSession(context);
    const unknown = new Set<string>();
    for (const frame of frames) {
      const { kind, known, error } = validate(frame.json);
      if (error) context.fail(`a ${kind} frame does not match the AsyncAPI document: ${error}`, { actual: frame.text, transcript });
      if (!known) unknown.add(kind ?? "(none)");
    }
    if (unknown.size > 0) context.note("decision", `frames of kinds the document does not define: ${[...unknown].join(", ")}`);
    context.note("info", `${frames.length} frames validated`);
  },
};
