import type { CheckContext } from "../../engine/check.ts";
import type { ProbeFrame } from "../../engine/stream-probe.ts";
import { stirLaunch } from "./activity.ts";
import { cardsSub, pickLaunches } from "./launch-picks.ts";
import { ANSWER_MS, type StreamSession, withSession } from "./stream-session.ts";
import { syntheticAddresses } from "./synthetic-addresses.ts";

/**
 * A session that makes the server send every kind of frame it can: hello; cards (snapshot
 * and deltas), live and topic subs; a suback (101 mints); activity (trades, 10 s of time); a forced
 * resync where faults exist. Returns every frame received.
 */
export async function recordSession(context: CheckContext, session: StreamSession): Promise<readonly ProbeFrame[]> {
  const launches = pickLaunches(context, 2);
  const probe = await session.ready();
  probe.send(cardsSub(...launches));
  probe.send({ op: "sub", tier: "live", mint: launches[0]!.primaryMint });
  probe.send({ op: "sub", topic: "launches" });
  probe.send({ op: "sub", topic: "trades" });
  await probe.nextKind("cards", ANSWER_MS);
  const real = context.samples.launches.map((launch) => launch.address);
  const many = [...new Set(real)].slice(0, 101);
  probe.send({ op: "sub", tier: "cards", mints: [...many, ...syntheticAddresses(context.seed, 101 - many.length)] });
  await probe.nextKind("suback", ANSWER_MS);
  await stirLaunch(context, launches[0]!.address);
  // Ten seconds of virtual time: blockhash frames, and a price sample on a server that samples every 10 s.
  if (context.capabilities.has("clock") && context.capabilities.has("control")) await context.advance({ seconds: 10 });
  if (context.capabilities.has("faults")) {
    await context.exchange({ method: "POST", path: "/devnet/faults/stream", json: { kind: "resync" } });
    await probe.nextKind("resync", ANSWER_MS);
  }
  await session.settle(probe);
  return probe.received;
}

/** A recorded session's frames and its transcript (what a failure judging them shows). */
export interface RecordedSession {
  readonly frames: readonly ProbeFrame[];
  readonly transcript: readonly string[];
}

/**
 * The session of `recordSession`, recorded once per run: the checks that judge every frame
 * (envelope, shapes) judge the same frames, so one session (one trade, one clock move)
 * serves them all, and each failure still carries its transcript.
 */
export function recordedSession(context: CheckContext): Promise<RecordedSession> {
  return context.shared("stream.recordedSession", (own) =>
    withSession(own, async (session) => ({ frames: await recordSession(own, session), transcript: session.transcript.lines })),
  );
}
