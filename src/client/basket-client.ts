/**
 * A small typed client of the basket service's HTTP API — ours or any implementation at a
 * base URL. It knows routes and bodies, not our server: the conformance suite imports it
 * and nothing else from src/. Signing stays with the caller: `trade` takes a function that
 * signs one base64 transaction (web3.js, kit, a hardware wallet…).
 */
import { type FetchedText, fetchTextWithin, isTimeout } from "./request-deadline.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A non-2xx answer: the status and the `{error, code}` body the service sent. */
export class BasketApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly body: unknown,
    readonly request: string,
  ) {
    super(`${request} answered ${status}${code ? ` ${code}` : ""}: ${(body as { error?: string })?.error ?? JSON.stringify(body)}`);
    this.name = "BasketApiError";
  }
}

export interface QuoteBody {
  launch: string;
  direction: "buy" | "sell";
  amountIn: string;
  mode?: "exactIn" | "exactOut" | "exactInSol";
  slippageBps?: number;
  wallet?: string;
  preview?: boolean;
  tipLamports?: string;
  priorityFee?: "auto" | string;
}

export interface PlanStep {
  step: number;
  label: string;
  transaction: string;
  kind: "setup" | "trade";
  settles?: boolean;
}

export interface BuildResponse {
  transaction: string;
  lastValidBlockHeight: number;
  plan?: PlanStep[];
}

export interface TransactionStatus {
  signature: string;
  status: string;
  error: string | null;
  slot?: number | null;
}

export interface TradeOutcome {
  quote: Record<string, unknown> & { quoteId: string };
  build: BuildResponse;
  statuses: TransactionStatus[];
}

export interface ClientOptions {
  /** A fetch implementation; default the global one. */
  readonly fetch?: typeof fetch;
  /** Polls between status checks, in ms (default 100). */
  readonly pollIntervalMs?: number;
  /** Give up polling after this many ms (default 30 000). */
  readonly pollTimeoutMs?: number;
  /** Give up on one request after this many ms, with an error naming it (default 30 000). */
  readonly requestTimeoutMs?: number;
  /**
   * Times a request answered 429 (Too Many Requests) is sent again, each after the wait its
   * `Retry-After` asks (1 s when it names none, at most 10 s); default 5, 0 to see every 429.
   * The specification leaves a server's rate limits open: a client that slows down when told keeps working.
   */
  readonly rateLimitRetries?: number;
}

/** The longest `Retry-After` a client waits before sending a refused request again. */
const MAX_RETRY_AFTER_MS = 10_000;

/** The wait a 429's `Retry-After` header asks for (seconds, or an HTTP date), bounded; 1 s when it names none. */
export function retryAfterMillis(header: string | null, now = Date.now()): number {
  const text = header?.trim() ?? "";
  const seconds = /^\d+$/.test(text) ? Number(text) * 1000 : text === "" ? NaN : Date.parse(text) - now;
  return Number.isNaN(seconds) ? 1_000 : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, seconds));
}

export type Query = Record<string, string | number | boolean | undefined>;

/** A request as sent, for `exchange`: a raw `body` string is sent as it is (malformed JSON, other content types). */
export interface ExchangeRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Query;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value to send (with content-type application/json unless `headers` says otherwise). */
  readonly json?: unknown;
  /** Bytes of the body, sent unchanged: wins over `json`. */
  readonly rawBody?: string;
}

/** Any answer, 2xx or not, as received: what a judge of the service inspects. */
export interface Exchange {
  readonly request: ExchangeRequest & { readonly url: string };
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body, or undefined when it is not JSON. */
  readonly body: unknown;
  readonly millis: number;
}

export class BasketClient {
  readonly #fetch: typeof fetch;
  readonly #pollIntervalMs: number;
  readonly #pollTimeoutMs: number;
  readonly #requestTimeoutMs: number;
  readonly #rateLimitRetries: number;

  constructor(
    readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.#fetch = options.fetch ?? fetch;
    this.#pollIntervalMs = options.pollIntervalMs ?? 100;
    this.#pollTimeoutMs = options.pollTimeoutMs ?? 30_000;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#rateLimitRetries = options.rateLimitRetries ?? 5;
  }

