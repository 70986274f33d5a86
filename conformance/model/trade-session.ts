import type { Exchange } from "../../src/client/basket-client.ts";
import type { CheckContext, SampleLaunch, Wallet } from "../engine/check.ts";
import { documentValidators } from "../engine/document-validator.ts";
import { getJson, launchPath, okBody, postJson } from "./read-json.ts";
import { isOnItsWay } from "./transaction-status.ts";
import { Violation } from "./violation.ts";
import { signatureOfSigned } from "./wire-transaction.ts";

export interface QuoteRequest {
  readonly launch: string;
  readonly direction: "buy" | "sell";
  readonly amountIn: string;
  readonly mode?: "exactIn" | "exactOut" | "exactInSol";
  readonly slippageBps?: number;
  readonly wallet?: string;
  readonly preview?: boolean;
}

export interface Quote {
  readonly quoteId: string;
  readonly expectedOut?: string;
  readonly estimatedAmountOut?: string;
  readonly graduated?: boolean;
  readonly componentTargets?: readonly { mint: string; amount: string }[];
  readonly componentFunding?: readonly { mint: string; amount: string; required: string; held: string; shortfall: string }[];
  readonly fullyCovered?: boolean;
  readonly route?: { readonly transactions: number; readonly solIn: string; readonly [field: string]: unknown } | null;
  readonly [field: string]: unknown;
}

export interface PlanStep {
  readonly step: number;
  readonly label: string;
  readonly transaction: string;
  readonly kind: string;
  readonly settles?: boolean;
}

export interface Built {
  readonly transaction: string;
  readonly lastValidBlockHeight: number;
  readonly plan?: readonly PlanStep[];
}

/** A stored quote (preview false unless asked), 200 or a Violation. */
export async function quoteOf(context: CheckContext, request: QuoteRequest): Promise<Quote> {
  const answer = await context.exchange({ method: "POST", path: "/v1/trades/quote", json: { preview: false, ...request } });
  if (answer.status === 409) await skipIfLeftItsCurve(context, request.launch);
  const body = okBody<{ quote: Quote }>(answer);
  if (typeof body.quote !== "object" || body.quote === null)
    throw new Violation("the quote route answered without a quote", { input: request, actual: body });
  return body.quote;
}

/**
 * The build of a stored quote for `wallet`, 200 or a Violation; an answer without the fields
 * the specification lists (`transaction`, `lastValidBlockHeight`, a plan step's own) is one too.
 */
export async function buildOf(context: CheckContext, quoteId: string, wallet: string): Promise<Built> {
  const built = await postJson<Built>(context, "/v1/trades/build", { quoteId, wallet });
  const problem = documentValidators(context.documents.openapi).relaxed.validateResponse("POST", "/v1/trades/build", 200, built).error;
  if (problem !== null)
    throw new Violation(`the build of quote ${quoteId} answered without what the specification lists: ${problem}`, {
      input: { quoteId, wallet },
      actual: built,
    });
  return built;
}

/** The plan's steps: `plan` when given, else the one `transaction` (the specification makes `plan` optional). */
export function stepsOf(built: Built): readonly PlanStep[] {
  return built.plan ?? [{ step: 1, label: "trade", transaction: built.transaction, kind: "trade", settles: true }];
}

/**
 * Submits signed bytes; the answer as it came (our request field names are a decision:
 * `transaction`, `quoteId`). A rejected transaction is never a server failure (the
 * specification's Errors): an answer saying `failed` with a 5xx fails whatever check sent it.
 * With a 4xx it is a decision difference: the specification asks 200 of a transaction the
 * network rejected, while a server may refuse bytes no network saw and call them failed.
 */
export async function submit(context: CheckContext, signed: string, quoteId?: string): Promise<Exchange> {
  const json = quoteId === undefined ? { transaction: signed } : { transaction: signed, quoteId };
  const answer = await context.exchange({ method: "POST", path: "/v1/transactions/submit", json });
  const status = (answer.body as { status?: unknown } | undefined)?.status;
  if (status !== "failed" || answer.status === 200) return answer;
  const details = {
    input: { path: "/v1/transactions/submit", quoteId },
    expected: { httpStatus: 200, status: "failed" },
    actual: { httpStatus: answer.status, body: answer.body },
  };
  const sentence = `submit answered HTTP ${answer.status} for a transaction it reports failed: a rejected transaction is HTTP 200 with status failed`;
  if (answer.status >= 500) throw new Violation(sentence, details);
  return context.failDecision(sentence, details);
}

/**
 * Submits a transaction a correct server must accept. A refusal is a skip, not a failure:
 * the specification does not show submit's request fields, so a server reading other names
 * refuses ours without being wrong.
 */
