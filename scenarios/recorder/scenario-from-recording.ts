import { type Scenario, type ScenarioStep, WALLET_ADDRESS } from "../runner/scenario-schema.ts";
import { ExchangeSteps, jsonOf } from "./exchange-steps.ts";
import type { RecordedEvent, RecordedStreamEvent } from "./recorded-session.ts";
import { readWireTransaction } from "../../conformance/model/wire-transaction.ts";
import { WalletNames } from "./wallet-names.ts";
import { StreamEventSteps } from "./stream-event-steps.ts";

export interface RecordingHead {
  /** The scenario's name (kebab-case). */
  readonly name: string;
  /** The seed of the world it replays in (a proxy cannot know the target's; the library's is 1). */
  readonly seed: number | string;
  /** The server the session was recorded against, for the description. */
  readonly target: string;
}

/** Request fields that name the client's own wallet. */
const WALLET_FIELDS = ["wallet", "creator"];

/** Every wallet the client used, in order of first use: named in a body, in a `/v1/wallets/{wallet}` path, or paying for a submitted transaction. */
function walletsOf(events: readonly RecordedEvent[]): { names: WalletNames; funded: Set<string> } {
  const names = new WalletNames();
  const funded = new Set<string>();
  for (const event of events) {
    if (event.type !== "http") continue;
    const path = new URL(event.url, "http://recorded").pathname;
    const owner = /^\/v1\/wallets\/([^/]+)\//.exec(path)?.[1];
    if (owner && WALLET_ADDRESS.test(decodeURIComponent(owner))) names.add(decodeURIComponent(owner));
    const body = jsonOf(event.requestBody) as Record<string, unknown> | undefined;
    if (typeof body !== "object" || body === null) continue;
    for (const field of WALLET_FIELDS) {
      const value = body[field];
      if (typeof value === "string" && WALLET_ADDRESS.test(value)) {
        names.add(value);
        if (path === "/devnet/airdrop" && field === "wallet") funded.add(value);
      }
    }
    if (path === "/v1/transactions/submit" && typeof body.transaction === "string") {
      const read = readWireTransaction(body.transaction);
      if (!("error" in read)) names.add(read.feePayer);
    }
  }
  return { names, funded };
}

/**
 * A recorded session as a scenario that replays it: the HTTP exchanges and stream events in
 * the order they arrived, each expecting the answer's stable part (see stableExpectation),
 * the client's wallets declared as the runner's own (`wallet1`…; one the recording funded
 * through `/devnet/airdrop` starts empty and is funded by the same airdrop steps, any other
 * gets the runner's default), and variables linking quotes, builds, signatures and statuses.
 */
export function scenarioFromRecording(events: readonly RecordedEvent[], head: RecordingHead): Scenario {
  const { names, funded } = walletsOf(events);
  const exchanges = new ExchangeSteps(names);
  const stream = new StreamEventSteps(
    names,
    events.filter((event): event is RecordedStreamEvent => event.type !== "http"),
  );
  const steps: ScenarioStep[] = [];
  for (const event of events) {
    if (event.type === "http") steps.push(...exchanges.stepsOf(event));
    else {
      const step = stream.stepOf(event);
      if (step) steps.push(step);
    }
  }
  const requests = events.filter((event) => event.type === "http").length;
  const frames = events.filter((event) => event.type === "sent" || event.type === "received").length;
  return {
    name: head.name,
    description:
      `Recorded by basket-devnet scenario record in front of ${head.target}: ${requests} HTTP exchanges and ${frames} stream frames, ` +
      "replayed in the order they arrived, each expecting the stable part of the recorded answer. " +
      "The recorded wallets are the runner's own keys here, so signatures, transactions and quote ids are fresh on every run.",
    seed: head.seed,
    tags: ["recorded"],
    wallets: Object.fromEntries(names.entries().map(([name, address]) => [name, funded.has(address) ? { lamports: "0" } : {}])),
    steps,
  };
}
