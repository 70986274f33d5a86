import type { FastifyRequest } from "fastify";
import { PAGED_PARAMETERS } from "../api/routes/launches/launches-schemas.ts";
import { WIRE_RULES } from "../wire/wire-fields.ts";
import type { HttpBreak, InjectedBug } from "./injected-bug.ts";
import { objectOf, requestQuery, rowsOf, succeeded, withRows } from "./json-answer.ts";

function body(request: FastifyRequest): Record<string, unknown> {
  return (objectOf(request.body) ?? {}) as Record<string, unknown>;
}

/** Clamps a numeric query parameter into [min, max] so the route never refuses it. */
function clampQuery(request: FastifyRequest, name: string, min: number, max: number): void {
  const q = requestQuery(request);
  const value = Number(q[name]);
  if (q[name] === undefined || !Number.isFinite(value)) return;
  const clamped = Math.min(max, Math.max(min, Math.trunc(value)));
  // Keep the value's type: the query has already been coerced to integers when this runs, and
  // a string put back would fail validation even for a value in range.
  q[name] = typeof q[name] === "number" ? clamped : String(clamped);
}

/** Rewrites a quote's `amountIn` written as `written` matches with `repair`, so the route never refuses it. */
function repairAmountIn(request: FastifyRequest, written: RegExp, repair: (amountIn: string) => string): void {
  const b = body(request);
  if (typeof b.amountIn === "string" && written.test(b.amountIn)) b.amountIn = repair(b.amountIn);
}

/** A base58 text of an address's length: the creator the `creator-any-value-accepted` mode lets through unchanged. */
let lastCreator: string | null = null;

/** A mode of the boundaries phase breaking its rule through `http`. */
const boundaryMode = (name: string, caughtBy: string, rule: string, http: HttpBreak): InjectedBug => ({
  name,
  phase: "boundaries",
  rule,
  caughtBy,
  http,
});

/** A mode that cuts build-create's text `fields` to `max` characters instead of refusing a longer one. */
function truncatingCreateFields(name: string, fields: readonly string[], max: number, caughtBy: string, rule: string): InjectedBug {
  return boundaryMode(name, caughtBy, rule, {
    method: "POST",
    route: "/v1/launches/build-create",
    preValidation: (request) => {
      const b = body(request);
      for (const field of fields) if (typeof b[field] === "string") b[field] = (b[field] as string).slice(0, max);
    },
  });
}

/** A mode whose `route` answers `count` rows (its last repeated) when it has any: a row count past a stated maximum. */
function paddingRows(
  name: string,
  route: "/v1/search" | "/v1/launches/almost-paired",
  count: number,
  caughtBy: string,
  rule: string,
): InjectedBug {
  return boundaryMode(name, caughtBy, rule, {
    method: "GET",
    route,
    onSend: (answer) =>
      succeeded(answer)
        ? withRows(answer, "launches", (rows) =>
            rows.length === 0 ? rows : [...rows, ...Array.from({ length: Math.max(0, count - rows.length) }, () => rows.at(-1)!)],
          )
        : undefined,
  });
}

