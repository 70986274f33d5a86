import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { signatureOfSigned } from "../../conformance/model/wire-transaction.ts";
import { STEP_SCHEMAS, type ScenarioStep, type StepKind } from "../runner/scenario-schema.ts";
import { stepMistake } from "../runner/scenario-mistakes.ts";
import { PlanMessages } from "./plan-messages.ts";
import type { RecordedExchange } from "./recorded-session.ts";
import { stableExpectation } from "./stable-expectation.ts";
import type { WalletNames } from "./wallet-names.ts";

type Json = Record<string, unknown>;

/** A recorded body as JSON, or undefined when it is not JSON. */
export function jsonOf(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A step that fits its kind's schema and loads (no undeclared wallet, no fault of both
 * kinds…: what `scenario run` refuses a file for), or null: the exchange, often a client's
 * own mistake, is then replayed as the plain request it was.
 */
function fitting(kind: StepKind, step: ScenarioStep, wallets: WalletNames): ScenarioStep | null {
  // Widened to TSchema: the step union is too deep for the compiler to infer a static type from.
  const schema: TSchema = STEP_SCHEMAS[kind];
  if (!Value.Check(schema, step)) return null;
  return stepMistake(step, new Set(wallets.entries().map(([name]) => name))) === null ? step : null;
}

/**
 * Turns recorded HTTP exchanges, in order, into steps. It remembers what later steps refer
 * to: each quote's id (a later build or submit names `${quoteN.quoteId}`), each build's plan
 * (a submitted transaction is matched to the plan step it signs, and becomes `sign` + `submit`
 * of that step with the runner's wallet), and each signed transaction's signature (a status
 * poll names `${signedN.signature}`).
 */
export class ExchangeSteps {
  readonly #quotes = new Map<string, string>();
  readonly #builds: { variable: string; lastValidBlockHeight: unknown }[] = [];
  readonly #plans = new PlanMessages();
  readonly #signatures = new Map<string, string>();
  #counts = { quote: 0, build: 0, signed: 0, submit: 0 };

  constructor(readonly wallets: WalletNames) {}

