/**
 * A check context over a real in-process simulator, for the tests of this folder's checks
 * until and beside the engine's own runner: the same capabilities the engine hands a check
 * (exchange, samples, a faucet wallet, time), with failures and skips as thrown outcomes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  partiallySignTransaction,
} from "@solana/kit";
import { parse } from "yaml";
import { BasketClient, type ExchangeRequest } from "../../../src/client/basket-client.ts";
import { type Simulator, startSimulator } from "../../../src/simulator/simulator.ts";
import type { Capability, Check, CheckContext, FailureDetails, SampleLaunch, Wallet } from "../../engine/check.ts";

const ROOT = join(import.meta.dirname, "../../..");

export class CheckFailed extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails,
  ) {
    super(message);
  }
}
export class CheckSkipped extends Error {}

export type Outcome =
  | { readonly status: "passed"; readonly notes: readonly string[] }
  | { readonly status: "failed"; readonly message: string; readonly details: FailureDetails; readonly notes: readonly string[] }
  | { readonly status: "skipped"; readonly reason: string; readonly notes: readonly string[] };

export interface TestServer {
  readonly baseUrl: string;
  readonly streamUrl: string;
  close(): Promise<void>;
}

/** A simulator on a free port with a pinned seed and the manual clock. */
export async function startTestSimulator(options: { seed?: string; launchCount?: number } = {}): Promise<Simulator> {
  return startSimulator({
    seed: options.seed ?? "conformance-tests",
    port: 0,
    clockMode: "manual",
    launchCount: options.launchCount ?? 24,
    historyHours: 2,
  });
}

/** Launch rows of the whole paged list, as the engine's discovery would sample them. */
async function discoverSamples(client: BasketClient): Promise<SampleLaunch[]> {
  const rows: SampleLaunch[] = [];
  let cursor: string | null = null;
  do {
    const answer = await client.exchange({
      method: "GET",
      path: "/v1/launches",
      query: { tab: "new", kind: "all", limit: 100, ...(cursor ? { cursor } : {}) },
    });
    const body = answer.body as { launches: SampleLaunch[]; nextCursor: string | null };
    rows.push(
      ...body.launches.map(({ address, primaryMint, symbol, status, kind, progressBps }) => ({
        address,
        primaryMint,
        symbol,
        status,
        kind,
        progressBps,
      })),
    );
    cursor = body.nextCursor;
  } while (cursor);
  return rows;
}

export interface ContextOptions {
  readonly seed?: number;
  readonly numRuns?: number;
  /** Capabilities the server is taken to have (default control, wallet, clock, faults). */
  readonly capabilities?: readonly Capability[];
}

/** Builds a context for `server` and runs `check` in it, returning what happened. */
export async function runCheck(server: TestServer, check: Check, options: ContextOptions = {}): Promise<Outcome> {
  const client = new BasketClient(server.baseUrl);
  const capabilities = new Set<Capability>(options.capabilities ?? ["control", "wallet", "clock", "faults"]);
  const notes: string[] = [];
  const missing = (check.needs ?? []).filter((need) => !capabilities.has(need));
  if (missing.length > 0) return { status: "skipped", reason: `needs ${missing.join(", ")}`, notes };
  const launches = await discoverSamples(client);
  // The engine's discovery also samples these; a variable (not a literal) fits either version of the contract.
  const samples = { launches, componentMints: [] as string[], creators: [] as string[], signatures: [] as string[] };
  const base64 = getBase64Encoder();
  const context: CheckContext & { capabilities: ReadonlySet<Capability> } = {
    baseUrl: server.baseUrl,
    streamUrl: server.streamUrl,
    seed: options.seed ?? 42,
    numRuns: options.numRuns ?? 5,
    capabilities,
    documents: {
      openapi: JSON.parse(readFileSync(join(ROOT, "openapi/openapi.json"), "utf8")),
      asyncapi: parse(readFileSync(join(ROOT, "openapi/asyncapi.yaml"), "utf8")),
    },
    exchange: (request: ExchangeRequest) => client.exchange(request),
    samples,
    async wallet(walletOptions = {}): Promise<Wallet> {
      const signer = await generateKeyPairSigner();
      const lamports = walletOptions.lamports ?? 10_000_000_000n;
      const answer = await client.exchange({
        method: "POST",
        path: "/devnet/airdrop",
        json: { wallet: signer.address, lamports: String(lamports) },
      });
      if (answer.status !== 200) throw new Error(`airdrop failed: ${answer.text}`);
      return {
        address: signer.address,
        async sign(transaction: string) {
          const decoded = getTransactionDecoder().decode(base64.encode(transaction));
          const signed = await partiallySignTransaction([signer.keyPair], decoded);
          return getBase64EncodedWireTransaction(signed);
        },
      };
    },
    async advance(time) {
      const answer = await client.exchange({ method: "POST", path: "/devnet/advance", json: time });
      if (answer.status !== 200) throw new Error(`advance failed: ${answer.text}`);
    },
    note: (level, message) => void notes.push(`${level}: ${message}`),
    fail(message: string, details: FailureDetails = {}): never {
      throw new CheckFailed(message, details);
    },
    skip(reason: string): never {
      throw new CheckSkipped(reason);
    },
  };
  try {
    await check.run(context);
    return { status: "passed", notes };
  } catch (error) {
    if (error instanceof CheckFailed) return { status: "failed", message: error.message, details: error.details, notes };
    if (error instanceof CheckSkipped) return { status: "skipped", reason: error.message, notes };
    return { status: "failed", message: `threw: ${(error as Error).stack ?? error}`, details: {}, notes };
  }
}

/** Runs every check in order against `server`, returning outcomes by id. */
export async function runChecks(server: TestServer, checks: readonly Check[], options: ContextOptions = {}): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  for (const check of checks) outcomes.set(check.id, await runCheck(server, check, options));
  return outcomes;
}
