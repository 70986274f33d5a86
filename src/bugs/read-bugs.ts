import { PAGED_PARAMETERS } from "../api/routes/launches/launches-schemas.ts";
import { WIRE_RULES } from "../wire/wire-fields.ts";
import type { InjectedBug, SentAnswer } from "./injected-bug.ts";
import { objectOf, queryOf, requestQuery, rowsOf, succeeded, withRows } from "./json-answer.ts";
import { RememberedRows } from "./remembered-rows.ts";

/** Each candle of a chart answer through `change` (which may return the candle unchanged). */
function withCandles(answer: SentAnswer, change: (candle: Record<string, unknown>, index: number) => Record<string, unknown>): unknown {
  return withRows(answer, "candles", (candles) => candles.map(change));
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Rows (launch rows or trade records) each priced at twice its priceSol. */
const doublingPriceSol = (rows: Record<string, unknown>[]) =>
  rows.map((row) => (typeof row.priceSol === "number" ? { ...row, priceSol: row.priceSol * 2 } : row));

const launchPages = new RememberedRows();
/** The first row each wallet's created list showed, by wallet (a handful: the suite reads a dozen creators). */
const lastCreatedRow = new Map<string, Record<string, unknown>>();
const tradePages = new RememberedRows();

/**
 * A page that starts with the last row of the page before it (remembered in `pages` under
 * that page's nextCursor, found again by the request's `cursorParam`), its own last row dropped.
 */
function repeatingLastRow(answer: SentAnswer, pages: RememberedRows, cursorParam: string, field: string): unknown {
  const repeated = pages.recall(queryOf(answer)[cursorParam]);
  const changed = withRows(answer, field, (rows) => (repeated ? [repeated, ...rows.slice(0, -1)] : rows));
  const body = objectOf(changed ?? answer.body);
  pages.remember(body?.nextCursor, rowsOf(body, field).at(-1));
  return changed;
}

/** A mode that reads a list route's `kind` as `all` (for the requests `applies` to). */
function ignoringKind(
  name: string,
  route: "/v1/launches" | "/v1/search",
  rule: string,
  applies: (query: Record<string, unknown>) => boolean = () => true,
): InjectedBug {
  return {
    name,
    phase: "read",
    rule,
    caughtBy: "launches.filters.match",
    http: {
      method: "GET",
      route,
      preValidation: (request) => {
        const query = requestQuery(request);
        if ((query.kind === "pairs" || query.kind === "collectibles") && applies(query)) query.kind = "all";
      },
    },
  };
}

/** A mode whose search answer leaves out the launch whose exact `field` (its mint, its address) was asked. */
function searchLeavingOut(name: string, field: "primaryMint" | "address", what: string, caughtBy: string): InjectedBug {
  return {
    name,
    phase: "read",
    rule: `Search finds a launch by its exact ${what}; this mode leaves the launch whose ${what} was asked out.`,
    caughtBy,
    http: {
      method: "GET",
      route: "/v1/search",
      onSend: (answer) => {
        const q = queryOf(answer).q;
        const body = objectOf(answer.body);
        if (!body || !succeeded(answer)) return undefined;
        const rowsField = Object.keys(body).find((key) => Array.isArray(body[key]));
        return rowsField ? withRows(answer, rowsField, (rows) => rows.filter((row) => row[field] !== q)) : undefined;
      },
    },
  };
}

/** A mode that reads `GET /v1/launches` as if `parameter` had not been sent. */
function ignoringLaunchParameter(parameter: string, rule: string): InjectedBug {
  return {
    name: `launches-${parameter}-ignored`,
    phase: "read",
    rule,
    caughtBy: "launches.filters.select",
    http: {
      method: "GET",
      route: "/v1/launches",
      preValidation: (request) => {
        delete requestQuery(request)[parameter];
      },
    },
  };
}

/** Modes the `read` phase catches: pages, tapes, candles, lookups and lists that break their rules. */
export const READ_BUGS: readonly InjectedBug[] = [
  ignoringLaunchParameter("status", "status lists launches of that status; this mode ignores it and lists every status."),
  ignoringLaunchParameter("cat", "cat lists launches of that category; this mode ignores it."),
  ignoringLaunchParameter("ids", "ids lists the launches it names; this mode ignores it and lists the whole tab."),
  ignoringKind(
    "search-kind-ignored",
    "/v1/search",
    "Search takes kind as the lists do; this mode ignores it and finds launches of every kind.",
  ),
  ignoringKind(
    "launches-legacy-kind-ignored",
    "/v1/launches",
    "GET /v1/launches filters by kind in legacy mode too; this mode ignores kind when no paging parameter is sent.",
    (query) => !PAGED_PARAMETERS.some((name) => query[name] !== undefined),
  ),
  {
    name: "created-lists-a-strangers-launch",
    phase: "read",
    rule: "GET /v1/wallets/{wallet}/created lists the launches that wallet created; this mode adds, at its end and dated 2001 so the order still holds, one another wallet's list showed.",
    caughtBy: "created.newestFirst",
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/created",
      onSend: (answer) => {
        if (!succeeded(answer)) return undefined;
        const wallet = String((answer.request.params as { wallet?: unknown }).wallet);
        const stranger = [...lastCreatedRow].find(([creator]) => creator !== wallet)?.[1];
        const rows = rowsOf(objectOf(answer.body), "launches");
        if (lastCreatedRow.size >= 64) lastCreatedRow.clear();
        if (rows.length > 0) lastCreatedRow.set(wallet, rows[0]!);
        return stranger
          ? withRows(answer, "launches", (own) => [...own, { ...stranger, createdAt: "2001-01-01T00:00:00.000Z" }])
          : undefined;
      },
    },
  },
  ignoringKind(
    "launches-kind-ignored",
    "/v1/launches",
    "A list's kind filter lets through launches of that kind only; this mode ignores kind on GET /v1/launches and lists every kind.",
  ),
  {
    name: "launches-default-limit-20",
    phase: "read",
    rule: "GET /v1/launches left without limit lists 50 launches (the documented default); this mode lists 20.",
    caughtBy: "defaults.documented",
    http: {
      method: "GET",
      route: "/v1/launches",
      preValidation: (request) => {
        const query = requestQuery(request);
        if (query.limit === undefined && Object.keys(query).length === 0) query.limit = 20;
      },
    },
  },
  {
    name: "sol-balance-one-lamport-more",
    phase: "read",
    rule: "A wallet's balances are what it holds; this mode reports one lamport more than the wallet has.",
    caughtBy: "balances.exact",
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/balances",
      onSend: (answer) => {
        const balances = objectOf(answer.body);
        if (!balances || !succeeded(answer) || typeof balances.solLamports !== "string") return undefined;
        return { ...balances, solLamports: (BigInt(balances.solLamports) + 1n).toString() };
      },
    },
  },
  {
    name: "price-sol-doubled",
    phase: "read",
    rule: "A row's priceSol is priceE12 / 10^12 × dnaUnitSol; this mode lists every launch at twice that.",
    caughtBy: "launches.priceSol.fromPriceE12",
    http: {
      method: "GET",
      route: "/v1/launches",
      onSend: (answer) => withRows(answer, "launches", doublingPriceSol),
    },
  },
  {
    name: "launch-page-repeats-row",
    phase: "read",
    rule: "Keyset pages are disjoint; this mode starts each next page with the last row of the page before.",
    caughtBy: "launches.paging.disjoint",
    http: {
      method: "GET",
      route: "/v1/launches",
      onSend: (answer) => repeatingLastRow(answer, launchPages, "cursor", "launches"),
    },
  },
  {
    name: "launch-page-skips-row",
    phase: "read",
    rule: "Following nextCursor yields every launch; this mode drops the first row of every page after the first.",
    caughtBy: "launches.paging.complete",
    http: {
      method: "GET",
      route: "/v1/launches",
      onSend: (answer) => (queryOf(answer).cursor === undefined ? undefined : withRows(answer, "launches", (rows) => rows.slice(1))),
    },
  },
  {
    name: "trades-cursor-repeats-row",
    phase: "read",
    rule: "before returns trades strictly older; this mode repeats the previous page's last trade at the top of the next.",
    caughtBy: "trades.cursor.noRepeatNoSkip",
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) => repeatingLastRow(answer, tradePages, "before", "trades"),
    },
  },
  {
    name: "trades-cursor-null-on-full-page",
    phase: "read",
    rule: "A full trades page may have older trades behind it, reached by its nextCursor; this mode answers every page with nextCursor null.",
    caughtBy: "trades.shortPageAtStart",
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) => (succeeded(answer) && objectOf(answer.body) ? { ...objectOf(answer.body), nextCursor: null } : undefined),
    },
  },
  {
    name: "trade-price-sol-doubled",
    phase: "read",
    rule: "A trade's priceSol is its priceE12 / 10^12 × the page's dnaUnitSol; this mode lists every trade at twice that.",
    caughtBy: "trades.priceSol.inPageUnit",
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) => withRows(answer, "trades", doublingPriceSol),
    },
  },
  {
    name: "trades-oldest-first",
    phase: "read",
    rule: "A launch's trades are newest first; this mode lists each page oldest first.",
    caughtBy: "trades.newestFirst",
    http: { method: "GET", route: "/v1/launches/:id/trades", onSend: (answer) => withRows(answer, "trades", (rows) => rows.reverse()) },
  },
  {
    name: "candle-opens-at-own-low",
    phase: "read",
    rule: "A candle opens at the previous candle's close; this mode opens each candle with trades at a price of its own trades: its low, or its high where the low is the open (a candle of buys only).",
    caughtBy: "chart.candles.openAtPreviousClose",
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) =>
        withCandles(answer, (c) => {
          if (Number(c.n) === 0) return c;
          if (c.l !== c.o) return { ...c, o: c.l };
          return c.h !== c.o ? { ...c, o: c.h } : c;
        }),
    },
  },
  {
    name: "candle-low-above-close",
    phase: "read",
    rule: "A candle keeps l ≤ o, c ≤ h; this mode reports a low above the open and the close.",
    caughtBy: "chart.candles.lowHighBounds",
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) =>
        withCandles(answer, (c) => {
          if (Number(c.n) === 0) return c;
          const top = max(BigInt(String(c.o)), BigInt(String(c.c))) + 1n;
          return { ...c, l: top.toString(), h: max(top, BigInt(String(c.h))).toString() };
        }),
    },
  },
  {
    name: "empty-candle-zero-price",
    phase: "read",
    rule: "A candle without trades carries the previous close (o = h = l = c); this mode reports it at price 0.",
    caughtBy: "chart.candles.emptyCarriesClose",
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) =>
        withCandles(answer, (c, index) => (Number(c.n) === 0 && index > 0 ? { ...c, o: "0", h: "0", l: "0", c: "0" } : c)),
    },
  },
  {
    name: "candles-newest-first",
    phase: "read",
    rule: "Candles are listed oldest first; this mode lists them newest first.",
    caughtBy: "chart.candles.oldestFirst",
    http: { method: "GET", route: "/v1/launches/:id/chart", onSend: (answer) => withRows(answer, "candles", (rows) => rows.reverse()) },
  },
  {
    name: "candle-start-misaligned",
    phase: "read",
    rule: "Our document starts every candle at a multiple of the bucket; this mode starts each one a second late.",
    caughtBy: "chart.candles.aligned",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) => withCandles(answer, (c) => ({ ...c, t: Number(c.t) + 1 })),
    },
  },
  {
    name: "candle-count-off-by-one",
    phase: "read",
    rule: "A candle's n is the number of trades in its span; this mode counts one more on every candle with trades.",
    caughtBy: "chart.trades.countMatchesTape",
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) => withCandles(answer, (c) => (Number(c.n) > 0 ? { ...c, n: Number(c.n) + 1 } : c)),
    },
  },
  {
    name: "candle-volume-doubled",
    phase: "read",
    rule: "Our document: a candle's v is the tape's primaryAmount summed over its span; this mode doubles it.",
    caughtBy: "chart.volume.matchesTape",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches/:id/chart",
      onSend: (answer) => withCandles(answer, (c) => (Number(c.n) > 0 ? { ...c, v: (BigInt(String(c.v)) * 2n).toString() } : c)),
    },
  },
  {
    name: "mint-lookup-not-found",
    phase: "read",
    rule: "A launch is found by its address, its primary mint or its ticker; this mode answers a mint lookup with 404.",
    caughtBy: "launch.lookup.sameRecord",
    http: {
      method: "GET",
      route: "/v1/launches/:id",
      onSend: (answer) => {
        const body = objectOf(answer.body);
        const id = objectOf(answer.request.params)?.id;
        if (!body || !succeeded(answer) || id !== body.primaryMint || id === body.address) return undefined;
        answer.reply.code(404);
        return { error: `No launch has the id ${String(id)}.`, code: "LAUNCH_NOT_FOUND" };
      },
    },
  },
  {
    name: "collectible-stage-as-number",
    phase: "read",
    rule: "A collectible's stage is a string; this mode sends it as its index in the stages.",
    caughtBy: "collectibles.responses.valid",
    http: {
      method: "GET",
      route: "/v1/collectibles/:id",
      onSend: (answer) => {
        const body = objectOf(answer.body);
        return body && succeeded(answer) ? { ...body, stage: 3 } : undefined;
      },
    },
  },
  {
    name: "vault-card-route-missing",
    phase: "read",
    rule: "A vault card is also the body of GET /v1/collectibles/{id}/vault/{asset}; this mode answers that route 404.",
    caughtBy: "collectibles.vault.cardRoute",
    http: {
      method: "GET",
      route: "/v1/collectibles/:id/vault/:asset",
      onSend: (answer) => {
        if (!succeeded(answer)) return undefined;
        answer.reply.code(404);
        return { error: "No vault card here.", code: "NOT_FOUND" };
      },
    },
  },
  {
    name: "collectibles-q-ignored",
    phase: "read",
    rule: "GET /v1/collectibles?q lists only collectibles whose name or ticker holds q; this mode ignores q.",
    caughtBy: "collectibles.filters.hold",
    http: {
      method: "GET",
      route: "/v1/collectibles",
      preValidation: (request) => {
        delete requestQuery(request).q;
      },
    },
  },
  {
    name: "paged-launches-without-cursor",
    phase: "read",
    rule: "Paged mode answers a keyset page with nextCursor; this mode leaves nextCursor out.",
    caughtBy: "launches.legacyVsPaged",
    http: {
      method: "GET",
      route: "/v1/launches",
      onSend: (answer) => {
        const body = objectOf(answer.body);
        if (!body || !succeeded(answer) || !("nextCursor" in body)) return undefined;
        const { nextCursor: _, ...rest } = body;
        return rest;
      },
    },
  },
  searchLeavingOut("search-misses-mint", "primaryMint", "mint", "search.findsExactMint"),
  searchLeavingOut("search-misses-address", "address", "launch address", "search.findsExactAddress"),
  {
    name: "tape-names-another-launch",
    phase: "read",
    rule: "A launch's trade tape holds that launch's trades (each record's launch is its address); this mode names another launch in the newest.",
    caughtBy: "trades.launchMatches",
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) =>
        succeeded(answer)
          ? withRows(answer, "trades", (trades) =>
              trades.map((trade, index) => (index === 0 ? { ...trade, launch: "11111111111111111111111111111111" } : trade)),
            )
          : undefined,
    },
  },
  {
    name: "search-empty-query-lists",
    phase: "read",
    rule: "An empty search returns an empty list; this mode searches for the letter a instead.",
    caughtBy: "search.emptyQuery",
    http: {
      method: "GET",
      route: "/v1/search",
      preValidation: (request) => {
        const q = requestQuery(request);
        if (q.q === "" || q.q === undefined) q.q = "a";
      },
    },
  },
  {
    name: "almost-paired-lowest-first",
    phase: "read",
    rule: "Almost-paired launches are listed highest progressBps first; this mode lists them lowest first.",
    caughtBy: "almostPaired.rule",
    http: {
      method: "GET",
      route: "/v1/launches/almost-paired",
      onSend: (answer) => withRows(answer, "launches", (rows) => rows.reverse()),
    },
  },
  {
    name: "live-skips-newest",
    phase: "read",
    rule: "GET /v1/trades/live lists the most recent trades across launches; this mode leaves the newest one out.",
    caughtBy: "live.newestAcrossLaunches",
    http: { method: "GET", route: "/v1/trades/live", onSend: (answer) => withRows(answer, "trades", (rows) => rows.slice(1)) },
  },
  {
    name: "balance-in-sol",
    phase: "read",
    rule: "A wallet's solLamports is an amount of lamports (a decimal integer string); this mode reports SOL with a decimal point.",
    caughtBy: "balances.shape",
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/balances",
      onSend: (answer) => {
        const body = objectOf(answer.body);
        return body && succeeded(answer) ? { ...body, solLamports: (Number(body.solLamports) / 1e9 + 0.5).toString() } : undefined;
      },
    },
  },
  {
    name: "lookup-pattern-refused",
    phase: "read",
    rule: "Our reading: an address of the Notation's pattern is well formed whatever it decodes to, so a lookup by one that names nothing is a 404; this mode refuses a launch id that is no 32-byte key with 400, as a server checking addresses further would.",
    caughtBy: "lookup.patternAddresses",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches/:id",
      preValidation: (request, reply) => {
        const { id } = request.params as { id?: unknown };
        if (typeof id === "string" && id.length > 10 && !WIRE_RULES.address.check(id))
          void reply.code(400).send({ error: "path parameter id must be a base58 address of 32 bytes", code: "INVALID_PATH" });
      },
    },
  },
];
