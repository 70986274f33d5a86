import fc from "fast-check";
import type { Check } from "../../engine/check.ts";
import { judge, runProperty } from "../../model/run-property.ts";
import {
  type Quote,
  type QuoteRequest,
  SMALL_BUY,
  balancesOf,
  curveLaunch,
  graduatedLaunch,
  holdingOf,
  quoteOf,
  trade,
  smallCurveBuy,
} from "../../model/trade-session.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { serverClock } from "../../model/server-clock.ts";
import { ensure } from "../../model/violation.ts";

const QUOTE = "Endpoints › POST /v1/trades/quote";
const SHAPES = "Resources and their fields › Quote";

const has = (quote: object, field: string) =>
  field in quote && (quote as Record<string, unknown>)[field] !== undefined && (quote as Record<string, unknown>)[field] !== null;

export const quoteShapesByVenue: Check = {
  id: "quote.shapes.byVenue",
  phase: "trade",
  rule: {
    section: SHAPES,
    text: "Three shapes, one per venue: a curve quote carries expectedOut and componentTargets; a market quote (past the curve) carries graduated: true; a pool quote (collectible) carries estimatedAmountOut and no expectedOut",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const curve = curveLaunch(context);
      const request = { launch: curve.address, direction: "buy", amountIn: SMALL_BUY, preview: true } as const;
      const quote = await quoteOf(context, request);
      ensure(
        has(quote, "expectedOut") && Array.isArray(quote.componentTargets) && quote.graduated !== true,
        "a quote on the curve lacks the curve shape",
        {
          input: request,
          expected: "expectedOut, componentTargets, no graduated: true",
          actual: quote,
        },
      );
      const market = graduatedLaunch(context);
      if (market) {
        const marketRequest = { launch: market.address, direction: "buy", amountIn: "100000000", preview: true } as const;
        const marketQuote = await quoteOf(context, marketRequest);
        ensure(marketQuote.graduated === true, "a quote on a launch past the curve does not carry graduated: true", {
          input: marketRequest,
          actual: marketQuote,
        });
      } else context.note("info", "no graduated launch is listed: the market quote shape was not checked");
      const collectible = context.samples.launches.find((launch) => launch.kind === "collectibles" && launch.status === "graduated");
      if (collectible) {
        const poolRequest = { launch: collectible.address, direction: "buy", amountIn: "100000000", preview: true } as const;
        const poolQuote = await quoteOf(context, poolRequest);
        ensure(has(poolQuote, "estimatedAmountOut") && !has(poolQuote, "expectedOut"), "a quote on a collectible lacks the pool shape", {
          input: poolRequest,
          expected: "estimatedAmountOut and no expectedOut",
          actual: poolQuote,
        });
      } else context.note("info", "no tradable collectible is listed: the pool quote shape was not checked");
    });
  },
};

/** A sell's floor as the specification sets it: `expectedOut` less `slippageBps`. */
function sellFloor(quote: Quote, slippageBps: number): bigint {
  return (BigInt(String(quote.expectedOut)) * BigInt(10_000 - slippageBps)) / 10_000n;
}

/** A unit and a basis point of `expectedOut`: rounding, on either side of the floor. */
const slackOf = (quote: Quote) => 1n + BigInt(String(quote.expectedOut)) / 10_000n;