export async function submitAccepted(context: CheckContext, signed: string, quoteId: string): Promise<Exchange> {
  const answer = await submit(context, signed, quoteId);
  if (answer.status === 200) return answer;
  context.note("decision", `submit refused {transaction, quoteId}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return context.skip(
    "the server refused a signed plan step sent as {transaction, quoteId}; the specification does not show submit's field names",
  );
}

/** A transaction's status (HTTP 200 expected), with the build's lastValidBlockHeight as our document passes it. */
export function statusOf(
  context: CheckContext,
  signature: string,
  lastValidBlockHeight?: number,
): Promise<{ status: string; error?: string | null }> {
  return getJson(
    context,
    `/v1/transactions/${encodeURIComponent(signature)}`,
    lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight },
  );
}

/** Moves time a slot at a time until the transaction is no longer on its way (at most `slots` slots). */
export async function landed(context: CheckContext, signature: string, lastValidBlockHeight?: number, slots = 8) {
  let status = await statusOf(context, signature, lastValidBlockHeight);
  for (let slot = 0; slot < slots && isOnItsWay(status.status); slot++) {
    await context.advance({ slots: 1 });
    status = await statusOf(context, signature, lastValidBlockHeight);
  }
  return status;
}

export interface Trade {
  readonly quote: Quote;
  readonly built: Built;
  /** Each step's signature and final status, in order. */
  readonly steps: readonly { readonly signature: string; readonly status: string; readonly settles: boolean }[];
}

/** The specification's trade flow: quote, build, sign each step, submit and land it in order; stops at a failure. */
export async function trade(context: CheckContext, wallet: Wallet, request: QuoteRequest): Promise<Trade> {
  // A wide buffer by default: other traders may move the curve between the quote and the settle.
  const quote = await quoteOf(context, { slippageBps: 1_000, ...request, wallet: wallet.address });
  const built = await buildOf(context, quote.quoteId, wallet.address);
  const steps: { signature: string; status: string; settles: boolean }[] = [];
  for (const step of stepsOf(built)) {
    const signed = await wallet.sign(step.transaction);
    await submitAccepted(context, signed, quote.quoteId);
    const signature = signatureOfSigned(signed);
    const { status, error } = await landed(context, signature, built.lastValidBlockHeight);
    steps.push({ signature, status, settles: step.settles === true });
    if (status === "failed" || status === "expired")
      throw new Violation(`step ${step.step} (${step.label}) of a trade signed and landed in order ended ${status}: ${error}`, {
        input: { request, quoteId: quote.quoteId, step },
        actual: { status, error },
      });
  }
  return { quote, built, steps };
}

/** What the balances route says the wallet holds of `mint` (0 when absent). */
export async function holdingOf(context: CheckContext, wallet: string, mint: string): Promise<bigint> {
  const body = await getJson<{ tokens: { mint: string; amount: string }[] }>(context, `/v1/wallets/${wallet}/balances`);
  return BigInt(body.tokens.find((token) => token.mint === mint)?.amount ?? "0");
}

/** The wallet's whole balances as a comparable fingerprint (SOL and every token). */
export async function balancesOf(context: CheckContext, wallet: string): Promise<Record<string, string>> {
  const body = await getJson<{ solLamports: string; tokens: { mint: string; amount: string }[] }>(
    context,
    `/v1/wallets/${wallet}/balances`,
  );
  return Object.fromEntries([["SOL", body.solLamports], ...body.tokens.map((token) => [token.mint, token.amount])]);
}

/** How many times `signature` is on the newest 200 trades of `launch`'s tape. */
export async function onTape(context: CheckContext, launch: string, signature: string): Promise<number> {
  const answer = await context.exchange({ method: "GET", path: `/v1/launches/${launch}/trades`, query: { limit: 200 } });
  return (okBody<{ trades: { signature: string }[] }>(answer).trades ?? []).filter((trade) => trade.signature === signature).length;
}

/**
 * A launch on the curve with room to trade (pairs, under 60% sold, and among those with the
 * most tokens left on their curve: a run's trades must not complete it, and launches that
 * runs before created with tiny curves are left on the server), or a skip.
 */
export function curveLaunch(context: CheckContext): SampleLaunch {
  const onCurve = context.samples.launches.filter(
    (launch) => launch.status === "activeBonding" && launch.kind === "pairs" && launch.progressBps < 6_000,
  );
  const deepest = onCurve.reduce(
    (most, launch) => (launch.curveRemaining !== undefined && launch.curveRemaining > most ? launch.curveRemaining : most),
    0n,
  );
  // Without the rows' inventories (a server that omits them), every candidate stays.
  const candidates = onCurve
    .filter((launch) => launch.curveRemaining === undefined || launch.curveRemaining * 2n >= deepest)
    .sort((a, b) => a.progressBps - b.progressBps || (a.address < b.address ? -1 : 1));
  // The middle of the field: enough trades behind it, far from completing.
  const launch = candidates[Math.floor(candidates.length / 2)];
  if (!launch) context.noSample("pairs launch on the curve under 60% sold to trade on");
  return launch;
}

/**
 * Skips the check when `launch`, a sample taken on its curve, has left it since: the run's
 * own trades, or another client's, may complete a curve, and a quote refused for that judges
 * nothing.
 */
async function skipIfLeftItsCurve(context: CheckContext, launch: string): Promise<void> {
  const sampled = context.samples.launches.find((sample) => sample.address === launch);
  if (sampled?.status !== "activeBonding") return;
  const answer = await context.exchange({ method: "GET", path: launchPath(launch) });
  const status = (answer.body as { status?: unknown } | null)?.status;
  if (answer.status === 200 && typeof status === "string" && status !== "activeBonding")
    context.skip(`launch ${sampled.symbol} (${launch}) left its curve during the run (it is ${status} now): nothing to quote on it`);
}

/** A launch past the curve (graduated pairs launch), or null. */
export function graduatedLaunch(context: CheckContext): SampleLaunch | null {
  return context.samples.launches.find((launch) => launch.status === "graduated" && launch.kind === "pairs") ?? null;
}

/** A buy a fresh funded wallet can always afford: a million whole launch tokens at six decimals. */
export const SMALL_BUY = "1000000000000";

/** The checks' usual order: `wallet`'s SMALL_BUY on the sample curve launch, in the default mode. */
export function smallCurveBuy(context: CheckContext, wallet: Wallet) {
  return { launch: curveLaunch(context).address, direction: "buy", amountIn: SMALL_BUY, wallet: wallet.address } as const;
}
