import type { Exchange, ExchangeRequest } from "../../src/client/basket-client.ts";
import type { oas31 } from "openapi3-ts";

/**
 * A check: one small function that asserts one property of a server, registered under a
 * stable id and naming the rule of the specification it enforces. Checks never import the
 * simulator: everything they know of a server they learn over HTTP and WebSocket through
 * the context they are handed.
 */
export interface Check {
  /** Stable id, dotted, named for the property: `launches.paging.disjoint`. Never renamed or reused. */
  readonly id: string;
  readonly phase: Phase;
  /** The rule enforced: the specification's section and the rule in a sentence. */
  readonly rule: RuleReference;
  /**
   * `specification`: a rule the specification states; a violation is a failure anywhere.
   * `decision`: one of our document's choices where the specification is silent (a status
   * code, the `code` field, a shape shown nowhere, a `/devnet/` route): against another
   * implementation a violation is a note of level `decision`, a failure only with `--strict`.
   */
  readonly enforces: "specification" | "decision";
  /** What the check needs beyond a base URL; missing needs make it skip with the reason. */
  readonly needs?: readonly Capability[];
  run(context: CheckContext): Promise<void>;
}

export const PHASES = ["schema", "boundaries", "negative", "read", "trade", "stateful", "stream", "links"] as const;
export type Phase = (typeof PHASES)[number];

export interface RuleReference {
  /** A heading of the specification, e.g. "Endpoints › GET /v1/launches" or "Limits". */
  readonly section: string;
  /** The rule, quoted or paraphrased closely enough to find it. */
  readonly text: string;
}

/**
 * - `control`: the `/devnet/` control API (faucet, clock, prices, faults)
 * - `wallet`: a funded wallet (from the faucet, or `--keypair`)
 * - `clock`: moving time on demand (`/devnet/advance`), or `--allow-slow` to wait real time
 * - `faults`: stream and transaction fault injection (`/devnet/faults/*`)
 * - `slow`: `--allow-slow`, waiting real time that no control can shorten (the stream's heartbeat and idle close)
 */
export type Capability = "control" | "wallet" | "clock" | "faults" | "slow";

/** What a check is handed: the server, the documents, the tools, and the ways to end. */
export interface CheckContext {
  readonly baseUrl: string;
  /** `{client_url}`, the web client's address (`--client-url`), without a trailing slash; null when not given (the `links` phase then skips). */
  readonly clientUrl: string | null;
  /** The stream's URL (`ws://…/v1/stream`). */
  readonly streamUrl: string;
  /** The run's seed: every generator and fast-check run in the check derives from it. */
  readonly seed: number;
  /** Where the run saves failures (`--failures-dir`); a check's own files (a counterexample scenario) go there too. Null: none saved. */
  readonly failureDir: string | null;
  /** fast-check runs per property (smaller in quick runs). */
  readonly numRuns: number;
  readonly documents: Documents;
  /** What the server offers beyond a base URL (probed before the run): a check may adapt to it. */
  readonly capabilities: ReadonlySet<Capability>;
  /** Sends a request, records it for the reproduction, and returns the answer (never throws for a status). */
  exchange(request: ExchangeRequest): Promise<Exchange>;
  /**
   * Sends `request` once per run: the first check asking sends it, later ones (same method,
   * URL, headers and body) get the same answer. Each asker records the request's `curl`
   * command in its own reproduction, as if it had sent it. Only for requests whose answer
   * does not depend on when they are sent within a run (reads, refusals), so sharing the
   * answer weakens no check.
   */
  exchangeOnce(request: ExchangeRequest): Promise<Exchange>;
  /**
   * A value several checks judge alike, computed once per run under `key`: the first check
   * asking runs `compute` with a context of its own; every asker, the first included, gets
   * the value, and the `curl` commands of the requests `compute` sent join its reproduction.
   */
  shared<T>(key: string, compute: (context: CheckContext) => Promise<T>): Promise<T>;
  /** Data discovered on the server before the checks run (launch addresses, mints, tickers…). */
  readonly samples: ServerSamples;
  /**
   * A funded wallet for this check (`wallet` capability): a fresh key airdropped by the
   * faucet when the server has `/devnet/`, else the `--keypair` wallet (shared, so checks
   * using it must not assume its balances). Each call with the faucet gives a new wallet.
   */
  wallet(options?: { readonly lamports?: bigint }): Promise<Wallet>;
  /**
   * Moves the server's time forward (`clock` capability): `/devnet/advance` when the server
   * has it, a real wait with `--allow-slow`. Resolves once the server's clock has moved.
   */
  advance(time: { readonly seconds: number } | { readonly slots: number }): Promise<void>;
  /**
   * Skips the check for want of a sample, naming what it looked for (`what`, as in "the
   * server lists no <what>") and what went wrong while the samples were learned.
   */
  noSample(what: string): never;
  /** Says something worth reading that is not a failure (a `decision` difference, a fact observed). */
  note(level: "info" | "decision", message: string): void;
  /** Ends the check as failed. `input` is the (shrunk) input that broke the rule. */
  fail(message: string, details?: FailureDetails): never;
  /**
   * Ends a specification check on a difference from one of our decisions, once what the
   * specification says was judged and held: a note, a failure only with `--strict` (as a
   * `decision` check's failure is). A server that clamps an out-of-range `limit` keeps the
   * specification's bound; refusing it is our choice.
   */
  failDecision(message: string, details?: FailureDetails): never;
  /** Ends the check as skipped, with the reason a reader needs (never a silent pass). */
  skip(reason: string): never;
}

