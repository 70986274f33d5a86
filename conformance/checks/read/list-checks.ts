import type { Check } from "../../engine/check.ts";
import { type Row, walkLaunchPages } from "../../model/launch-pages.ts";
import { getJson, launchPath } from "../../model/read-json.ts";
import { readStable } from "../../engine/read-stable.ts";
import { judge } from "../../model/run-property.ts";
import { type TapeTrade, tradePage } from "../../model/trade-pages.ts";
import { ensure } from "../../model/violation.ts";
import { sampledLaunches } from "./sample-launches.ts";

const AMOUNT = /^(0|[1-9][0-9]*)$/;

export const almostPairedRule: Check = {
  id: "almostPaired.rule",
  phase: "read",
  rule: {
    section: "Endpoints › GET /v1/launches/almost-paired",
    text: "at most 24 launches still on the curve with progressBps >= 7000, highest first",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const query = { kind: "all" };
      const readRows = async () => (await getJson(context, "/v1/launches/almost-paired", query)).launches as Row[];
      const fingerprintOf = (rows: Row[]) => (Array.isArray(rows) ? rows.map((row) => `${row.address}:${row.progressBps}`).join(",") : "");
      // The list and the whole set are compared as of one moment: a buy may carry a launch past 7000 bps meanwhile.
      const { rows, every } = await readStable(context, {
        what: "the almost-paired list",
        read: async () => ({
          rows: await readRows(),
          every: (await walkLaunchPages(context, { tab: "new", kind: "all" }, 100)).pages.flat(),
        }),
        markOf: ({ rows }) => fingerprintOf(rows),
        mark: async () => fingerprintOf(await readRows()),
      });
      ensure(Array.isArray(rows) && rows.length <= 24, `almost-paired returned ${rows?.length} launches, more than 24`, { input: query });
      rows.forEach((row, index) => {
        ensure(
          row.status === "activeBonding" && row.progressBps >= 7000,
          `almost-paired lists ${row.address} (${row.status}, ${row.progressBps} bps)`,
          {
            input: query,
            expected: "activeBonding with progressBps >= 7000",
            actual: row,
          },
        );
        if (index > 0)
          ensure(
            rows[index - 1]!.progressBps >= row.progressBps,
            `almost-paired row ${index + 1} (${row.progressBps} bps) follows a lower one (${rows[index - 1]!.progressBps} bps)`,
            {
              input: query,
              actual: rows.map((r) => r.progressBps),
            },
          );
      });
      // "Highest first" within at most 24: no qualifying launch above the lowest listed is left out.
      const listed = new Set(rows.map((row) => row.address));
      const floor = rows.length < 24 ? 7000 : rows.at(-1)!.progressBps + 1;
      const missing = every.filter((row) => row.status === "activeBonding" && row.progressBps >= floor && !listed.has(row.address));
      ensure(missing.length === 0, `almost-paired leaves out ${missing.length} launches on the curve at or above ${floor} bps`, {
        input: query,
        actual: missing.map((row) => ({ address: row.address, progressBps: row.progressBps })),
      });
      if (rows.length < 2)
        context.note(
          "info",
          `the world has ${rows.length} launch(es) on the curve at 7000 bps or more: only that none is left out was judged, not the order`,
        );
    });
  },
};

/** The live route, as the failures name it. */
const LIVE = { method: "GET", path: "/v1/trades/live" };

