import type { Check } from "../../engine/check.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";

/** The specification's default per-address cap of anonymous connections. */
const PER_ADDRESS = 24;
const REFUSED = 1013;

/** The 25th concurrent connection from one address is closed with 1013 (and gets no hello); the first 24 are served. */
export const closeCapRefusal: Check = {
  id: "stream.close.capRefusal",
  phase: "stream",
  rule: {
    section: "Errors › WebSocket close codes; Limits",
    text: "24 anonymous connections per address by default; past the cap: 1013, try again later (refusal).",
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      // One at a time: each must be counted before the next arrives.
      for (let index = 1; index <= PER_ADDRESS; index++) {
        const probe = await session.open();
        const hello = await probe.nextKind("hello", ANSWER_MS);
        // A refusal with 1013 before the default is a deployment whose server-wide cap is lower
        // ("per-server connection cap value: not shown"): the refusal itself keeps the rule.
        if (!hello && probe.closeInfo?.code === REFUSED)
          return session.failDecision(
            `connection ${index} from one address was refused with ${REFUSED}, before the default cap of ${PER_ADDRESS}: this server's cap is lower`,
            { expected: `${PER_ADDRESS} connections served`, actual: `refused with ${REFUSED} at ${index}` },
          );
        if (!hello)
          session.fail(
            `connection ${index} of ${PER_ADDRESS} from one address got no hello${probe.closeInfo ? ` (closed ${probe.closeInfo.code})` : ""}`,
            {
              expected: `${PER_ADDRESS} connections served`,
              actual: `refused at ${index}`,
            },
          );
      }
      const extra = await session.open();
      const closed = await extra.closeWithin(ANSWER_MS);
      if (!closed)
        session.fail(`connection ${PER_ADDRESS + 1} from one address was not closed within ${ANSWER_MS} ms`, { expected: REFUSED });
      if (closed.code !== REFUSED)
        session.fail(`connection ${PER_ADDRESS + 1} was closed with ${closed.code}, not ${REFUSED}`, { expected: REFUSED, actual: closed });
      const hello = extra.received.find((frame) => frame.kind === "hello");
      if (hello) context.note("decision", `the refused connection got a hello before its ${REFUSED}`);
    }),
};