export const quoteTermsFollowRequest: Check = {
  id: "quote.terms.followRequest",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "A quote is of the trade asked for (its launch, direction and amountIn), never promises a minOut above its expectedOut, and on a sell slippageBps (default 100) sets the floor: minOut is not below expectedOut less slippageBps, nor so far above it that the slippage asked is mostly ignored (within a quarter of it; exactly the floor is our decision, and a tighter one within that quarter is noted)",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const curve = curveLaunch(context);
      const requests: QuoteRequest[] = [
        { launch: curve.address, direction: "buy", amountIn: SMALL_BUY, preview: true },
        // A sell names its mode: the specification's only sell row is exactIn, and its default mode is exactOut.
        { launch: curve.address, direction: "sell", mode: "exactIn", amountIn: SMALL_BUY, preview: true },
        { launch: curve.address, direction: "sell", mode: "exactIn", amountIn: SMALL_BUY, slippageBps: 500, preview: true },
      ];
      for (const request of requests) {
        const quote = await quoteOf(context, request);
        const echoed = { launch: quote.launch, direction: quote.direction, amountIn: quote.amountIn };
        ensure(
          echoed.launch === request.launch && echoed.direction === request.direction && echoed.amountIn === request.amountIn,
          "a quote is not of the trade asked for",
          {
            input: request,
            expected: { launch: request.launch, direction: request.direction, amountIn: request.amountIn },
            actual: echoed,
          },
        );
        const terms = { expectedOut: quote.expectedOut, minOut: quote.minOut };
        ensure(typeof quote.expectedOut === "string" && typeof quote.minOut === "string", "a curve quote lacks expectedOut or minOut", {
          input: request,
          actual: terms,
        });
        ensure(BigInt(String(quote.minOut)) <= BigInt(String(quote.expectedOut)), "a quote's minOut is above its expectedOut", {
          input: request,
          actual: terms,
        });
        if (request.direction === "sell") {
          const slippageBps = request.slippageBps ?? 100;
          const floor = sellFloor(quote, slippageBps);
          const minOut = BigInt(String(quote.minOut));
          ensure(minOut >= floor - slackOf(quote), `a sell's minOut lets more than ${slippageBps} bps of slippage through`, {
            input: request,
            expected: `at least about ${floor}`,
            actual: terms,
          });
          // A floor a little tighter than asked (another rounding, slippage on the price rather than
          // the amount) is the server's to choose; one that ignores most of the slippage is not it.
          const ignored = (BigInt(String(quote.expectedOut)) * BigInt(slippageBps)) / 40_000n;
          ensure(minOut <= floor + slackOf(quote) + ignored, `a sell's minOut ignores the ${slippageBps} bps of slippage asked`, {
            input: request,
            expected: `about ${floor}`,
            actual: terms,
          });
          if (minOut > floor + slackOf(quote))
            context.note("decision", `a sell's minOut ${minOut} is tighter than its expectedOut less ${slippageBps} bps (${floor})`);
        }
      }
    });
  },
};

export const quoteExpiresAtWithin30s: Check = {
  id: "quote.expiresAt.within30s",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "A stored quote expires after 30 seconds: its expiresAt is 30 s past the server's clock when it was made (a second either way for rounding), not sooner and not later",
  },
  enforces: "specification",
  needs: ["control"],
  async run(context) {
    await judge(context, async () => {
      const clock = async () => (await serverClock(context)).unixTimestamp;
      const request = { launch: curveLaunch(context).address, direction: "buy", amountIn: SMALL_BUY } as const;
      const before = await clock();
      const quote = await quoteOf(context, request);
      const after = await clock();
      const expiresAt = Number(quote.expiresAt);
      ensure(expiresAt >= before + 29 && expiresAt <= after + 30, "a stored quote's expiresAt is not 30 s after it was made", {
        input: request,
        expected: `from ${before + 29} to ${after + 30} (the clock, GET /devnet/clock, was ${before} to ${after})`,
        actual: quote.expiresAt,
      });
    });
  },
};

