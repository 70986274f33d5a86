import type { FastifyReply, FastifyRequest } from "fastify";
import type { InjectedBug } from "./injected-bug.ts";
import { asServerFailure, objectOf, requestQuery } from "./json-answer.ts";

const TABS = new Set(["trending", "new", "almost", "graduated", "volume"]);
const SORTS = new Set(["mcap", "vol", "change", "bonding", "newest"]);

function refuse(reply: FastifyReply, error: string): void {
  void reply.code(400).send({ error, code: "INVALID_QUERY" });
}

function body(request: FastifyRequest): Record<string, unknown> | null {
  return objectOf(request.body);
}

/** A mode that rewrites a POST body of `route` with `lenient` before it is validated: a broken field read instead of refused. */
function readingBodyLeniently(
  name: string,
  route: "/v1/trades/quote" | "/v1/launches/build-create",
  rule: string,
  lenient: (body: Record<string, unknown>) => void,
): InjectedBug {
  return {
    name,
    phase: "negative",
    rule,
    caughtBy: "negative.body.refused",
    http: {
      method: "POST",
      route,
      preValidation: (request) => {
        const sent = body(request);
        if (sent) lenient(sent);
      },
    },
  };
}

/** Modes the `negative` phase catches: invalid requests let through, or answered as server failures; valid ones refused. */
export const NEGATIVE_BUGS: readonly InjectedBug[] = [
  {
    name: "content-type-not-enforced",
    phase: "negative",
    rule: "POST bodies are JSON; this mode reads a text/plain, form or XML body as JSON instead of refusing it.",
    caughtBy: "negative.contentType",
    strictOnly: true,
    http: {
      method: "POST",
      route: "*",
      onRequest: (request) => {
        const type = request.headers["content-type"];
        if (type !== undefined && !/^application\/json\b/i.test(type)) request.headers["content-type"] = "application/json";
      },
    },
  },
  {
    name: "malformed-json-as-500",
    phase: "negative",
    rule: "A body that is not valid JSON is refused with a 4xx; this mode answers it with 500.",
    caughtBy: "negative.malformedJson",
    http: {
      method: "POST",
      route: "*",
      onSend: (answer) => (objectOf(answer.body)?.code === "MALFORMED_BODY" ? asServerFailure(answer) : undefined),
    },
  },
  {
    name: "quote-refusal-as-500",
    phase: "negative",
    rule: "A client's request never causes a server failure; this mode answers every refused quote with 500.",
    caughtBy: "negative.fuzz.no5xx",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      onSend: (answer) => (answer.reply.statusCode >= 400 && answer.reply.statusCode < 500 ? asServerFailure(answer) : undefined),
    },
  },
  {
    name: "wallet-refusal-as-500",
    phase: "negative",
    rule: "A client's request never causes a server failure; this mode answers a refused wallet balances request (a malformed address) with 500.",
    caughtBy: "negative.fuzz.no5xx",
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/balances",
      onSend: (answer) => (answer.reply.statusCode >= 400 && answer.reply.statusCode < 500 ? asServerFailure(answer) : undefined),
    },
  },
  readingBodyLeniently(
    "quote-amount-number-coerced",
    "/v1/trades/quote",
    "A quote's amountIn is a decimal string; this mode reads a JSON number as its digits instead of refusing it.",
    (quote) => {
      if (typeof quote.amountIn === "number" && Number.isSafeInteger(quote.amountIn)) quote.amountIn = String(quote.amountIn);
    },
  ),
  readingBodyLeniently(
    "create-supply-fraction-rounded",
    "/v1/launches/build-create",
    "build-create's supply is an integer; this mode rounds a fraction instead of refusing it.",
    (create) => {
      if (typeof create.supply === "number" && !Number.isInteger(create.supply)) create.supply = Math.max(1, Math.round(create.supply));
    },
  ),
  readingBodyLeniently(
    "quote-direction-unchecked",
    "/v1/trades/quote",
    "A quote's direction is buy or sell; this mode reads anything else (or none) as buy instead of refusing it.",
    (quote) => {
      if (quote.direction !== "buy" && quote.direction !== "sell") quote.direction = "buy";
    },
  ),
  {
    name: "launches-tab-sort-unchecked",
    phase: "negative",
    rule: "tab and sort take one of their listed values; this mode ignores any other value instead of refusing it.",
    caughtBy: "negative.parameters.refused",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches",
      preValidation: (request) => {
        const q = requestQuery(request);
        if (q.tab !== undefined && !TABS.has(String(q.tab))) delete q.tab;
        if (q.sort !== undefined && !SORTS.has(String(q.sort))) delete q.sort;
      },
    },
  },
  {
    name: "two-query-parameters-refused",
    phase: "negative",
    rule: "A request whose every parameter keeps its rule is answered 200; this mode refuses any read with two or more parameters.",
    caughtBy: "negative.valid.notRefused",
    http: {
      method: "GET",
      route: "*",
      preValidation: (request, reply) => {
        if (!request.url.startsWith("/v1/")) return;
        if (Object.keys(objectOf(request.query) ?? {}).length >= 2) refuse(reply, "Too many query parameters.");
      },
    },
  },
  {
    name: "preview-quote-with-tip-refused",
    phase: "negative",
    rule: "A preview quote whose fields keep their rules is never refused; this mode refuses one that names tipLamports.",
    caughtBy: "negative.valid.quoteNotRefused",
    http: {
      method: "POST",
      route: "/v1/trades/quote",
      preValidation: (request, reply) => {
        const b = body(request);
        if (b?.preview === true && b.tipLamports !== undefined) refuse(reply, "tipLamports is not accepted on a preview.");
      },
    },
  },
];