  /** The steps replaying one exchange (one, or `sign` + `submit` for a matched signed transaction). */
  stepsOf(exchange: RecordedExchange): ScenarioStep[] {
    const url = new URL(exchange.url, "http://recorded");
    const request = jsonOf(exchange.requestBody);
    const answer = jsonOf(exchange.responseBody);
    const expect = stableExpectation(exchange.status, answer, this.wallets);
    const route = `${exchange.method} ${url.pathname}`;
    const plain = !url.search;
    const body = isObject(request) ? request : null;
    const typed = (kind: StepKind, step: ScenarioStep) => fitting(kind, { ...step, expect }, this.wallets);

    if (route === "POST /v1/trades/quote" && body) {
      const as = `quote${++this.#counts.quote}`;
      const step = typed("quote", { quote: this.#withWalletName(body), as });
      const quoteId = isObject(answer) && isObject(answer.quote) ? answer.quote.quoteId : undefined;
      if (step && typeof quoteId === "string") this.#quotes.set(quoteId, as);
      if (step) return [step];
    }
    if (route === "POST /v1/trades/build" && body) {
      const as = `build${++this.#counts.build}`;
      const quote = typeof body.quoteId === "string" ? this.#quotes.get(body.quoteId) : undefined;
      const step = typed("build", { build: { ...this.#withWalletName(body), ...this.#quoteIdOf(body) }, as });
      if (step && isObject(answer) && exchange.status === 200) {
        this.#plans.addBuild(as, quote, answer);
        this.#builds.push({ variable: as, lastValidBlockHeight: answer.lastValidBlockHeight });
      }
      if (step) return [step];
    }
    if (route === "POST /v1/transactions/submit" && body && typeof body.transaction === "string") {
      const steps = this.#signAndSubmit(body, expect);
      if (steps) return steps;
    }
    const statusPath = /^\/v1\/transactions\/([^/]+)$/.exec(url.pathname);
    if (exchange.method === "GET" && statusPath) {
      const step = this.#status(decodeURIComponent(statusPath[1]!), url.searchParams, expect);
      if (step) return [step];
    }
    const balancesPath = /^\/v1\/wallets\/([^/]+)\/balances$/.exec(url.pathname);
    const owner = balancesPath ? this.wallets.nameOf(decodeURIComponent(balancesPath[1]!)) : undefined;
    if (exchange.method === "GET" && owner && plain) {
      const step = typed("balances", { balances: { wallet: owner } });
      if (step) return [step];
    }
    if (exchange.method === "GET") {
      const step = typed("read", { read: { path: this.wallets.substitute(url.pathname), ...this.#queryOf(url) } });
      if (step) return [step];
    }
    if (exchange.method === "POST" && body && plain) {
      const control = this.#controlStep(url.pathname, body);
      const step = control ? typed(control[0], control[1]) : null;
      if (step) return [step];
    }
    return [this.#request(exchange, url, request, expect)];
  }

  /** Whether a recorded body names a wallet the scenario must declare. */
  #withWalletName(body: Json): Json {
    const named = typeof body.wallet === "string" ? this.wallets.nameOf(body.wallet) : undefined;
    return named ? { ...this.wallets.substitute(body), wallet: named } : this.wallets.substitute(body);
  }

  #quoteIdOf(body: Json): Json {
    if (typeof body.quoteId !== "string") return {};
    const quote = this.#quotes.get(body.quoteId);
    return { quoteId: quote ? `\${${quote}.quoteId}` : body.quoteId };
  }

  #signAndSubmit(body: Json, expect: ScenarioStep["expect"]): ScenarioStep[] | null {
    const transaction = body.transaction as string;
    const place = this.#plans.placeOf(transaction);
    const signers = place?.unsignedSigners.map((address) => this.wallets.nameOf(address)) ?? [];
    // The runner signs with one declared wallet: a transaction needing another client key (or none) is replayed as sent.
    if (!place || signers.length !== 1 || signers[0] === undefined) return null;
    const signed = `signed${++this.#counts.signed}`;
    const submit = fitting(
      "submit",
      { submit: { transaction: `\${${signed}.transaction}`, ...this.#quoteIdOf(body) }, as: `submit${++this.#counts.submit}`, expect },
      this.wallets,
    );
    if (!submit) return null;
    try {
      this.#signatures.set(signatureOfSigned(transaction), signed);
    } catch {
      // Submitted unsigned: there is no signature for a status poll to name.
    }
    return [{ sign: { wallet: signers[0], transaction: place.reference }, as: signed, note: `signs ${place.build}'s step` }, submit];
  }

  #status(signature: string, query: URLSearchParams, expect: ScenarioStep["expect"]): ScenarioStep | null {
    const keys = [...query.keys()];
    if (keys.some((key) => key !== "lastValidBlockHeight") || query.getAll("lastValidBlockHeight").length > 1) return null;
    const signed = this.#signatures.get(signature);
    const height = query.get("lastValidBlockHeight");
    const build = this.#builds.find((candidate) => String(candidate.lastValidBlockHeight) === height);
    const lastValidBlockHeight =
      height === null ? {} : { lastValidBlockHeight: build ? `\${${build.variable}.lastValidBlockHeight}` : Number(height) };
    return fitting(
      "status",
      { status: { signature: signed ? `\${${signed}.signature}` : signature, ...lastValidBlockHeight }, expect },
      this.wallets,
    );
  }

  #queryOf(url: URL): { query?: Record<string, string> } {
    if (!url.search) return {};
    return { query: this.wallets.substitute(Object.fromEntries(url.searchParams)) };
  }

  /** The `/devnet/` controls the format has a step for; anything else is a plain request. */
  #controlStep(path: string, body: Json): [StepKind, ScenarioStep] | null {
    const wallet = typeof body.wallet === "string" ? this.wallets.nameOf(body.wallet) : undefined;
    switch (path) {
      case "/devnet/airdrop":
        return wallet ? ["airdrop", { airdrop: { ...body, wallet } }] : null;
      case "/devnet/advance":
        return ["advance", { advance: body }];
      case "/devnet/prices":
        return ["price", { price: body }];
      case "/devnet/graduate":
        return ["graduate", { graduate: body }];
      case "/devnet/faults/transaction": {
        // A fault aimed at a recorded wallet is aimed at the wallet that stands for it in the replay.
        const { kind, ...rest } = body;
        return ["fault", { fault: { transaction: kind, ...rest, ...(wallet ? { wallet } : {}) } }];
      }
      case "/devnet/faults/stream": {
        const { kind, ...rest } = body;
        return ["fault", { fault: { stream: kind, ...rest } }];
      }
      default:
        return null;
    }
  }

  #request(exchange: RecordedExchange, url: URL, request: unknown, expect: ScenarioStep["expect"]): ScenarioStep {
    // Duplicate query keys cannot be a record: the query then stays in the path as sent.
    const keys = [...url.searchParams.keys()];
    const query = new Set(keys).size === keys.length ? this.#queryOf(url) : {};
    const path = this.wallets.substitute(query.query || !url.search ? url.pathname : url.pathname + url.search);
    const body =
      exchange.requestBody.length === 0
        ? {}
        : request !== undefined
          ? { json: this.wallets.substitute(request) }
          : {
              raw: exchange.requestBody.toString("utf8"),
              ...(exchange.requestContentType ? { headers: { "content-type": exchange.requestContentType } } : {}),
            };
    const unmatched =
      url.pathname === "/v1/transactions/submit"
        ? {
            note: "the submitted transaction matches no plan step a recorded build returned to a recorded wallet: replayed byte for byte, so it carries the recording's blockhash and signatures",
          }
        : {};
    return { request: { method: exchange.method, path, ...query, ...body }, expect, ...unmatched };
  }
}