export const quoteExactInSolWithinBudget: Check = {
  id: "quote.exactInSol.withinBudget",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "buy exactInSol: amountIn is lamports, a spending ceiling; the server solves for the largest trade the budget covers, so the cost never exceeds it",
  },
  enforces: "specification",
  needs: ["wallet"],
  async run(context) {
    const wallet = await context.wallet();
    const launch = curveLaunch(context);
    await runProperty(
      context,
      // From 0.05 SOL: a server whose ceiling also holds new accounts' rent (about 0.002 SOL each) may refuse less.
      fc.bigInt({ min: 50_000_000n, max: 5_000_000_000n }),
      async (budget) => {
        const request = {
          launch: launch.address,
          direction: "buy",
          mode: "exactInSol",
          amountIn: budget.toString(),
          wallet: wallet.address,
          preview: true,
        } as const;
        const quote = await quoteOf(context, request);
        ensure(
          quote.route != null && typeof quote.route.solIn === "string",
          "an exactInSol quote with a wallet has no route to read its cost from",
          { input: request, actual: quote },
        );
        ensure(BigInt(quote.route.solIn) <= budget, `the route spends ${quote.route.solIn} lamports of a ${budget} budget`, {
          input: request,
          expected: `solIn ≤ ${budget}`,
          actual: quote.route,
        });
      },
      { maxRuns: 15 },
    );
  },
};

export const quoteExactInSolLandedWithinBudget: Check = {
  id: "quote.exactInSol.landedWithinBudget",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "our reading of 'a spending ceiling … so the cost never exceeds it': what a landed exactInSol buy takes from the wallet (its swaps, every fee, the tip and the rent of accounts it opens) stays within the budget",
  },
  enforces: "decision",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const launch = curveLaunch(context);
      const budget = 100_000_000n;
      const solOf = async () => BigInt((await balancesOf(context, wallet.address)).SOL ?? "0");
      const before = await solOf();
      const request = { launch: launch.address, direction: "buy", mode: "exactInSol", amountIn: budget.toString() } as const;
      const landed = await trade(context, wallet, request);
      const paid = before - (await solOf());
      ensure(paid <= budget, `a landed exactInSol buy with a budget of ${budget} lamports took ${paid} from the wallet`, {
        input: { ...request, quoteId: landed.quote.quoteId },
        expected: `at most ${budget}`,
        actual: { paid: paid.toString(), quote: { route: landed.quote.route, allInLamports: landed.quote.allInLamports } },
      });
    });
  },
};

export const quotePreviewUnbuildable: Check = {
  id: "quote.preview.unbuildable",
  phase: "trade",
  rule: { section: QUOTE, text: "When preview is true the quote is not stored and its quoteId cannot be built" },
  enforces: "specification",
  needs: ["wallet"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const request = smallCurveBuy(context, wallet);
      const preview = await quoteOf(context, { ...request, preview: true });
      const answer = await context.exchange({
        method: "POST",
        path: "/v1/trades/build",
        json: { quoteId: preview.quoteId, wallet: wallet.address },
      });
      ensure(answer.status !== 200, `build accepted the preview quote ${preview.quoteId}`, {
        input: { quoteId: preview.quoteId, wallet: wallet.address },
        actual: answer.body,
      });
      // "A refused quote or build is a non-200 response whose body has error": a 4xx is our decision.
      ensure(
        answer.status >= 400 && typeof (answer.body as { error?: unknown })?.error === "string",
        `build refused a preview with ${answer.status} and no error sentence`,
        {
          input: { quoteId: preview.quoteId },
          expected: "a non-200 answer with an error sentence (a 4xx, by our decision)",
          actual: { status: answer.status, body: answer.body },
        },
      );
      // The same request stored: its id builds, so the refusal above was the preview's.
      const stored = await quoteOf(context, { ...request, preview: false });
      const built = await context.exchange({
        method: "POST",
        path: "/v1/trades/build",
        json: { quoteId: stored.quoteId, wallet: wallet.address },
      });
      ensure(built.status === 200, `the same quote stored (preview false) could not be built either: ${built.status}`, {
        input: { quoteId: stored.quoteId },
        actual: built.body,
      });
      if (answer.status >= 500)
        context.failDecision(`build refused a preview with ${answer.status}: a client's mistake is a 4xx by our decision`, {
          input: { quoteId: preview.quoteId },
          actual: { status: answer.status, body: answer.body },
        });
    });
  },
};