export const liveNewestAcrossLaunches: Check = {
  id: "live.newestAcrossLaunches",
  phase: "read",
  rule: { section: "Endpoints › GET /v1/trades/live", text: "trades: the twelve most recent trades across launches" },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      type LiveTrade = { signature: string; launch: string; at: string };
      const readLive = async () => (await getJson(context, "/v1/trades/live")).trades as LiveTrade[];
      const signaturesOf = (trades: LiveTrade[]) => (Array.isArray(trades) ? trades.map((trade) => trade.signature).join(",") : "");
      // The feed and the tapes are compared as of one moment: the feed read again after the tapes must not have moved.
      const { live, tapes } = await readStable(context, {
        what: "the live feed",
        read: async () => {
          const live = await readLive();
          const tapes = new Map<string, TapeTrade[]>();
          for (const launch of sampledLaunches(context))
            tapes.set(launch.address, (await tradePage(context, launch.address, 13)).trades as TapeTrade[]);
          return { live, tapes };
        },
        markOf: ({ live }) => signaturesOf(live),
        mark: async () => signaturesOf(await readLive()),
      });
      ensure(Array.isArray(live) && live.length <= 12, `the live route returned ${live?.length} trades, not twelve`, {
        input: LIVE,
        actual: live?.length,
      });
      const signatures = new Set(live.map((trade) => trade.signature));
      const oldestLive = Math.min(...live.map((trade) => Date.parse(trade.at)));
      let tapeTrades = 0;
      for (const launch of sampledLaunches(context)) {
        const tape = tapes.get(launch.address)!;
        tapeTrades += tape.length;
        for (const trade of tape)
          ensure(
            signatures.has(trade.signature) || Date.parse(trade.at) <= oldestLive,
            `trade ${trade.signature} of ${launch.address} at ${trade.at} is newer than the oldest live trade but not live`,
            {
              input: { live: LIVE, tape: { launch: launch.address, limit: 13 } },
              expected: live.map((t) => ({ signature: t.signature, at: t.at })),
              actual: trade,
            },
          );
        for (const item of live.filter((t) => t.launch === launch.address))
          ensure(
            tape.some((trade) => trade.signature === item.signature),
            `live trade ${item.signature} is not among the newest trades of its launch's tape`,
            { input: { live: LIVE, tape: { launch: launch.address, limit: 13 } }, actual: item },
          );
      }
      ensure(live.length === 12 || tapeTrades < 12, `the live route returned ${live.length} trades though the tapes hold at least twelve`, {
        input: LIVE,
        expected: 12,
        actual: live.length,
      });
    });
  },
};

export const createdNewestFirst: Check = {
  id: "created.newestFirst",
  phase: "read",
  rule: {
    section: "Endpoints › GET /v1/wallets/{wallet}/created",
    text: "launches (array of Short launch row) a wallet created, newest first: every launch it created, and none it did not",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const creators = new Map<string, { address: string; createdAt: string }[]>();
      for (const launch of sampledLaunches(context).slice(0, 12)) {
        const record = await getJson(context, launchPath(launch.address));
        const created = { address: launch.address, createdAt: String(record.createdAt) };
        creators.set(String(record.creator), [...(creators.get(String(record.creator)) ?? []), created]);
      }
      for (const [creator, launches] of creators) {
        const rows = (await getJson(context, `/v1/wallets/${creator}/created`)).launches as { address: string; createdAt: string }[];
        // The specification sets no cap on the list; a server that keeps the newest N may leave
        // out a launch older than every row it shows, never one among them.
        const oldestShown = rows.length === 0 ? Number.NEGATIVE_INFINITY : Math.min(...rows.map((row) => Date.parse(row.createdAt)));
        for (const { address, createdAt } of launches) {
          if (rows.some((row) => row.address === address)) continue;
          if (Date.parse(createdAt) < oldestShown) {
            context.note(
              "info",
              `launch ${address} of creator ${creator} is older than the ${rows.length} rows of its created list: taken as a cap`,
            );
            continue;
          }
          context.fail(`launch ${address} of creator ${creator} (created ${createdAt}) is not among the launches it created`, {
            input: { wallet: creator },
            actual: rows.map((row) => [row.address, row.createdAt]),
          });
        }
        for (let i = 1; i < rows.length; i++)
          ensure(
            Date.parse(rows[i - 1]!.createdAt) >= Date.parse(rows[i]!.createdAt),
            `created row ${i + 1} (${rows[i]!.createdAt}) is newer than the row before (${rows[i - 1]!.createdAt})`,
            {
              input: { wallet: creator },
              actual: rows.map((row) => [row.address, row.createdAt]),
            },
          );
        // Every row is a launch this wallet created (its record names it the creator); the first 20 are read.
        const known = new Set(launches.map((launch) => launch.address));
        for (const row of rows.slice(0, 20)) {
          if (known.has(row.address)) continue;
          const record = await getJson(context, launchPath(row.address));
          ensure(
            record.creator === creator,
            `the created list of ${creator} holds ${row.address}, whose creator is ${String(record.creator)}`,
            {
              input: { wallet: creator },
              actual: { address: row.address, creator: record.creator },
            },
          );
        }
      }
    });
  },
};

