import type { Check } from "../../engine/check.ts";
import { ANSWER_MS, type StreamSession, mentions, withSession } from "./stream-session.ts";
import { driveCreation } from "./trade-driver.ts";

/** The launches topic announces a launch created while the socket listens, its first card data in `data`. */
export const launchesTopic: Check = {
  id: "stream.launches.topic",
  phase: "stream",
  rule: {
    section: "Events › Frames received",
    text: '`{op: "sub", topic: "launches"}` announces new launches with first card data inline: a `launch` frame whose `data` holds the first card data',
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const probe = await session.ready();
      probe.send({ op: "sub", topic: "launches" });
      await session.expectOpen(probe, "a sub to the launches topic");
      const created = await driveCreation(context);
      if (!created.ok) return context.skip(`a launch must be created to judge the launches topic: ${created.reason}`);
      const { address, primaryMint } = created;
      const announced = await probe.next((frame) => frame.kind === "launch" && mentions(frame, address, primaryMint), ANSWER_MS);
      if (!announced)
        session.fail(
          `subscribed to the launches topic, no launch frame named ${created.symbol} (${address}) within ${ANSWER_MS} ms of its creation`,
        );
      const data = (announced.json as { data?: unknown }).data;
      if (typeof data !== "object" || data === null || Array.isArray(data))
        session.fail(`the launch frame of ${created.symbol} carries no first card data in data`, { actual: announced.json });
    }),
};
