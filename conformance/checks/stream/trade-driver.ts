import type { CheckContext, SampleLaunch, Wallet } from "../../engine/check.ts";
import { creationRequest } from "../../model/creation-request.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { Violation } from "../../model/violation.ts";
import { signatureOfSigned } from "../../model/wire-transaction.ts";
import { hasLanded, isOnItsWay, readStatus } from "../../model/transaction-status.ts";

/** What a small driven buy asks for: 1,000 whole launch tokens (9 decimals), a few SOL at most. */
export const BUY_TOKENS = "1000000000000";
export const WALLET_LAMPORTS = 20_000_000_000n;
const POLL_MS = 100;
const POLL_LIMIT_MS = 15_000;
/** Launches this run created: a counter in each new symbol, so two creations in one millisecond differ. */
let creations = 0;

export type DrivenTrade = { readonly ok: true; readonly signature: string } | { readonly ok: false; readonly reason: string };

/** Launches still on their bonding curve: the ones a small buy can always trade. */
export function curveLaunches(context: CheckContext): readonly SampleLaunch[] {
  return context.samples.launches.filter((launch) => launch.status === "activeBonding");
}

/** Why trades cannot be made on this server, or null when they can. */
export function cannotTrade(context: CheckContext): string | null {
  if (!context.capabilities.has("wallet")) return "no funded wallet (no /devnet/ faucet and no --keypair)";
  if (curveLaunches(context).length === 0) return "the server lists no launch on its bonding curve";
  return null;
}

/**
 * Makes a trade happen on `launch` as any client would — a buy of `amountIn` launch tokens
 * out (by default a small one), or a sell of `amountIn` the wallet holds — with `wallet` or
 * a new funded one: quote, build, sign every plan step, submit in order, moving the clock a
 * slot after each submission when the server lets us (a manual clock lands nothing by
 * itself). Returns the settling step's signature, or why no trade was made (never throws
 * for the server's answers).
 */
export async function driveTrade(
  context: CheckContext,
  launch: string,
  {
    amountIn = BUY_TOKENS,
    direction = "buy",
    wallet: given,
  }: { readonly amountIn?: string; readonly direction?: "buy" | "sell"; readonly wallet?: Wallet } = {},
): Promise<DrivenTrade> {
  const cannot = cannotTrade(context);
  if (cannot) return { ok: false, reason: cannot };
  const wallet = given ?? (await context.wallet({ lamports: WALLET_LAMPORTS }));
  const quote = await context.exchange({
    method: "POST",
    path: "/v1/trades/quote",
    // A wide buffer, as the trade session's: a price sample (every 25 slots the driver moves
    // through) may move the curve's cost between the quote and the settle.
    json: {
      launch,
      direction,
      mode: direction === "buy" ? "exactOut" : "exactIn",
      amountIn,
      wallet: wallet.address,
      slippageBps: 1_000,
      preview: false,
    },
  });
  const quoteId = (quote.body as { quote?: { quoteId?: unknown } })?.quote?.quoteId;
  if (quote.status !== 200 || typeof quoteId !== "string")
    return { ok: false, reason: `quote answered ${quote.status}: ${quote.text.slice(0, 200)}` };
  const built = await context.exchange({ method: "POST", path: "/v1/trades/build", json: { quoteId, wallet: wallet.address } });
  const body = built.body as { transaction?: string; lastValidBlockHeight?: number; plan?: { transaction: string; settles?: boolean }[] };
  if (built.status !== 200 || typeof body?.transaction !== "string")
    return { ok: false, reason: `build answered ${built.status}: ${built.text.slice(0, 200)}` };
  const steps = body.plan ?? [{ transaction: body.transaction, settles: true }];
  const landedSteps = await landInOrder(context, wallet, steps, { quoteId, lastValidBlockHeight: body.lastValidBlockHeight });
  if (!landedSteps.ok) return landedSteps;
  const settle = landedSteps.signatures[steps.findIndex((step) => step.settles === true)];
  return settle ? { ok: true, signature: settle } : { ok: false, reason: "the plan had no settling step" };
}

/**
 * Signs each step with `wallet`, submits it and waits for it to land before the next, as
 * the trade flow's steps 3 to 5 say. Returns the steps' signatures, or why one did not land.
 */
