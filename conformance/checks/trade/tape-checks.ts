import type { Check, CheckContext } from "../../engine/check.ts";
import { getJson } from "../../model/read-json.ts";
import { judge } from "../../model/run-property.ts";
import { SMALL_BUY, type Trade, balancesOf, curveLaunch, trade } from "../../model/trade-session.ts";
import { ensure } from "../../model/violation.ts";

interface TapeRow {
  readonly signature?: string;
  readonly launch?: string;
  readonly trader?: string;
  readonly direction?: string;
  readonly primaryAmount?: string;
  readonly dnaUnits?: string;
}

/**
 * The round trip both checks judge: a fresh wallet's exactOut buy of SMALL_BUY launch tokens
 * and a sell of half of what arrived, each landed by the trade flow, with the wallet's
 * balances around the buy and the launch's tape after both.
 */
async function buyThenSellHalf(context: CheckContext) {
  const wallet = await context.wallet();
  const launch = curveLaunch(context);
  const before = await balancesOf(context, wallet.address);
  const buy = await trade(context, wallet, { launch: launch.address, direction: "buy", mode: "exactOut", amountIn: SMALL_BUY });
  const after = await balancesOf(context, wallet.address);
  const bought = BigInt(after[launch.primaryMint] ?? "0") - BigInt(before[launch.primaryMint] ?? "0");
  const sold = bought / 2n;
  const sell = await trade(context, wallet, { launch: launch.address, direction: "sell", mode: "exactIn", amountIn: sold.toString() });
  const { trades } = await getJson<{ trades: TapeRow[] }>(context, `/v1/launches/${launch.address}/trades`, { limit: "200" });
  const settling = (landed: Trade) => landed.steps.find((step) => step.settles)?.signature ?? landed.steps.at(-1)!.signature;
  return { wallet, launch, before, after, buy, sell, bought, sold, trades, settling };
}

export const tapeRecordsOwnTrades: Check = {
  id: "tape.recordsOwnTrades",
  phase: "trade",
  rule: {
    section: "Resources and their fields › Trade record",
    text: "a landed trade is on its launch's tape as it happened: its signature, the launch, the trader's wallet, buy or sell, and the launch tokens it moved (as the wallet's balance moved)",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const { wallet, launch, buy, sell, bought, sold, trades, settling } = await buyThenSellHalf(context);
      for (const [landed, direction, amount] of [
        [buy, "buy", bought],
        [sell, "sell", sold],
      ] as const) {
        const signature = settling(landed);
        const row = trades.find((entry) => entry.signature === signature);
        const expected = { signature, launch: launch.address, trader: wallet.address, direction, primaryAmount: amount.toString() };
        ensure(row !== undefined, `the landed ${direction} is not on its launch's tape`, {
          input: { launch: launch.address, signature },
          expected,
        });
        const actual = {
          signature: row.signature,
          launch: row.launch,
          trader: row.trader,
          direction: row.direction,
          primaryAmount: row.primaryAmount,
        };
        ensure(JSON.stringify(actual) === JSON.stringify(expected), `the tape records the landed ${direction} otherwise than it happened`, {
          input: { launch: launch.address, signature },
          expected,
          actual,
        });
      }
    });
  },
};

export const tradeTermsKept: Check = {
  id: "trade.termsKept",
  phase: "trade",
  rule: {
    section: "Endpoints › POST /v1/trades/quote",
    text: "a landed trade keeps its quote: a buy by exactOut delivers the launch tokens wanted out (amountIn) and is paid from the wallet's SOL; a sell receives at least minOut (slippageBps sets the floor on what is received), as its tape record's dnaUnits shows (that a sell quote's amounts are DNA units, as the tape's, is our document's: a quote a hundred times or more off what landed is read as another unit, and noted)",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const { launch, before, after, buy, sell, bought, sold, trades, settling } = await buyThenSellHalf(context);
      const input = { launch: launch.address, direction: "buy", mode: "exactOut", amountIn: SMALL_BUY, quoteId: buy.quote.quoteId };
      if (buy.quote.clamped !== true)
        ensure(bought === BigInt(SMALL_BUY), `a buy of ${SMALL_BUY} launch tokens out delivered ${bought}`, {
          input,
          expected: SMALL_BUY,
          actual: bought.toString(),
        });
      ensure(BigInt(after.SOL ?? "0") < BigInt(before.SOL ?? "0"), "the wallet's solLamports did not fall after a buy paid in SOL", {
        input,
        expected: `less than ${before.SOL}`,
        actual: after.SOL,
      });
      const signature = settling(sell);
      const row = trades.find((entry) => entry.signature === signature);
      const soldInput = { launch: launch.address, direction: "sell", amountIn: sold.toString(), quoteId: sell.quote.quoteId, signature };
      ensure(row !== undefined && typeof row.dnaUnits === "string", "the landed sell is not on its launch's tape with its dnaUnits", {
        input: soldInput,
        actual: row,
      });
      if (typeof sell.quote.minOut !== "string" || BigInt(row.dnaUnits) >= BigInt(sell.quote.minOut)) return;
      const failure = {
        input: soldInput,
        expected: `at least ${sell.quote.minOut}`,
        actual: { dnaUnits: row.dnaUnits, expectedOut: sell.quote.expectedOut },
      };
      // The specification does not say in what unit a sell's quote is (ours is the tape's DNA
      // units): a quote a hundred times or more off what landed speaks another unit, and cannot
      // be judged by the tape. Less than that is a sell that received less than its floor.
      const expectedOut = typeof sell.quote.expectedOut === "string" ? BigInt(sell.quote.expectedOut) : BigInt(sell.quote.minOut);
      if (expectedOut >= 100n * BigInt(row.dnaUnits))
        context.failDecision(
          `a sell quoted at minOut ${sell.quote.minOut} (in another unit than the tape's?) received ${row.dnaUnits} DNA units`,
          failure,
        );
      ensure(false, `a sell quoted at minOut ${sell.quote.minOut} received ${row.dnaUnits} DNA units`, failure);
    });
  },
};
