import { StreamProbe } from "../../../conformance/engine/stream-probe.ts";
import { matchPattern, mismatchDiff } from "../match-pattern.ts";
import { ScenarioFailedSignal } from "../scenario-signals.ts";
import type { ScenarioSession } from "../scenario-session.ts";
import { transcriptJson } from "../transcript-text.ts";
import type { StepHandler } from "./step-handler.ts";

const DEFAULT_WITHIN_MS = 3_000;

function socketOf(session: ScenarioSession, name: unknown) {
  const socketName = name === undefined ? "stream" : String(name);
  const probe = session.socket(socketName);
  if (!probe) throw new ScenarioFailedSignal(`no socket is named ${JSON.stringify(socketName)}: open it with stream.connect first`);
  return probe;
}

/** Opens the socket(s) named by the step's `as`; the name is set by the runner before the handler runs. */
export function connectStep(name: string): StepHandler {
  return async (args, session) => {
    const count = Number(args.count ?? 1);
    const waitHello = args.hello === undefined ? count === 1 : Boolean(args.hello);
    const opened: StreamProbe[] = [];
    for (let index = 0; index < count; index++) opened.push(await StreamProbe.open(session.streamUrl, session.transcript));
    session.sockets.set(name, [...(session.sockets.get(name) ?? []), ...opened]);
    const probe = opened.at(-1)!;
    if (waitHello) {
      const hello = await probe.nextKind("hello", DEFAULT_WITHIN_MS);
      if (!hello) throw new ScenarioFailedSignal(`socket ${name} received no hello`, "", { kind: "hello" }, probe.closeInfo ?? "nothing");
      return { value: hello.json };
    }
    return { value: { open: opened.filter((socket) => socket.isOpen).length } };
  };
}

export const sendStep: StepHandler = async (args, session) => {
  const probe = socketOf(session, args.socket);
  const repeat = Number(args.repeat ?? 1);
  const text = args.raw !== undefined ? String(args.raw) : JSON.stringify(args.frame);
  for (let index = 0; index < repeat && probe.isOpen; index++) probe.sendRaw(text);
  return { value: { sent: Math.min(repeat, probe.sentCount) } };
};

export const streamExpectStep: StepHandler = async (args, session) => {
  const probe = socketOf(session, args.socket);
  const within = Number(args.within ?? DEFAULT_WITHIN_MS);
  if (args.close !== undefined) {
    const closed = await probe.closeWithin(within);
    const pattern = typeof args.close === "number" ? args.close : args.close;
    const mismatches = matchPattern(closed?.code, pattern, "$.code");
    if (mismatches.length > 0)
      throw new ScenarioFailedSignal(
        `the socket did not close with ${transcriptJson(pattern)} within ${within} ms`,
        mismatchDiff(mismatches),
        pattern,
        closed ?? "still open",
      );
    return { value: closed };
  }
  const pattern = args.frame ?? {};
  const matches = (json: unknown) => matchPattern(json, pattern).length === 0;
  if (args.absent) {
    // Frames not yet taken that came since the step before this one began count too: a
    // trade's own frame arrives during its trade step, before this one starts.
    const waiting = session.receivedSincePreviousStep(probe);
    const frames = [...waiting, ...(await probe.collect(within))];
    const found = frames.find((frame) => matches(frame.json));
    if (found)
      throw new ScenarioFailedSignal(
        `a frame matching ${transcriptJson(pattern)} arrived, none was expected`,
        "",
        "no such frame",
        found.json,
      );
    return { value: null };
  }
  const pending = probe.pending();
  const frame = await probe.next((candidate) => matches(candidate.json), within);
  if (!frame) {
    // The nearest miss: the frame of the same kind (else the last one) seen meanwhile, diffed against the pattern.
    const seen = [...pending, ...probe.pending()];
    const kind = (pattern as { kind?: unknown }).kind;
    const nearest = [...seen].reverse().find((candidate) => candidate.kind === kind) ?? seen.at(-1);
    const diff = nearest ? mismatchDiff(matchPattern(nearest.json, pattern)) : "  no frame arrived";
    throw new ScenarioFailedSignal(
      `no frame matching ${transcriptJson(pattern, 200)} within ${within} ms${probe.closeInfo ? ` (the socket closed with ${probe.closeInfo.code})` : ""}`,
      diff,
      pattern,
      nearest?.json ?? null,
    );
  }
  return { value: frame.json };
};

export const streamCloseStep: StepHandler = async (args, session) => {
  const name = args.socket === undefined ? "stream" : String(args.socket);
  const probes = session.sockets.get(name) ?? [];
  const code = args.code === undefined ? undefined : Number(args.code);
  const closes = await Promise.all(probes.map((probe) => probe.close(code)));
  return { value: closes.at(-1) ?? null };
};