  /**
   * One request and its whole body within the request timeout: a server that never answers
   * is an error naming the request, not a wait without end. A 429 is sent again after the
   * wait it asks for, up to `rateLimitRetries` times; the last answer is returned as it is.
   */
  async #fetchText(label: string, url: string, init: RequestInit): Promise<FetchedText> {
    for (let retry = 0; ; retry++) {
      let fetched: FetchedText;
      try {
        fetched = await fetchTextWithin(url, init, this.#requestTimeoutMs, this.#fetch);
      } catch (error) {
        if (isTimeout(error)) throw new Error(`${label} did not answer within ${this.#requestTimeoutMs / 1000} s`, { cause: error });
        throw error;
      }
      if (fetched.response.status !== 429 || retry >= this.#rateLimitRetries) return fetched;
      // A timer that keeps the process alive, as the request's own deadline does.
      await new Promise((resolve) => setTimeout(resolve, retryAfterMillis(fetched.response.headers.get("retry-after"))));
    }
  }

  // ---------------------------------------------------------------- read routes

  launches(query: Query = {}) {
    return this.get<{ launches: Record<string, unknown>[]; nextCursor?: string | null }>("/v1/launches", query);
  }
  launch(id: string) {
    return this.get<Record<string, unknown>>(`/v1/launches/${encodeURIComponent(id)}`);
  }
  trending(query: Query = {}) {
    return this.get<{ launches: Record<string, unknown>[] }>("/v1/launches/trending", query);
  }
  almostPaired(query: Query = {}) {
    return this.get<{ launches: Record<string, unknown>[] }>("/v1/launches/almost-paired", query);
  }
  search(q: string, query: Query = {}) {
    return this.get<{ launches: Record<string, unknown>[] }>("/v1/search", { ...query, q });
  }
  trades(id: string, query: Query = {}) {
    return this.get<{ dnaUnitSol: number | null; trades: Record<string, unknown>[]; nextCursor: string | null }>(
      `/v1/launches/${encodeURIComponent(id)}/trades`,
      query,
    );
  }
  chart(id: string, query: Query = {}) {
    return this.get<{ dnaUnitSol: number | null; solUsd: number; openRule: string; candles: Record<string, unknown>[] }>(
      `/v1/launches/${encodeURIComponent(id)}/chart`,
      query,
    );
  }
  liveTrades() {
    return this.get<{ trades: Record<string, unknown>[] }>("/v1/trades/live");
  }
  assets() {
    return this.get<Record<string, unknown>>("/v1/assets");
  }
  balances(wallet: string) {
    return this.get<{
      solLamports: string;
      feeReserveLamports: string;
      tokens: { mint: string; amount: string; decimals: number; symbol: string }[];
    }>(`/v1/wallets/${encodeURIComponent(wallet)}/balances`);
  }
  created(wallet: string) {
    return this.get<{ launches: Record<string, unknown>[] }>(`/v1/wallets/${encodeURIComponent(wallet)}/created`);
  }

  // ---------------------------------------------------------------- trade flow

  quote(body: QuoteBody) {
    return this.post<{ quote: Record<string, unknown> & { quoteId: string } }>("/v1/trades/quote", body);
  }
  build(quoteId: string, wallet: string) {
    return this.post<BuildResponse>("/v1/trades/build", { quoteId, wallet });
  }
  submit(transaction: string, quoteId?: string) {
    return this.post<TransactionStatus>("/v1/transactions/submit", quoteId === undefined ? { transaction } : { transaction, quoteId });
  }
  transaction(signature: string, lastValidBlockHeight?: number) {
    return this.get<TransactionStatus>(
      `/v1/transactions/${encodeURIComponent(signature)}`,
      lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight },
    );
  }
  buildCreate(body: Record<string, Json>) {
    return this.post<{ launch: string; primaryMint: string; transaction: string; lastValidBlockHeight: number; plan: PlanStep[] }>(
      "/v1/launches/build-create",
      body,
    );
  }

  /**
   * The specification's flow in one call: quote (stored), build for `wallet`, sign every
   * plan step with `sign`, submit them in order, and poll each until it settles.
   */
  async trade(body: QuoteBody & { wallet: string }, sign: (base64: string) => string | Promise<string>): Promise<TradeOutcome> {
    const { quote } = await this.quote({ ...body, preview: false });
    const build = await this.build(quote.quoteId, body.wallet);
    const steps = build.plan ?? [{ step: 1, label: "trade", transaction: build.transaction, kind: "trade" as const, settles: true }];
    const statuses: TransactionStatus[] = [];
    for (const step of steps) {
      const submitted = await this.submit(await sign(step.transaction), quote.quoteId);
      const settled = await this.waitFor(submitted.signature, build.lastValidBlockHeight);
      statuses.push(settled);
      if (settled.status === "failed" || settled.status === "expired") break;
    }
    return { quote, build, statuses };
  }

  /** Polls a signature until it is confirmed, finalized, failed or expired. */
  async waitFor(signature: string, lastValidBlockHeight?: number): Promise<TransactionStatus> {
    const deadline = Date.now() + this.#pollTimeoutMs;
    for (;;) {
      const status = await this.transaction(signature, lastValidBlockHeight);
      if (["confirmed", "finalized", "failed", "expired"].includes(status.status)) return status;
      if (Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, this.#pollIntervalMs));
    }
  }

  // ---------------------------------------------------------------- devnet control (this simulator only)

  devnet(path: string, body: Record<string, Json> = {}) {
    return this.post<Record<string, unknown>>(`/devnet/${path}`, body);
  }

  // ---------------------------------------------------------------- transport

  /** The URL of `path` with `query` on this client's base URL. */
  url(path: string, query: Query = {}): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    return `${this.baseUrl}${path}${search.size ? `?${search}` : ""}`;
  }

  /**
   * Sends one request and returns whatever came back, never throwing for a status: the
   * conformance suite and the scenario runner judge answers, including the wrong ones.
   */
  async exchange(request: ExchangeRequest): Promise<Exchange> {
    const url = this.url(request.path, request.query);
    const headers: Record<string, string> = { ...request.headers };
    let body: string | undefined = request.rawBody;
    if (body === undefined && request.json !== undefined) {
      body = JSON.stringify(request.json);
      if (!Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    }
    const started = performance.now();
    const { response, text } = await this.#fetchText(`${request.method} ${request.path}`, url, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return {
      request: { ...request, url },
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      text,
      body: parsed,
      millis: performance.now() - started,
    };
  }

  async get<T>(path: string, query: Query = {}): Promise<T> {
    return this.#send<T>(`GET ${path}`, this.url(path, query), { method: "GET" });
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    return this.#send<T>(`POST ${path}`, `${this.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async #send<T>(label: string, url: string, init: RequestInit): Promise<T> {
    const { response, text } = await this.#fetchText(label, url, init);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text for the error.
    }
    if (!response.ok) throw new BasketApiError(response.status, (body as { code?: string })?.code ?? null, body, label);
    return body as T;
  }
}