async function buildAfter(context: Parameters<Check["run"]>[0], seconds: number) {
  const wallet = await context.wallet();
  const request = smallCurveBuy(context, wallet);
  const quote = await quoteOf(context, request);
  await context.advance({ seconds });
  const answer = await context.exchange({
    method: "POST",
    path: "/v1/trades/build",
    json: { quoteId: quote.quoteId, wallet: wallet.address },
  });
  return { answer, input: { ...request, quoteId: quote.quoteId, advancedSeconds: seconds } };
}

export const quoteExpiry30s: Check = {
  id: "quote.expiry.30s",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "A stored quote expires after 30 seconds (a refused build is a non-200 response whose body has an error sentence)",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const early = await buildAfter(context, 29);
      ensure(early.answer.status === 200, `a quote 29 s old could not be built: ${early.answer.status}`, {
        input: early.input,
        actual: early.answer.body,
      });
      const late = await buildAfter(context, 31);
      ensure(
        late.answer.status >= 400 && typeof (late.answer.body as { error?: unknown })?.error === "string",
        `a quote 31 s old was built (${late.answer.status})`,
        {
          input: late.input,
          expected: "a non-200 answer with an error sentence",
          actual: { status: late.answer.status, body: late.answer.body },
        },
      );
    });
  },
};

export const quoteExpiryStatus410: Check = {
  id: "quote.expiry.status410",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "A stored quote expires after 30 seconds: our document refuses the build of an expired quote with 410 QUOTE_EXPIRED",
  },
  enforces: "decision",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const late = await buildAfter(context, 31);
      ensure(
        late.answer.status === 410 && (late.answer.body as { code?: string })?.code === "QUOTE_EXPIRED",
        `an expired quote's build answered ${late.answer.status}`,
        {
          input: late.input,
          expected: { status: 410, code: "QUOTE_EXPIRED" },
          actual: { status: late.answer.status, body: late.answer.body },
        },
      );
    });
  },
};

export const quoteWalletRoutesShortfall: Check = {
  id: "quote.walletRoutesShortfall",
  phase: "trade",
  rule: {
    section: QUOTE,
    text: "When wallet is given, the quote reports which components the wallet already holds and routes only the shortfall (componentFunding: required, held, shortfall)",
  },
  enforces: "specification",
  needs: ["wallet", "clock"],
  async run(context) {
    await judge(context, async () => {
      const wallet = await context.wallet();
      const launch = curveLaunch(context);
      // A first buy with a wide slippage buffer leaves the excess of every component in the wallet.
      await trade(context, wallet, { launch: launch.address, direction: "buy", amountIn: SMALL_BUY, slippageBps: 5_000 });
      const request = { launch: launch.address, direction: "buy", amountIn: SMALL_BUY, wallet: wallet.address } as const;
      const quote = await quoteOf(context, request);
      ensure(
        Array.isArray(quote.componentFunding) && quote.componentFunding.length > 0,
        "a curve buy quoted for a wallet reports no componentFunding",
        { input: request, actual: quote },
      );
      let held = 0n;
      for (const funding of quote.componentFunding) {
        const holding = await holdingOf(context, wallet.address, funding.mint);
        held += holding;
        // Held may be reported whole or capped at what the trade requires: both say what the wallet already has.
        const capped = holding < BigInt(funding.required) ? holding : BigInt(funding.required);
        ensure(
          BigInt(funding.held) === holding || BigInt(funding.held) === capped,
          `the quote says the wallet holds ${funding.held} of ${funding.mint}; its balances say ${holding}`,
          {
            input: request,
            expected: holding.toString(),
            actual: funding,
          },
        );
        const shortfall = BigInt(funding.required) > BigInt(funding.held) ? BigInt(funding.required) - BigInt(funding.held) : 0n;
        ensure(
          BigInt(funding.shortfall) === shortfall,
          `component ${funding.mint}: shortfall ${funding.shortfall} is not required ${funding.required} less held ${funding.held}`,
          {
            input: request,
            expected: shortfall.toString(),
            actual: funding,
          },
        );
      }
      // Our world leaves a buy's unused component buffer in the wallet; a service that routes
      // exact amounts leaves none, and then only the no-holding case was judged.
      if (held === 0n)
        context.note(
          "info",
          "after a buy with a 50% buffer the wallet held none of the components: only a wallet holding nothing was judged",
        );
      const covered = quote.componentFunding.every((funding) => BigInt(funding.shortfall) === 0n);
      if (quote.fullyCovered !== undefined)
        ensure(quote.fullyCovered === covered, `fullyCovered is ${quote.fullyCovered} while the shortfalls say ${covered}`, {
          input: request,
          actual: quote,
        });
    });
  },
};

