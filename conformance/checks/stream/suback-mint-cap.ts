import type { Check } from "../../engine/check.ts";
import { type StreamSession, withSession } from "./stream-session.ts";
import { nextSuback } from "./suback-frame.ts";
import { patternOnlyAddresses, syntheticAddresses } from "./synthetic-addresses.ts";

const CAP = 100;
const SENT = CAP + 1;

/** A cards `sub` of 101 launches is trimmed to 100 and answered `{kind: "suback", accepted, rejected, cap: 100}`. */
export const subackMintCap: Check = {
  id: "stream.suback.mintCap",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client; Limits",
    text: 'Cards tier: at most 100 per socket. When a sub exceeds a cap, the surplus is trimmed and the server answers {kind: "suback", accepted, rejected, cap}.',
  },
  enforces: "specification",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      // Real launches first; well-formed addresses of nothing fill the rest (a server may hold ids not yet created).
      const real = [...new Set(context.samples.launches.map((launch) => launch.address))].slice(0, SENT);
      const mints = [...real, ...syntheticAddresses(context.seed, SENT - real.length)];
      if (real.length < SENT)
        context.note("info", `${SENT - real.length} of the ${SENT} mints name no launch (the server lists ${real.length})`);
      const probe = await session.ready();
      probe.send({ op: "sub", tier: "cards", mints });
      const { frame, suback } = await nextSuback(session, probe, `a cards sub of ${SENT} mints`);
      if (suback.cap !== CAP) session.fail(`the suback's cap is ${suback.cap}, not ${CAP}`, { expected: CAP, actual: frame.text });
      if (suback.rejected < 1 || suback.accepted > CAP)
        session.fail(
          `the suback says ${suback.accepted} accepted and ${suback.rejected} rejected of ${SENT}: the surplus was not trimmed`,
          {
            expected: { accepted: CAP, rejected: SENT - CAP },
            actual: frame.text,
          },
        );
      // The surplus is what was trimmed: rejected counts it, accepted the rest; every launch the
      // server lists is kept up to the cap (ids of nothing may count either way).
      if (suback.accepted + suback.rejected !== SENT)
        session.fail(`the suback's accepted + rejected is ${suback.accepted + suback.rejected}, not the ${SENT} well-formed mints sent`, {
          expected: { accepted: CAP, rejected: SENT - CAP },
          actual: frame.text,
        });
      if (suback.accepted < Math.min(CAP, real.length))
        session.fail(
          `the suback accepts ${suback.accepted} of ${SENT} mints, fewer than the ${Math.min(CAP, real.length)} launches it lists among them`,
          {
            expected: { accepted: CAP, rejected: SENT - CAP },
            actual: frame.text,
          },
        );
      await session.expectOpen(probe, "the suback");
    }),
};

/** Mints in each of the two subs of the per-socket check: neither alone passes the cap, together they do. */
const HALF = 60;

/**
 * Two cards subs of 60 launches each: the second takes the socket past 100 and is trimmed to
 * what is left (40 accepted, 20 rejected). Our reading: a socket's cards set grows with each
 * sub (`unsub` without mints "clears the set"), and the cap is the set's.
 */
export const subackMintCapPerSocket: Check = {
  id: "stream.suback.mintCapPerSocket",
  phase: "stream",
  rule: {
    section: "Events › Frames sent by the client; Limits",
    text: "Cards tier: at most 100 per socket, however many subs name them: a second sub taking the set past 100 is trimmed and answered with a suback (that a socket's cards subs add up, rather than replace each other, is our reading)",
  },
  enforces: "decision",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const mints = syntheticAddresses(context.seed + 1, 2 * HALF);
      const probe = await session.ready();
      // Back to back: the first, under the cap, is owed no suback; a suback it got anyway fails below (nothing rejected).
      probe.send({ op: "sub", tier: "cards", mints: mints.slice(0, HALF) });
      probe.send({ op: "sub", tier: "cards", mints: mints.slice(HALF) });
      const { frame, suback } = await nextSuback(session, probe, `a second cards sub of ${HALF} mints, taking the socket to ${2 * HALF}`);
      const expected = { accepted: CAP - HALF, rejected: 2 * HALF - CAP, cap: CAP };
      if (suback.accepted !== expected.accepted || suback.rejected !== expected.rejected || suback.cap !== CAP)
        session.fail(`the second sub's suback is not the socket's room (${CAP - HALF} of ${HALF})`, { expected, actual: frame.text });
      await session.expectOpen(probe, "the suback");
    }),
};

/**
 * A cards sub of 101 strings of the address pattern that decode to 33 bytes: addresses by the
 * Notation ("base58 strings matching" the pattern), so none is malformed, and the cap trims
 * them like any others (100 accepted, 1 rejected). Our reading: a server that checks an address
 * further (32 bytes once decoded) and drops these as malformed answers nothing.
 */
export const subackMintCapOfPattern: Check = {
  id: "stream.suback.mintCapOfPattern",
  phase: "stream",
  rule: {
    section: "Notation; Events › Frames sent by the client",
    text: "Addresses and mints are base58 strings matching ^[1-9A-HJ-NP-Za-km-z]{32,44}$; a malformed one is dropped, and a sub past the cap of 100 is trimmed and answered with a suback (that a string of the pattern is well formed whatever it decodes to is our reading)",
  },
  enforces: "decision",
  run: (context) =>
    withSession(context, async (session: StreamSession) => {
      const mints = patternOnlyAddresses(context.seed, SENT);
      const probe = await session.ready();
      probe.send({ op: "sub", tier: "cards", mints });
      const expected = { accepted: CAP, rejected: SENT - CAP, cap: CAP };
      const { frame, suback } = await nextSuback(
        session,
        probe,
        `a cards sub of ${SENT} strings of the address pattern (33 bytes each once decoded)`,
        expected,
      );
      if (suback.accepted !== CAP || suback.rejected !== SENT - CAP || suback.cap !== CAP)
        session.fail(`a cards sub of ${SENT} strings of the address pattern was not trimmed to ${CAP} of them`, {
          expected,
          actual: frame.text,
        });
      await session.expectOpen(probe, "the suback");
    }),
};
