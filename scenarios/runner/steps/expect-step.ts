import { matchPattern, mismatchDiff } from "../match-pattern.ts";
import { ScenarioFailedSignal } from "../scenario-signals.ts";
import { transcriptJson } from "../transcript-text.ts";
import type { StepHandler } from "./step-handler.ts";

interface Balances {
  readonly solLamports: string;
  readonly tokens: readonly { mint: string; amount: string }[];
}

function holding(balances: Balances | undefined, mint: unknown): bigint {
  if (!balances) return 0n;
  if (mint === undefined) return BigInt(balances.solLamports);
  return BigInt(balances.tokens.find((token) => token.mint === mint)?.amount ?? "0");
}

/** The balances `wallet` has now; the step fails when the route does not answer them. */
async function balancesNow(session: Parameters<StepHandler>[1], wallet: string): Promise<Balances> {
  const address = session.address(wallet);
  const now = await session.exchange({ method: "GET", path: `/v1/wallets/${encodeURIComponent(address)}/balances` });
  if (now.status !== 200) throw new ScenarioFailedSignal(`balances of ${wallet} answered ${now.status}`, "", 200, now.body);
  return now.body as Balances;
}

/** Tape pages a ledger reads at most (200 trades each): a scenario's launch has far fewer. */
const MAX_LEDGER_PAGES = 100;

/** What `address`'s trades on `launch`'s whole tape net in launch tokens (buys less sells), and the launch's mint. */
async function ledgerOf(session: Parameters<StepHandler>[1], launch: string, address: string): Promise<{ mint: string; net: bigint }> {
  const record = await session.exchange({ method: "GET", path: `/v1/launches/${encodeURIComponent(launch)}` });
  const mint = (record.body as { primaryMint?: unknown } | undefined)?.primaryMint;
  if (record.status !== 200 || typeof mint !== "string")
    throw new ScenarioFailedSignal(`launch ${launch} answered ${record.status}`, "", 200, record.body);
  let net = 0n;
  let before: string | null = null;
  for (let page = 0; page < MAX_LEDGER_PAGES; page++) {
    const tape = await session.exchange({
      method: "GET",
      path: `/v1/launches/${encodeURIComponent(launch)}/trades`,
      query: { limit: 200, ...(before === null ? {} : { before }) },
    });
    const body = tape.body as
      { trades?: { trader?: string; direction?: string; primaryAmount?: string }[]; nextCursor?: string | null } | undefined;
    if (tape.status !== 200 || !Array.isArray(body?.trades))
      throw new ScenarioFailedSignal(`the tape of ${launch} answered ${tape.status}`, "", 200, tape.body);
    for (const trade of body.trades)
      if (trade.trader === address) net += (trade.direction === "sell" ? -1n : 1n) * BigInt(trade.primaryAmount ?? "0");
    before = body.nextCursor ?? null;
    if (before === null) break;
  }
  return { mint, net };
}

/** `that`/`is`, a balance delta, what the tape holds, or a wallet's ledger: the judgements that are not one answer's. */
export const expectStep: StepHandler = async (args, session) => {
  if (args.that !== undefined || args.is !== undefined) {
    const mismatches = matchPattern(args.that, args.is);
    if (mismatches.length > 0) throw new ScenarioFailedSignal(`the value does not match`, mismatchDiff(mismatches), args.is, args.that);
    session.line(`  ok ${transcriptJson(args.that, 120)} matches ${transcriptJson(args.is, 120)}`);
  }
  if (args.balance !== undefined) {
    const { wallet, since, mint, delta } = args.balance as { wallet: string; since: Balances; mint?: string; delta: unknown };
    const change = (holding(await balancesNow(session, wallet), mint) - holding(since, mint)).toString();
    const mismatches = matchPattern(change, delta, `balance delta of ${wallet} in ${mint ?? "lamports"}`);
    if (mismatches.length > 0) throw new ScenarioFailedSignal(`the balance moved by ${change}`, mismatchDiff(mismatches), delta, change);
    session.line(`  ok ${wallet} ${mint ?? "lamports"} moved by ${change}`);
  }
  if (args.ledger !== undefined) {
    const { wallet, launch } = args.ledger as { wallet: string; launch: string };
    const { mint, net } = await ledgerOf(session, launch, session.address(wallet));
    const held = holding(await balancesNow(session, wallet), mint);
    const mismatches = matchPattern(held.toString(), net.toString(), `${wallet}'s launch tokens`);
    if (mismatches.length > 0)
      throw new ScenarioFailedSignal(
        `${wallet} holds ${held} launch tokens; its trades on the tape net ${net}`,
        mismatchDiff(mismatches),
        net.toString(),
        held.toString(),
      );
    session.line(`  ok ${wallet} holds the ${held} launch tokens its trades on the tape net`);
  }
  if (args.tape !== undefined) {
    const { launch, trade, count } = args.tape as { launch: string; trade: unknown; count?: unknown };
    const tape = await session.exchange({
      method: "GET",
      path: `/v1/launches/${encodeURIComponent(launch)}/trades`,
      query: { limit: 200 },
    });
    const trades = (tape.body as { trades?: unknown[] } | undefined)?.trades ?? [];
    const found = trades.filter((row) => matchPattern(row, trade).length === 0).length;
    const mismatches = matchPattern(found, count ?? { gte: 1 }, "trades matching on the tape");
    if (mismatches.length > 0)
      throw new ScenarioFailedSignal(
        `the tape holds ${found} trades matching ${transcriptJson(trade, 200)}`,
        mismatchDiff(mismatches),
        count ?? { gte: 1 },
        found,
      );
    session.line(`  ok the tape holds ${found} matching trades`);
  }
  return {};
};