export const balancesShape: Check = {
  id: "balances.shape",
  phase: "read",
  rule: {
    section: "Resources and their fields › Wallet balances",
    text: "solLamports and feeReserveLamports are amounts (non-negative decimal integer strings); tokens is an array of {mint, amount, decimals, symbol, name, logoUri, known}",
  },
  enforces: "specification",
  async run(context) {
    await judge(context, async () => {
      const traders = new Set<string>();
      for (const launch of sampledLaunches(context).slice(0, 6))
        for (const trade of (await tradePage(context, launch.address, 3)).trades) traders.add(trade.trader);
      if (traders.size === 0) context.skip("no trader was found on the sampled tapes");
      for (const wallet of [...traders].slice(0, 8)) {
        const body = await getJson(context, `/v1/wallets/${wallet}/balances`);
        ensure(
          AMOUNT.test(String(body.solLamports)) && AMOUNT.test(String(body.feeReserveLamports)),
          `the balances of ${wallet} carry a lamport figure that is not an amount`,
          {
            input: { wallet },
            actual: { solLamports: body.solLamports, feeReserveLamports: body.feeReserveLamports },
          },
        );
        ensure(Array.isArray(body.tokens), `the balances of ${wallet} have no tokens array`, { input: { wallet }, actual: body });
        for (const token of body.tokens)
          ensure(
            typeof token.mint === "string" &&
              AMOUNT.test(String(token.amount)) &&
              Number.isInteger(token.decimals) &&
              typeof token.symbol === "string" &&
              typeof token.name === "string" &&
              typeof token.logoUri === "string" &&
              typeof token.known === "boolean",
            `a token of ${wallet} breaks the record`,
            {
              input: { wallet },
              actual: token,
            },
          );
      }
    });
  },
};

export const balancesExact: Check = {
  id: "balances.exact",
  phase: "read",
  rule: {
    section: "Resources and their fields › Wallet balances",
    text: "a wallet's balances are what it holds: a new wallet funded with lamports and a component shows exactly those, the token with the decimals the assets route gives its mint",
  },
  enforces: "specification",
  needs: ["control"],
  async run(context) {
    await judge(context, async () => {
      const lamports = 1_234_567_891n;
      const wallet = await context.wallet({ lamports });
      const assets = (await getJson<{ assets?: { mint: string; decimals: number }[] }>(context, "/v1/assets")).assets ?? [];
      const asset = assets[0] ?? context.noSample("priced component (GET /v1/assets)");
      const amount = "987654321";
      const funded = await context.exchange({
        method: "POST",
        path: "/devnet/airdrop",
        json: { wallet: wallet.address, mint: asset.mint, amount },
      });
      ensure(funded.status === 200, `the faucet refused a component: POST /devnet/airdrop answered ${funded.status}`, {
        actual: funded.text,
      });
      const body = await getJson<{ solLamports?: string; tokens?: { mint: string; amount: string; decimals: number }[] }>(
        context,
        `/v1/wallets/${wallet.address}/balances`,
      );
      const token = body.tokens?.find((entry) => entry.mint === asset.mint);
      const expected = { solLamports: lamports.toString(), token: { mint: asset.mint, amount, decimals: asset.decimals } };
      const actual = {
        solLamports: body.solLamports,
        token: token && { mint: token.mint, amount: token.amount, decimals: token.decimals },
      };
      ensure(JSON.stringify(actual) === JSON.stringify(expected), "a funded wallet's balances are not what it holds", {
        input: { wallet: wallet.address },
        expected,
        actual,
      });
    });
  },
};
