import type { CheckContext, FailureDetails, SampleLaunch } from "../../engine/check.ts";
import { type ProbeClose, type ProbeFrame, type ProbeOptions, StreamProbe, Transcript } from "../../engine/stream-probe.ts";
import { cardsSub } from "./launch-picks.ts";

/** How long a check waits for an answer the server owes (a hello, a snapshot, a close). */
export const ANSWER_MS = 5_000;
/** How long a check watches for a frame that must not come. */
export const QUIET_MS = 700;
/** The close code of a connection refused at a cap: "try again later", after a wait. */
const TRY_AGAIN_LATER = 1013;
/** The waits before each new attempt after a 1013, growing as the specification's client rules have it. */
const BACK_OFF_MS = [250, 500, 1_000, 2_000];

/**
 * One check's sockets and their shared transcript: every failure raised through it carries
 * the frames, and every socket it opened is closed when the check ends (a leaked socket
 * would count toward the next check's per-address cap).
 */
export class StreamSession {
  readonly transcript = new Transcript();
  readonly #probes: StreamProbe[] = [];

  constructor(readonly context: CheckContext) {}

  /** Opens a socket (not waiting for hello). */
  async open(options: ProbeOptions = {}): Promise<StreamProbe> {
    const probe = await StreamProbe.open(this.context.streamUrl, this.transcript, options);
    this.#probes.push(probe);
    return probe;
  }

  /**
   * Opens a socket and waits for its hello; fails the check when none comes. A refusal with
   * 1013 is retried after a growing wait, as the specification tells a client to back off:
   * the sockets earlier checks closed may still count toward the per-address cap on a server
   * that learns of their close late.
   */
  async ready(options: ProbeOptions = {}): Promise<StreamProbe> {
    for (let attempt = 0; ; attempt++) {
      const probe = await this.open(options);
      const hello = await probe.nextKind("hello", ANSWER_MS);
      if (hello) return probe;
      const refused = probe.closeInfo?.code === TRY_AGAIN_LATER;
      if (!refused || attempt >= BACK_OFF_MS.length)
        this.fail(
          `no hello within ${ANSWER_MS} ms of connecting${probe.closeInfo ? ` (closed ${probe.closeInfo.code})` : ""}${refused ? `, after backing off ${BACK_OFF_MS.length} times` : ""}`,
        );
      this.transcript.add(`refused with ${TRY_AGAIN_LATER}: connecting again in ${BACK_OFF_MS[attempt]} ms`);
      await new Promise((resolve) => setTimeout(resolve, BACK_OFF_MS[attempt]));
    }
  }

  /**
   * Sends a cards sub of `launches` on `probe` and returns the first cards frame that is
   * `wanted` (any cards frame by default); fails with `failure` when none comes within ANSWER_MS.
   */
  async subscribeCards(
    probe: StreamProbe,
    launches: readonly SampleLaunch[],
    failure: string,
    wanted: (frame: ProbeFrame) => boolean = isCards,
  ): Promise<ProbeFrame> {
    probe.send(cardsSub(...launches));
    return (await probe.next(wanted, ANSWER_MS)) ?? this.fail(failure);
  }

  /** Ends the check as failed with this session's transcript. */
  fail(message: string, details: Omit<FailureDetails, "transcript"> = {}): never {
    return this.context.fail(message, { ...details, transcript: this.transcript.lines });
  }

  /** Ends the check with a difference from our decision (a note; a failure under --strict), with this session's transcript. */
  failDecision(message: string, details: Omit<FailureDetails, "transcript"> = {}): never {
    return this.context.failDecision(message, { ...details, transcript: this.transcript.lines });
  }

  /**
   * Fails unless the probe is still open once a close in flight would have arrived: after a
   * round trip (a ping's pong comes after whatever the server sent for the frames before
   * it), or after `QUIET_MS` for a server that answers no ping. `roundTrip: false` waits the
   * quiet time without a ping, where one more frame from the client would change what is
   * judged (a frame budget filled to its edge).
   */
  async expectOpen(probe: StreamProbe, after: string, options: { readonly roundTrip?: boolean } = {}): Promise<void> {
    const closed = options.roundTrip === false ? await probe.closeWithin(QUIET_MS) : await this.#afterRoundTrip(probe);
    if (closed) this.fail(`the server closed the socket (${closed.code} ${JSON.stringify(closed.reason)}) after ${after}`);
  }

  /**
   * Waits until the server has answered everything sent so far (a ping's pong) and
   * returns the frames received meanwhile; `QUIET_MS` at most. Where a check watches for a
   * frame that must not come, it comes before the pong on a server that sends in order.
   */
  async settle(probe: StreamProbe): Promise<readonly ProbeFrame[]> {
    const from = probe.received.length;
    await probe.roundTrip(QUIET_MS);
    probe.skipReceived();
    return probe.received.slice(from);
  }

  async #afterRoundTrip(probe: StreamProbe): Promise<ProbeClose | null> {
    await probe.roundTrip(QUIET_MS);
    return probe.closeInfo;
  }

  /** Closes every socket the session opened. */
  async end(): Promise<void> {
    await Promise.all(this.#probes.map((probe) => probe.close()));
  }
}

/** Runs `body` with a session whose sockets are all closed afterwards, pass or fail. */
export async function withSession<T>(context: CheckContext, body: (session: StreamSession) => Promise<T>): Promise<T> {
  const session = new StreamSession(context);
  try {
    return await body(session);
  } finally {
    await session.end();
  }
}

/** True when the frame's text names any of the ids (an address or a mint): shape-free evidence. */
export function mentions(frame: ProbeFrame, ...ids: readonly string[]): boolean {
  return ids.some((id) => frame.text.includes(`"${id}"`));
}

/**
 * A cards frame's `full`, `seq` or `prev`: the specification leaves their placement open,
 * so both the frame's top level and its `data` are read (this server puts them at the top).
 */
export function cardsField(frame: ProbeFrame, field: "full" | "seq" | "prev"): unknown {
  const json = frame.json as Record<string, unknown> | undefined;
  if (json && field in json) return json[field];
  const data = json?.data as Record<string, unknown> | undefined;
  return data && typeof data === "object" ? data[field] : undefined;
}

export const isCards = (frame: ProbeFrame): boolean => frame.kind === "cards";

/** A cards snapshot: a cards frame with `full: true`. */
export const isCardsSnapshot = (frame: ProbeFrame): boolean => isCards(frame) && cardsField(frame, "full") === true;

/** The cards frame's first rule, judged by the snapshot's check and the deltas' check alike. */
export const CARDS_SNAPSHOT_THEN_DELTAS = {
  section: "Events › The cards frame",
  text: "The first sub for cards yields a snapshot (full: true), then deltas carrying only what changed.",
} as const;