/** A key the suite holds: it signs what the server built, as any client would. */
export interface Wallet {
  readonly address: string;
  /** Signs a base64 wire transaction (unsigned, as build returns it) and returns the signed base64. */
  sign(transaction: string): Promise<string>;
}

export interface FailureDetails {
  readonly input?: unknown;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** A stream failure's frames, in order, as sent (`>`) and received (`<`). */
  readonly transcript?: readonly string[];
}

export interface Documents {
  readonly openapi: oas31.OpenAPIObject;
  /** The AsyncAPI 3 document, parsed from YAML. */
  readonly asyncapi: Record<string, unknown>;
}

export interface ServerSamples {
  /** Launch rows from the lists, by status (at least `activeBonding` on any useful server). */
  readonly launches: readonly SampleLaunch[];
  /** Component mints the server prices (`GET /v1/assets`, else the launches' components); may be empty. */
  readonly componentMints: readonly string[];
  /** Creator wallets seen on launch rows (wallets known to have created something). */
  readonly creators: readonly string[];
  /** Trade signatures seen on the tapes (for `GET /v1/transactions/{signature}`). */
  readonly signatures: readonly string[];
  /**
   * What went wrong while learning the samples (a list route that did not answer 200, rows
   * without the fields a sample needs), so a check that finds no sample says why.
   */
  readonly discoveryProblems: readonly string[];
}

export interface SampleLaunch {
  readonly address: string;
  readonly primaryMint: string;
  readonly symbol: string;
  /** The launch's name, when its row gave one. */
  readonly name?: string;
  readonly status: string;
  readonly kind: string;
  readonly progressBps: number;
  /** Launch tokens still on its curve (the row's `curveInventoryRemaining`), when the row gave a decimal amount. */
  readonly curveRemaining?: bigint;
}

/** A failure a check raised: what the engine records, reports and saves for replay. */
export interface CheckFailure {
  readonly checkId: string;
  readonly rule: RuleReference;
  readonly enforces: Check["enforces"];
  readonly seed: number;
  readonly message: string;
  readonly details: FailureDetails;
  /** `curl` commands of the requests the check sent, in order (the last one usually shows the defect). */
  readonly curl: readonly string[];
}
