import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPairSigner } from "@solana/kit";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { parse } from "yaml";
import { walletOf } from "../../../conformance/engine/suite-wallet.ts";
import { BasketClient } from "../../../src/client/basket-client.ts";
import { BuiltInWorld } from "../../runner/built-in-world.ts";
import { runScenarios } from "../../runner/run-scenarios.ts";
import { scenarioCommand } from "../../runner/scenario-command.ts";
import type { Scenario } from "../../runner/scenario-schema.ts";
import { SCENARIO_SCHEMA_FILE } from "../../runner/scenario-schema-json.ts";
import { type RecorderStop, startRecorder } from "../start-recorder.ts";

/** A client's view of one socket: every frame it received, and a wait for the next of a kind. */
function streamClient(url: string) {
  const socket = new WebSocket(url);
  const frames: { kind: string }[] = [];
  const waiters: { kind: string; after: number; resolve: () => void }[] = [];
  socket.on("message", (data) => {
    frames.push(JSON.parse(data.toString()) as { kind: string });
    for (const waiter of waiters.splice(0)) {
      if (frames.slice(waiter.after).some((frame) => frame.kind === waiter.kind)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  const opened = new Promise<void>((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return {
    socket,
    frames,
    opened,
    /** Resolves once a frame of `kind` arrived after the first `after` frames. */
    next(kind: string, after = 0): Promise<void> {
      if (frames.slice(after).some((frame) => frame.kind === kind)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ kind, after, resolve }));
    },
  };
}

let world: BuiltInWorld;
let directory: string;
let recorded: RecorderStop;
/** What the client saw through the proxy, to compare with the server's own answers. */
const seen: {
  refused?: { status: number; type: string | undefined; text: string };
  direct?: typeof seen.refused;
  statuses: string[];
  floodClose?: number;
} = {
  statuses: [],
};

beforeAll(async () => {
  // As the library test starts it: seed 1, genesis pinned, manual clock, no bots.
  world = await BuiltInWorld.start({ name: "recorder-world", description: "the recorder's target", seed: 1, steps: [] } as Scenario);
  directory = mkdtempSync(join(tmpdir(), "scenario-record-"));
  const recorder = await startRecorder({ target: world.server.baseUrl, out: join(directory, "Bug Report.yaml") });
  const client = new BasketClient(recorder.url);

  // A client reproducing a situation against the proxy: a read, the stream, a funded kit key, a whole trade.
  const { body: listed } = await client.exchange({ method: "GET", path: "/v1/launches", query: { status: "activeBonding", limit: 1 } });
  const launch = (listed as { launches: { address: string }[] }).launches[0]!.address;
  // A refusal, through the proxy and straight from the server.
  const refused = await client.exchange({ method: "GET", path: "/v1/launches/NOSUCHTICKER" });
  const direct = await world.client.exchange({ method: "GET", path: "/v1/launches/NOSUCHTICKER" });
  seen.refused = { status: refused.status, type: refused.headers["content-type"], text: refused.text };
  seen.direct = { status: direct.status, type: direct.headers["content-type"], text: direct.text };

  const stream = streamClient(`${recorder.url.replace(/^http/, "ws")}/v1/stream`);
  await stream.opened;
  await stream.next("hello");
  stream.socket.send(JSON.stringify({ op: "sub", tier: "cards", mints: [launch] }));
  await stream.next("cards");

  const signer = await generateKeyPairSigner();
  const wallet = walletOf(signer);
  await client.exchange({ method: "POST", path: "/devnet/airdrop", json: { wallet: wallet.address, lamports: "5000000000" } });
  const quoted = await client.exchange({
    method: "POST",
    path: "/v1/trades/quote",
    json: { launch, direction: "buy", amountIn: "1000000000000", wallet: wallet.address },
  });
  const quoteId = (quoted.body as { quote: { quoteId: string } }).quote.quoteId;
  const built = await client.exchange({ method: "POST", path: "/v1/trades/build", json: { quoteId, wallet: wallet.address } });
  const build = built.body as { transaction: string; lastValidBlockHeight: number; plan?: { transaction: string }[] };
  const cardsBefore = stream.frames.length;
  for (const step of build.plan ?? [{ transaction: build.transaction }]) {
    const transaction = await wallet.sign(step.transaction);
    const submitted = await client.exchange({ method: "POST", path: "/v1/transactions/submit", json: { transaction, quoteId } });
    const signature = (submitted.body as { signature: string }).signature;
    await client.exchange({ method: "POST", path: "/devnet/advance", json: { slots: 1 } });
    const status = await client.exchange({
      method: "GET",
      path: `/v1/transactions/${signature}`,
      query: { lastValidBlockHeight: build.lastValidBlockHeight },
    });
    seen.statuses.push(String((status.body as { status?: unknown }).status));
  }
  await stream.next("cards", cardsBefore);
  const closed = new Promise((resolve) => stream.socket.once("close", resolve));
  // A code of the client's own, which the recording keeps.
  stream.socket.close(4000);
  await closed;

  // A second socket floods the server, which closes it with 1008: the client hears the same code through the proxy.
  const flood = streamClient(`${recorder.url.replace(/^http/, "ws")}/v1/stream`);
  await flood.opened;
  await flood.next("hello");
  const floodClosed = new Promise<number>((resolve) => flood.socket.once("close", resolve));
  for (let index = 0; index < 1_000 && flood.socket.readyState === WebSocket.OPEN; index++)
    flood.socket.send(JSON.stringify({ op: "sub", topic: "trades" }));
  seen.floodClose = await floodClosed;
  recorded = await recorder.stop();
  if (process.env.SHOW_RECORDING && recorded.ok) console.log(readFileSync(recorded.file, "utf8"));
}, 120_000);

afterAll(async () => {
  await world?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("scenario record", () => {
  it("forwards answers unchanged: status, content type, error body; and the client's trade lands through it", () => {
    expect(seen.refused).toEqual(seen.direct);
    expect(seen.refused!.status).toBeGreaterThanOrEqual(400);
    expect(seen.refused!.type).toMatch(/^application\/json/);
    expect(seen.statuses.length).toBeGreaterThan(0);
    expect(seen.statuses.every((status) => status === "confirmed")).toBe(true);
    expect(seen.floodClose).toBe(1008);
  });

  it("writes a scenario file that validates against scenarios/scenario.schema.json", () => {
    expect(recorded.ok).toBe(true);
    if (!recorded.ok) return;
    expect(recorded.file).toMatch(/Bug Report\.yaml$/);
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(SCENARIO_SCHEMA_FILE, "utf8")));
    const written = parse(readFileSync(recorded.file, "utf8"));
    expect(validate.errors ?? validate(written)).toBe(true);
    expect(written.name).toBe("bug-report");
  });

  it("parameterises the wallet, the quote id, the signed plan steps and their signatures, and keeps the stream's frames", () => {
    if (!recorded.ok) throw new Error(recorded.error);
    const { scenario } = recorded;
    const kinds = scenario.steps.map((step) => Object.keys(step).find((key) => !["as", "expect", "note"].includes(key)));
    expect(scenario.wallets).toEqual({ wallet1: { lamports: "0" } });
    expect(kinds.slice(0, 2)).toEqual(["read", "read"]);
    const refusal = JSON.parse(seen.refused!.text) as { code: string };
    expect(scenario.steps[1]!.expect).toEqual({ status: seen.refused!.status, error: ".", code: refusal.code });
    expect(scenario.steps).toContainEqual(expect.objectContaining({ quote: expect.objectContaining({ wallet: "wallet1" }), as: "quote1" }));
    expect(scenario.steps).toContainEqual(
      expect.objectContaining({ build: { quoteId: "${quote1.quoteId}", wallet: "wallet1" }, as: "build1" }),
    );
    const signs = scenario.steps.filter((step) => step.sign !== undefined);
    expect(signs.length).toBe(seen.statuses.length);
    expect(signs[0]).toMatchObject({
      sign: { wallet: "wallet1", transaction: expect.stringMatching(/^\$\{build1\.(plan\[0\]\.)?transaction\}$/) },
    });
    expect(scenario.steps).toContainEqual(
      expect.objectContaining({ submit: { transaction: "${signed1.transaction}", quoteId: "${quote1.quoteId}" } }),
    );
    expect(scenario.steps).toContainEqual(
      expect.objectContaining({
        status: { signature: "${signed1.signature}", lastValidBlockHeight: "${build1.lastValidBlockHeight}" },
        expect: { status: 200, body: expect.objectContaining({ status: "confirmed", slot: { exists: true } }) },
      }),
    );
    expect(kinds).toContain("airdrop");
    expect(kinds).toContain("advance");
    expect(scenario.steps).toContainEqual({ "stream.connect": {}, as: "stream" });
    expect(scenario.steps).toContainEqual({ "stream.send": { frame: { op: "sub", tier: "cards", mints: [expect.any(String)] } } });
    expect(scenario.steps.filter((step) => step["stream.expect"] !== undefined).length).toBeGreaterThanOrEqual(2);
    expect(scenario.steps).toContainEqual({ "stream.close": { code: 4000 } });
    expect(scenario.steps.slice(-3)).toEqual([
      { "stream.connect": {}, as: "stream2" },
      { "stream.send": { socket: "stream2", frame: { op: "sub", topic: "trades" }, repeat: expect.any(Number) } },
      { "stream.expect": { socket: "stream2", close: 1008 } },
    ]);
    // Nothing of the recording's own keys or chain positions is kept as a literal.
    const text = JSON.stringify(scenario);
    expect(text).not.toMatch(/"q_[0-9a-f]{32}"/);
    expect(text).not.toContain('"blockhash":"');
  });

  it("replays with scenario run against a fresh simulator and passes", async () => {
    if (!recorded.ok) throw new Error(recorded.error);
    let stdout = "";
    let stderr = "";
    const code = await scenarioCommand(["run", recorded.file], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    expect({ code, stdout, stderr }).toMatchObject({ code: 0 });
    expect(stdout).toMatch(/1 passed/);
  }, 120_000);

  it("replays the answers it recorded, not merely the requests: a status recorded confirmed and expected failed fails at that step", async () => {
    if (!recorded.ok) throw new Error(recorded.error);
    const at = recorded.scenario.steps.findIndex((step) => step.status !== undefined);
    const wrong: Scenario = {
      ...recorded.scenario,
      steps: recorded.scenario.steps.map((step, index) =>
        index === at ? { ...step, expect: { status: 200, body: { status: "failed" } } } : step,
      ),
    };
    const { result } = (await runScenarios([wrong])).results[0]!;
    expect(result.outcome.status).toBe("fail");
    expect(result.failedStep).toBe(at + 1);
    expect(result.diff).toContain('- expected "failed"');
  }, 120_000);
});

describe("scenario record under a client that resets", () => {
  it("a WebSocket handshake reset before the target answers, or after a refusal, ends that pair, not the recording", async () => {
    const recorder = await startRecorder({ target: world.server.baseUrl, out: join(directory, "reset.yaml") });
    const port = Number(new URL(recorder.url).port);
    for (const path of ["/v1/stream", "/nope"]) {
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
      );
      // The stream's path: reset before the target's handshake completes; another path: once the refusal arrives.
      if (path === "/nope") await once(socket, "data");
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The proxy still forwards, and its recording is written.
    expect((await new BasketClient(recorder.url).exchange({ method: "GET", path: "/v1/assets" })).status).toBe(200);
    expect((await recorder.stop()).ok).toBe(true);
  });
});
