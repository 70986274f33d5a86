import type { Check } from "../../engine/check.ts";
import type { ProbeFrame } from "../../engine/stream-probe.ts";
import { stirLaunch } from "./activity.ts";
import { pickLaunches } from "./launch-picks.ts";
import { type StreamSession, withSession } from "./stream-session.ts";
import { tradeSignature } from "./trade-frames.ts";

/** Re-reads of the tape, this far apart, before a trade announced but not shown is a failure. */
const REREADS = 4;
const REREAD_MS = 500;

/** Trades of the tape read per frame: a frame's trade is among the newest. */
const TAPE_LIMIT = 200;

/**
 * When a `trade` frame arrives, the trades route of its launch already shows that trade
 * (the same signature): a client that re-reads on the frame never misses it.
 */
export const tradeRestConsistency: Check = {
  id: "stream.trade.restConsistency",
  phase: "stream",
  rule: {
    section: "Events",
    text: "A frame announces that something changed; the client re-reads the REST route it trusts. trade: a trade landed on a launch — re-read the trades route.",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const [launch] = pickLaunches(context, 1);
      const probe = await session.ready();
      probe.send({ op: "sub", topic: "trades" });
      // Each frame is judged the moment it arrives, before anything else happens.
      const judged: Promise<void>[] = [];
      const failures: { message: string; frame: ProbeFrame }[] = [];
      let unsigned = 0;
      probe.socket.on("message", () => {
        const frame = probe.received.at(-1)!;
        if (frame.kind !== "trade") return;
        const signature = tradeSignature(frame);
        const on = (frame.json as { launch?: unknown }).launch;
        if (signature === null || typeof on !== "string") {
          unsigned += 1;
          return;
        }
        judged.push(
          (async () => {
            // Read when the frame arrives; a server whose reads trail its frames a moment is given a short grace, and noted.
            for (let read = 0; read <= REREADS; read++) {
              if (read > 0) await new Promise((resolve) => setTimeout(resolve, REREAD_MS));
              const tape = await context.exchange({ method: "GET", path: `/v1/launches/${on}/trades`, query: { limit: TAPE_LIMIT } });
              const trades = (tape.body as { trades?: { signature?: unknown }[] })?.trades;
              if (tape.status !== 200 || !Array.isArray(trades)) {
                failures.push({ message: `GET /v1/launches/${on}/trades answered ${tape.status}`, frame });
                return;
              }
              if (trades.some((trade) => trade.signature === signature)) {
                if (read > 0) context.note("info", `trade ${signature} reached the trades route ${read * REREAD_MS} ms after its frame`);
                return;
              }
            }
            failures.push({
              message: `the trades route of ${on} does not show trade ${signature} within ${REREADS * REREAD_MS} ms of its frame`,
              frame,
            });
          })(),
        );
      });
      const done = [await stirLaunch(context, launch!.address)];
      // A second stir only where the first did something (a wait would just double the wait).
      if (done[0]!.how !== "watch") done.push(await stirLaunch(context, launch!.address));
      await session.settle(probe);
      await Promise.all(judged);
      if (failures.length > 0)
        session.fail(failures[0]!.message, { actual: failures[0]!.frame.text, expected: `${failures.length} frame(s) not on the tape` });
      if (judged.length === 0)
        return context.skip(
          `no trade frame naming a signature arrived (${done.map((stirred) => stirred.text).join(", ")}${unsigned ? `; ${unsigned} trade frames named none` : ""})`,
        );
      context.note("info", `${judged.length} trade frames, each on its launch's tape when it arrived`);
    }),
};