export const quoteNoWalletNoRoute: Check = {
  id: "quote.noWalletNoRoute",
  phase: "trade",
  rule: { section: QUOTE, text: "Without wallet the answer has a price and no route" },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const launches = [curveLaunch(context), graduatedLaunch(context)].filter((launch) => launch !== null);
      for (const launch of launches) {
        const request = {
          launch: launch.address,
          direction: "buy",
          amountIn: launch.status === "graduated" ? "100000000" : SMALL_BUY,
          preview: true,
        } as const;
        const quote = await quoteOf(context, request);
        ensure(quote.route === undefined || quote.route === null, "a quote without a wallet carries a route", {
          input: request,
          expected: "no route",
          actual: quote.route,
        });
        // A market quote's fields beyond `graduated: true` are not shown: only a curve quote must carry its price as expectedOut.
        const priced = launch.status === "graduated" ? quote.graduated === true : has(quote, "expectedOut");
        ensure(
          priced,
          launch.status === "graduated"
            ? "a market quote lacks graduated: true"
            : "a curve quote without a wallet carries no price (expectedOut)",
          {
            input: request,
            actual: quote,
          },
        );
      }
    });
  },
};

/** The component lists of a curve quote, each entry naming a mint with its symbol and decimals. */
const COMPONENT_LISTS = ["componentTargets", "componentFees", "componentFunding"] as const;

export const quoteComponentsNamedAsLaunch: Check = {
  id: "quote.components.namedAsLaunch",
  phase: "trade",
  rule: {
    section: SHAPES,
    text: "componentTargets, componentFees and componentFunding entries are {mint, symbol, decimals, amount…} of the launch's components: each names a component of the launch with the symbol and decimals its launch record gives it",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      // A basket on the curve, and a raising collectible (its one component is wrapped SOL) when one is listed.
      const raising = context.samples.launches.find((launch) => launch.kind === "collectibles" && launch.status === "activeBonding");
      if (!raising) context.note("info", "no raising collectible is listed: only a basket's quote was checked");
      for (const launch of raising ? [curveLaunch(context), raising] : [curveLaunch(context)]) {
        const record = await getJson<{ components?: { mint: string; symbol: string; decimals: number }[] }>(
          context,
          launchPath(launch.address),
        );
        const components = new Map((record.components ?? []).map((component) => [component.mint, component]));
        const request = { launch: launch.address, direction: "buy", amountIn: SMALL_BUY, preview: true } as const;
        const quote = await quoteOf(context, request);
        for (const list of COMPONENT_LISTS) {
          const entries = quote[list];
          if (entries === undefined || entries === null) continue;
          ensure(Array.isArray(entries), `${list} is not an array`, { input: request, actual: entries });
          for (const entry of entries as { mint: string; symbol: unknown; decimals: unknown }[]) {
            const component = components.get(entry.mint);
            ensure(component !== undefined, `${list} names ${entry.mint}, which is not a component of the launch`, {
              input: request,
              expected: [...components.keys()],
              actual: entry,
            });
            ensure(
              entry.symbol === component.symbol && entry.decimals === component.decimals,
              `${list} names ${entry.mint} ${JSON.stringify(entry.symbol)} with ${String(entry.decimals)} decimals; the launch record says ${JSON.stringify(component.symbol)} with ${component.decimals}`,
              { input: request, expected: { symbol: component.symbol, decimals: component.decimals }, actual: entry },
            );
          }
        }
      }
    });
  },
};