/** Modes the `boundaries` phase catches: a limit of the Limits section not enforced (or a row count past it). */
export const BOUNDARY_BUGS: readonly InjectedBug[] = [
  {
    name: "launches-limit-zero-accepted",
    phase: "boundaries",
    rule: "GET /v1/launches takes limit 1 to 100; this mode answers limit 0 (and 101) as if it were in range.",
    caughtBy: "boundaries.launches.limit",
    strictOnly: true,
    http: { method: "GET", route: "/v1/launches", preValidation: (request) => clampQuery(request, "limit", 1, 100) },
  },
  {
    name: "launches-ids-past-100-accepted",
    phase: "boundaries",
    rule: "GET /v1/launches takes up to 100 ids; this mode drops the surplus instead of refusing 101.",
    caughtBy: "boundaries.launches.ids",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches",
      preValidation: (request) => {
        const q = requestQuery(request);
        if (typeof q.ids === "string") q.ids = q.ids.split(",").slice(0, 100).join(",");
      },
    },
  },
  {
    name: "trades-limit-past-200-accepted",
    phase: "boundaries",
    rule: "A launch's trades take limit 1 to 200; this mode clamps 201 (and 0) instead of refusing it.",
    caughtBy: "boundaries.trades.limit",
    strictOnly: true,
    http: { method: "GET", route: "/v1/launches/:id/trades", preValidation: (request) => clampQuery(request, "limit", 1, 200) },
  },
  {
    name: "chart-bucket-zero-accepted",
    phase: "boundaries",
    rule: "A chart's bucket is 1 to 86400 seconds; this mode clamps a bucket out of range instead of refusing it.",
    caughtBy: "boundaries.chart.bucket",
    strictOnly: true,
    http: { method: "GET", route: "/v1/launches/:id/chart", preValidation: (request) => clampQuery(request, "bucket", 1, 86_400) },
  },
  {
    name: "chart-limit-past-1000-accepted",
    phase: "boundaries",
    rule: "A chart's limit is 1 to 1000 candles; this mode clamps 1001 (and 0) instead of refusing it.",
    caughtBy: "boundaries.chart.limit",
    strictOnly: true,
    http: { method: "GET", route: "/v1/launches/:id/chart", preValidation: (request) => clampQuery(request, "limit", 1, 1_000) },
  },
  {
    name: "live-eleven-trades",
    phase: "boundaries",
    rule: "GET /v1/trades/live returns the twelve most recent trades; this mode returns eleven.",
    caughtBy: "boundaries.live.count",
    http: {
      method: "GET",
      route: "/v1/trades/live",
      onSend: (answer) =>
        succeeded(answer) ? { ...objectOf(answer.body), trades: rowsOf(answer.body, "trades").slice(0, 11) } : undefined,
    },
  },
  {
    name: "status-with-paging-accepted",
    phase: "boundaries",
    rule: "status must not be combined with the paging parameters; this mode drops the paging ones instead of refusing.",
    caughtBy: "boundaries.launches.statusWithPaging",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches",
      preValidation: (request) => {
        const q = requestQuery(request);
        if (q.status !== undefined) for (const name of PAGED_PARAMETERS) delete q[name];
      },
    },
  },
  {
    name: "slippage-past-10000-accepted",
    phase: "boundaries",
    rule: "A quote's slippageBps is 0 to 10000; this mode clamps -1 and 10001 instead of refusing them.",
    caughtBy: "boundaries.quote.slippageBps",
    strictOnly: true,
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => {
        const b = body(request);
        if (typeof b.slippageBps === "number") b.slippageBps = Math.min(10_000, Math.max(0, b.slippageBps));
      },
    },
  },
  {
    name: "tip-past-20-digits-accepted",
    phase: "boundaries",
    rule: "A quote's tipLamports is at most 20 digits; this mode reads a longer one as no tip instead of refusing it.",
    caughtBy: "boundaries.quote.tipLamports",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => {
        const b = body(request);
        if (typeof b.tipLamports === "string" && b.tipLamports.length > 20) b.tipLamports = "0";
      },
    },
  },
  {
    name: "amount-leading-zeros-accepted",
    phase: "boundaries",
    rule: "A quote's amountIn is written without leading zeros; this mode reads 0100 as 100 instead of refusing it.",
    caughtBy: "boundaries.quote.forms",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => repairAmountIn(request, /^0[0-9]/, (amountIn) => amountIn.replace(/^0+(?=[0-9])/, "")),
    },
  },
  {
    name: "amount-sign-and-fraction-accepted",
    phase: "boundaries",
    rule: "A quote's amountIn is a non-negative decimal integer; this mode reads +100 as 100 and 100.5 as 100 instead of refusing them.",
    caughtBy: "boundaries.quote.forms",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) =>
        repairAmountIn(request, /^\+?[0-9]+(\.[0-9]+)?$/, (amountIn) => amountIn.replace(/^\+/, "").replace(/\..*$/, "")),
    },
  },
  {
    name: "symbol-any-case-accepted",
    phase: "boundaries",
    rule: "A launch symbol is 2 to 10 characters of A-Z and 0-9; this mode repairs any symbol instead of refusing it.",
    caughtBy: "boundaries.buildCreate.symbol",
    http: {
      method: "POST",
      route: "/v1/launches/build-create",
      preValidation: (request) => {
        const b = body(request);
        if (typeof b.symbol === "string") b.symbol = `${b.symbol.toUpperCase().replace(/[^A-Z0-9]/g, "X")}XX`.slice(0, 10);
      },
    },
  },
  {
    name: "creator-any-value-accepted",
    phase: "boundaries",
    rule: "build-create's creator is a wallet address; this mode builds for the last valid creator it saw when given anything else (or none).",
    caughtBy: "boundaries.buildCreate.creator",
    http: {
      method: "POST",
      route: "/v1/launches/build-create",
      preValidation: (request) => {
        const b = body(request);
        if (typeof b.creator === "string" && WIRE_RULES.addressText.check(b.creator)) lastCreator = b.creator;
        else if (lastCreator !== null) b.creator = lastCreator;
      },
    },
  },
  paddingRows(
    "search-returns-21",
    "/v1/search",
    21,
    "boundaries.search.rows",
    "GET /v1/search returns at most 20 rows; this mode answers 21 (its last row repeated).",
  ),
  paddingRows(
    "almost-paired-returns-25",
    "/v1/launches/almost-paired",
    25,
    "boundaries.almostPaired.rows",
    "GET /v1/launches/almost-paired returns at most 24 launches; this mode answers 25 (its last row repeated).",
  ),
  {
    name: "amount-past-20-digits-accepted",
    phase: "boundaries",
    rule: "A quote's amountIn is at most 20 digits; this mode reads the first 20 of a longer one instead of refusing it.",
    caughtBy: "boundaries.quote.amountIn",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request) => repairAmountIn(request, /^[0-9]{21,}$/, (amountIn) => amountIn.slice(0, 20)),
    },
  },
  truncatingCreateFields(
    "create-name-past-64-accepted",
    ["name"],
    64,
    "boundaries.buildCreate.name",
    "A launch name is 1 to 64 characters; this mode cuts a longer one to 64 instead of refusing it.",
  ),
  truncatingCreateFields(
    "create-description-past-500-accepted",
    ["description"],
    500,
    "boundaries.buildCreate.description",
    "A launch description is at most 500 characters; this mode cuts a longer one to 500 instead of refusing it.",
  ),
  truncatingCreateFields(
    "create-socials-past-256-accepted",
    ["website", "x", "telegram"],
    256,
    "boundaries.buildCreate.socials",
    "website, x and telegram are at most 256 characters; this mode cuts a longer one to 256 instead of refusing it.",
  ),
  {
    name: "six-components-accepted",
    phase: "boundaries",
    rule: "A recipe holds 1 to 5 components; this mode keeps the first five of a longer one instead of refusing it.",
    caughtBy: "boundaries.buildCreate.components",
    http: {
      method: "POST",
      route: "/v1/launches/build-create",
      preValidation: (request) => {
        const b = body(request);
        if (Array.isArray(b.components)) b.components = b.components.slice(0, 5);
      },
    },
  },
];
