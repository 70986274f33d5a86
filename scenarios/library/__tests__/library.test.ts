import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltInWorld, worldKey } from "../../runner/built-in-world.ts";
import { loadLibrary } from "../../runner/load-scenario.ts";
import { runScenarios } from "../../runner/run-scenarios.ts";
import { scenarioFromCommands } from "../../runner/scenario-from-commands.ts";
import type { Scenario } from "../../runner/scenario-schema.ts";
import { ScenarioSession } from "../../runner/scenario-session.ts";
import { ScenarioSkippedSignal } from "../../runner/scenario-signals.ts";

const library: Scenario[] = loadLibrary().map(({ scenario }) => scenario);

// The whole library shares one world (seed 1, default options): one simulator for the file,
// restored from its first snapshot before every scenario.
/** The step every hand-written scenario here starts with: the first pairs launch on its curve, kept as `${launch}`. */
const FIRST_BONDING_LAUNCH = {
  read: { path: "/v1/launches", query: { kind: "pairs", status: "activeBonding", limit: 1 }, capture: { launch: "launches[0].address" } },
};

let world: BuiltInWorld;
beforeAll(async () => {
  world = await BuiltInWorld.start(library[0]!);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe("the scenario library", () => {
  it("holds at least 20 scenarios, all in one world", () => {
    expect(library.length).toBeGreaterThanOrEqual(20);
    expect(new Set(library.map(worldKey)).size).toBe(1);
    expect(new Set(library.map((scenario) => scenario.name)).size).toBe(library.length);
  });

  it("passes against the built-in simulator, every scenario", async () => {
    const run = await runScenarios(library, { builtIn: world });
    const broken = run.results
      .filter(({ result }) => result.outcome.status !== "pass")
      .map(({ scenario, result }) => `${scenario.name}: ${result.outcome.status}\n${result.transcript.slice(-12).join("\n")}`);
    expect(broken).toEqual([]);
    expect(run.summary.passed).toBe(library.length);
  }, 180_000);

  it("passes against one running server by its URL, twice: every scenario starts from the state the run found", async () => {
    // The world's own server, reached as any other by its URL: graduations, wallets and faults
    // of one scenario (and of a whole earlier run) must not reach the next.
    await world.fresh();
    const notices: string[] = [];
    for (let round = 0; round < 2; round++) {
      const run = await runScenarios(library, { baseUrl: world.server.baseUrl, onNotice: (line) => notices.push(line) });
      const broken = run.results.filter(({ result }) => result.outcome.status !== "pass").map(({ scenario }) => scenario.name);
      expect(broken).toEqual([]);
    }
    expect(notices).toEqual([expect.stringContaining("snapshot"), expect.stringContaining("snapshot")]);
  }, 180_000);

  it("fails a scenario that names a wallet it never declared, saying so, before asking the server", async () => {
    const base = library.find((scenario) => scenario.name === "quote-built-at-31-seconds")!;
    const typo: Scenario = { ...base, name: "undeclared-wallet", steps: [{ balances: { wallet: "bob" } }] };
    const { result } = (await runScenarios([typo], { builtIn: world })).results[0]!;
    expect(result.outcome.status).toBe("fail");
    if (result.outcome.status === "fail") expect(result.outcome.failure.message).toContain('wallet "bob" is not declared under wallets:');
    expect(result.transcript.some((line) => line.includes("/balances"))).toBe(false);
  });

  it("fails a scenario whose expectation the server does not meet, at that step, with a diff and the transcript", async () => {
    const base = library.find((scenario) => scenario.name === "quote-built-at-31-seconds")!;
    // The same situation, wrongly expecting an expired quote to build.
    const wrong: Scenario = {
      ...base,
      name: "quote-built-at-31-seconds-wrongly-expected-to-build",
      steps: base.steps.map((step, index) => (index === 3 ? { build: step.build, expect: { status: 200 } } : step)),
    };
    const run = await runScenarios([wrong], { builtIn: world });
    const { result } = run.results[0]!;
    expect(result.outcome.status).toBe("fail");
    expect(result.failedStep).toBe(4);
    expect(result.diff).toContain("- expected 200");
    expect(result.diff).toContain("+ actual   410");
    expect(result.transcript.some((line) => line.startsWith("→ POST /v1/trades/build"))).toBe(true);
    if (result.outcome.status === "fail") expect(result.outcome.failure.curl.at(-1)).toMatch(/^curl .*\/v1\/trades\/build/);
  });

  it("without /devnet/ control, skips every scenario that needs it with the reason and still runs the others", async () => {
    const run = await runScenarios(library, { builtIn: world, control: "off" });
    const skipped = run.results.filter(({ result }) => result.outcome.status === "skip");
    const passed = run.results.filter(({ result }) => result.outcome.status === "pass").map(({ scenario }) => scenario.name);
    expect(run.summary.failed).toBe(0);
    expect(passed).toEqual(expect.arrayContaining(["ticker-shared-by-two-launches", "flood-1008", "connection-cap-1013"]));
    for (const { result } of skipped) {
      if (result.outcome.status === "skip") expect(result.outcome.reason).toMatch(/needs? the \/devnet\/ control API: .*--control off/);
    }
    expect(skipped.length).toBeGreaterThan(15);
  }, 120_000);

  it("fails `absent` for a frame that arrived during the step before, as for one within its time, but not for one from before that", async () => {
    const trade = { trade: { launch: "${launch}", direction: "buy", amountIn: "1000000000000", wallet: "alice" } };
    const subscribed = [
      FIRST_BONDING_LAUNCH,
      { "stream.connect": {} },
      { "stream.send": { frame: { op: "sub", tier: "live", mint: "${launch}" } } },
      trade,
    ];
    const tradeFrame = (absent: boolean) => ({ "stream.expect": { frame: { kind: "trade", launch: "${launch}" }, absent, within: 300 } });
    const steps = (absentAfterTrade: boolean): Scenario["steps"] => [...subscribed, tradeFrame(absentAfterTrade)];
    const head = { description: "a trade's frame", seed: 1, wallets: { alice: {} } };
    // A frame that came before the step before (here, before the unsub) is not counted.
    const afterUnsub: Scenario["steps"] = [
      ...subscribed,
      { "stream.send": { frame: { op: "unsub", tier: "live", mint: "${launch}" } } },
      trade,
      tradeFrame(true),
    ];
    const run = await runScenarios(
      [
        { ...head, name: "trade-frame-absent", steps: steps(true) },
        { ...head, name: "trade-frame-present", steps: steps(false) },
        { ...head, name: "trade-frame-absent-after-unsub", steps: afterUnsub },
      ],
      { builtIn: world },
    );
    const [absent, present, unsubscribed] = run.results.map(({ result }) => result);
    expect(present!.outcome.status).toBe("pass");
    expect(absent!.outcome.status).toBe("fail");
    expect(absent!.failedStep).toBe(5);
    expect(unsubscribed!.outcome).toMatchObject({ status: "pass" });
  }, 60_000);

  it("says why a trade step's request was refused: the status, the code and the server's whole sentence", async () => {
    const poor: Scenario = {
      name: "trade-by-a-poor-wallet",
      description: "a wallet of 1,000 lamports buys",
      seed: 1,
      wallets: { poor: { lamports: "1000" } },
      steps: [FIRST_BONDING_LAUNCH, { trade: { launch: "${launch}", direction: "buy", amountIn: "1000000000000", wallet: "poor" } }],
    };
    const { result } = (await runScenarios([poor], { builtIn: world })).results[0]!;
    expect(result.outcome.status).toBe("fail");
    if (result.outcome.status !== "fail") return;
    const refused = /trade: the (quote|build) was refused \((\d{3}) ([A-Z_]+): (.+)\)/.exec(result.outcome.failure.message);
    expect(refused, result.outcome.failure.message).not.toBeNull();
    // The sentence whole, in the message and in the transcript.
    const answer = result.transcript.find((line) => line.startsWith(`← ${refused![2]} `))!;
    expect(JSON.parse(answer.slice(6)).error).toBe(refused![4]);
  }, 60_000);

  it("names the wallet that cannot sign a plan built for another", async () => {
    const wrongSigner: Scenario = {
      name: "plan-signed-by-another-wallet",
      description: "bob signs the plan built for alice",
      seed: 1,
      wallets: { alice: {}, bob: {} },
      steps: [
        FIRST_BONDING_LAUNCH,
        { quote: { launch: "${launch}", direction: "buy", amountIn: "1000000000000", wallet: "alice" } },
        { build: { quoteId: "${quote.quoteId}", wallet: "alice" } },
        { sign: { wallet: "bob", plan: "${plan}" } },
      ],
    };
    const { result } = (await runScenarios([wrongSigner], { builtIn: world })).results[0]!;
    expect(result.failedStep).toBe(4);
    if (result.outcome.status === "fail")
      expect(result.outcome.failure.message).toMatch(/^step 4 \(sign\): sign: bob \(\w{32,44}\) cannot sign this transaction: /);
  }, 60_000);

  it("counts a request under /devnet/ as control: under --control off it is named in the skip and never sent", async () => {
    const head = { description: "control through plain requests", seed: 1 };
    const literal: Scenario = {
      ...head,
      name: "snapshot-by-request",
      steps: [{ read: { path: "/v1/launches" } }, { request: { method: "POST", path: "/devnet/snapshot" } }],
    };
    const run = await runScenarios([literal], { builtIn: world, control: "off" });
    const { result } = run.results[0]!;
    expect(result.outcome).toMatchObject({
      status: "skip",
      reason: expect.stringMatching(/^request \/devnet\/snapshot needs the \/devnet\/ control API/),
    });
    expect(result.transcript.some((line) => line.includes("/devnet/"))).toBe(false);
    // A path known only once interpolated is refused by the session itself, before anything is sent.
    const session = new ScenarioSession(world.client, "ws://unused", new Set(), { control: "turned off" });
    await expect(session.exchange({ method: "POST", path: "/devnet/snapshot" })).rejects.toBeInstanceOf(ScenarioSkippedSignal);
    expect(session.transcript.lines).toEqual([]);
  }, 60_000);

  it("runs a conformance stateful counterexample written by scenarioFromCommands", async () => {
    const { launches } = await world.client.launches({ status: "activeBonding", limit: 1 });
    const scenario = scenarioFromCommands({
      name: "stateful.tradeFlow.model",
      description: "a settle submitted before its setup, then an expired quote, then a trade in order",
      seed: 1,
      launch: String(launches[0]!.address),
      wallets: 2,
      steps: [
        { step: "quoteBuild", with: { wallet: "w0", amount: "1000000000000", ageSeconds: 0 } },
        { step: "submit", with: { plan: "p0", step: 2 } },
        { step: "advance", with: { slots: 2 } },
        { step: "quoteBuild", with: { wallet: "w1", amount: "1000000000000", ageSeconds: 31 } },
        { step: "inOrderTrade", with: { wallet: "w1", amount: "2000000000000" } },
        { step: "observe" },
      ],
    });
    const run = await runScenarios([scenario], { builtIn: world });
    expect(run.results[0]!.result.outcome.status).toBe("pass");
  });
});