async function landInOrder(
  context: CheckContext,
  wallet: Wallet,
  steps: readonly { readonly transaction: string }[],
  { quoteId, lastValidBlockHeight }: { readonly quoteId?: string; readonly lastValidBlockHeight?: number },
): Promise<{ readonly ok: true; readonly signatures: readonly string[] } | { readonly ok: false; readonly reason: string }> {
  const signatures: string[] = [];
  for (const step of steps) {
    const signed = await wallet.sign(step.transaction);
    const signature = signatureOfSigned(signed);
    const json = quoteId === undefined ? { transaction: signed } : { transaction: signed, quoteId };
    const submitted = await context.exchange({ method: "POST", path: "/v1/transactions/submit", json });
    if (submitted.status !== 200) return { ok: false, reason: `submit answered ${submitted.status}: ${submitted.text.slice(0, 200)}` };
    const status = await settled(context, signature, lastValidBlockHeight);
    if (!hasLanded(status))
      return {
        ok: false,
        reason:
          readStatus(status) === "unread"
            ? `step ${signature} reports status ${JSON.stringify(status)}, which the harness cannot read as landed (the specification names only failed and expired)`
            : `step ${signature} ended ${status}`,
      };
    signatures.push(signature);
  }
  return { ok: true, signatures };
}

export type DrivenCreation =
  | { readonly ok: true; readonly creator: string; readonly symbol: string; readonly address: string; readonly primaryMint: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Creates a launch as any client would: build-create for a funded wallet as creator (with
 * `fields` over a valid body), every transaction found in the answer signed and landed in
 * order, then the launch found as a client finds it (build-create's answer fields are not
 * shown): in the creator's list, and its record. Returns its ids, or why none was created;
 * a creation that landed and is not in its creator's list is a Violation.
 */
export async function driveCreation(context: CheckContext, fields: Record<string, unknown> = {}): Promise<DrivenCreation> {
  if (!context.capabilities.has("wallet")) return { ok: false, reason: "no funded wallet (no /devnet/ faucet and no --keypair)" };
  const wallet = await context.wallet({ lamports: WALLET_LAMPORTS });
  // A symbol no other creation of this run used: base 36 of the time and a counter, in the specification's alphabet.
  const symbol = `C${(Date.now() * 100 + (creations++ % 100)).toString(36).toUpperCase()}`.slice(-10);
  const request = creationRequest(context, { symbol, name: `Conformance ${symbol}`, creator: wallet.address, ...fields });
  const built = await context.exchange(request);
  const body = built.body as { plan?: { transaction?: unknown }[]; transaction?: unknown; lastValidBlockHeight?: number } | undefined;
  if (built.status !== 200) return { ok: false, reason: `build-create answered ${built.status}: ${built.text.slice(0, 200)}` };
  // Inner fields are not shown: this server's plan, else its one transaction.
  const steps = Array.isArray(body?.plan) ? body.plan : [{ transaction: body?.transaction }];
  if (!steps.every((step): step is { transaction: string } => typeof step?.transaction === "string"))
    return { ok: false, reason: `build-create's answer holds no plan of transactions this suite can read: ${built.text.slice(0, 200)}` };
  const landedSteps = await landInOrder(context, wallet, steps, { lastValidBlockHeight: body?.lastValidBlockHeight });
  if (!landedSteps.ok) return landedSteps;
  const mine = await getJson<{ launches: { address: string; symbol: string }[] }>(context, `/v1/wallets/${wallet.address}/created`);
  const address = mine.launches.find((row) => row.symbol === symbol)?.address;
  if (address === undefined)
    throw new Violation(`launch ${symbol} landed but GET /v1/wallets/${wallet.address}/created does not list it`, {
      input: request.json,
      actual: mine.launches.map((row) => row.symbol),
    });
  const { primaryMint } = await getJson<{ primaryMint: string }>(context, launchPath(address));
  return { ok: true, creator: wallet.address, symbol, address, primaryMint };
}

/** Polls of a status the harness cannot read before it stops waiting for one it can: a transaction lands within a few slots. */
const UNREAD_POLLS = 8;

async function settled(context: CheckContext, signature: string, lastValidBlockHeight: number | undefined): Promise<string> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (let unread = 0; ;) {
    if (context.capabilities.has("clock")) await context.advance({ slots: 1 });
    const answer = await context.exchange({
      method: "GET",
      path: `/v1/transactions/${signature}`,
      ...(lastValidBlockHeight === undefined ? {} : { query: { lastValidBlockHeight } }),
    });
    const status = (answer.body as { status?: unknown })?.status;
    if (typeof status === "string" && !isOnItsWay(status)) return status;
    if (typeof status === "string" && readStatus(status) === "unread" && ++unread >= UNREAD_POLLS) return status;
    if (Date.now() > deadline) return typeof status === "string" ? status : `HTTP ${answer.status}`;
    if (!context.capabilities.has("clock")) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
