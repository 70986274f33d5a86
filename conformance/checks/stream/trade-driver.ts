import { getBase58Decoder } from "@solana/kit";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";
import { hasLanded, isSettled } from "../../model/transaction-status.ts";

/** What a small driven buy asks for: 1,000 whole launch tokens (9 decimals), a few SOL at most. */
const BUY_TOKENS = "1000000000000";
const WALLET_LAMPORTS = 20_000_000_000n;
const POLL_MS = 100;
const POLL_LIMIT_MS = 15_000;

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
 * Makes a trade happen on `launch` as any client would: quote, build, sign every plan step
 * with a funded wallet, submit in order, moving the clock a slot after each submission
 * when the server lets us (a manual clock lands nothing by itself). Returns the settling
 * step's signature, or why no trade was made (never throws for the server's answers).
 */
export async function driveTrade(context: CheckContext, launch: string): Promise<DrivenTrade> {
  const cannot = cannotTrade(context);
  if (cannot) return { ok: false, reason: cannot };
  const wallet = await context.wallet({ lamports: WALLET_LAMPORTS });
  const quote = await context.exchange({
    method: "POST",
    path: "/v1/trades/quote",
    json: { launch, direction: "buy", mode: "exactOut", amountIn: BUY_TOKENS, wallet: wallet.address, preview: false },
  });
  const quoteId = (quote.body as { quote?: { quoteId?: unknown } })?.quote?.quoteId;
  if (quote.status !== 200 || typeof quoteId !== "string")
    return { ok: false, reason: `quote answered ${quote.status}: ${quote.text.slice(0, 200)}` };
  const built = await context.exchange({ method: "POST", path: "/v1/trades/build", json: { quoteId, wallet: wallet.address } });
  const body = built.body as { transaction?: string; lastValidBlockHeight?: number; plan?: { transaction: string; settles?: boolean }[] };
  if (built.status !== 200 || typeof body?.transaction !== "string")
    return { ok: false, reason: `build answered ${built.status}: ${built.text.slice(0, 200)}` };
  const steps = body.plan ?? [{ transaction: body.transaction, settles: true }];
  let settle: string | null = null;
  for (const step of steps) {
    const signed = await wallet.sign(step.transaction);
    const signature = signatureOf(signed);
    const submitted = await context.exchange({ method: "POST", path: "/v1/transactions/submit", json: { transaction: signed, quoteId } });
    if (submitted.status !== 200) return { ok: false, reason: `submit answered ${submitted.status}: ${submitted.text.slice(0, 200)}` };
    const status = await settled(context, signature, body.lastValidBlockHeight);
    if (!hasLanded(status)) return { ok: false, reason: `step ${signature} ended ${status}` };
    if (step.settles) settle = signature;
  }
  return settle ? { ok: true, signature: settle } : { ok: false, reason: "the plan had no settling step" };
}

/** The first signature of a signed wire transaction (its id), base58. */
export function signatureOf(base64: string): string {
  const bytes = Buffer.from(base64, "base64");
  // A compact-u16 count of signatures comes first; a transaction of < 128 signers uses one byte.
  return getBase58Decoder().decode(bytes.subarray(1, 65));
}

async function settled(context: CheckContext, signature: string, lastValidBlockHeight: number | undefined): Promise<string> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    if (context.capabilities.has("clock")) await context.advance({ slots: 1 });
    const answer = await context.exchange({
      method: "GET",
      path: `/v1/transactions/${signature}`,
      ...(lastValidBlockHeight === undefined ? {} : { query: { lastValidBlockHeight } }),
    });
    const status = (answer.body as { status?: unknown })?.status;
    if (typeof status === "string" && isSettled(status)) return status;
    if (Date.now() > deadline) return typeof status === "string" ? status : `HTTP ${answer.status}`;
    if (!context.capabilities.has("clock")) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
