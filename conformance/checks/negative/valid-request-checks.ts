import fc from "fast-check";
import type { oas31 } from "openapi3-ts";
import type { ExchangeRequest } from "../../../src/client/basket-client.ts";
import type { Check, CheckContext } from "../../engine/check.ts";
import { checkProperty } from "../../engine/check-property.ts";
import { fillPath, parameterTargets } from "./request-bases.ts";

/** Paging parameters of GET /v1/launches: `status` must not be combined with them, so a valid request has one side only. */
const PAGING = new Set(["tab", "sort", "state", "cat", "asset", "creator", "ids", "cursor"]);

/** Values a parameter's schema accepts and any server can take: integers in range, enum values. Null for free text or server-issued values. */
function validValue(schema: oas31.SchemaObject): fc.Arbitrary<string> | null {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === "integer" && schema.minimum !== undefined && schema.maximum !== undefined) {
    return fc.integer({ min: schema.minimum, max: schema.maximum }).map(String);
  }
  return null;
}

/** Valid GET requests of the specification's read routes, generated from the document's parameter schemas. */
function validReads(context: CheckContext): fc.Arbitrary<ExchangeRequest> | null {
  const byTemplate = new Map<string, { name: string; values: fc.Arbitrary<string> }[]>();
  for (const target of parameterTargets(context)) {
    if (target.template.startsWith("/v1/transactions")) continue;
    const list = byTemplate.get(target.template) ?? [];
    byTemplate.set(target.template, list);
    const values =
      target.name === "q" ? fc.stringMatching(/^[A-Za-z0-9]{0,10}$/) : target.in === "query" ? validValue(target.schema) : null;
    if (values) list.push({ name: target.name, values });
  }
  const routes: fc.Arbitrary<ExchangeRequest>[] = [];
  for (const [template, parameters] of byTemplate) {
    const path = fillPath(context, template);
    if (path === null) continue;
    const record = Object.fromEntries(parameters.map(({ name, values }) => [name, fc.option(values, { nil: undefined })]));
    routes.push(
      fc.record(record).map((query) => {
        const chosen = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>;
        if (template === "/v1/launches" && chosen.status !== undefined) {
          for (const name of Object.keys(chosen)) if (PAGING.has(name)) delete chosen[name];
        }
        return { method: "GET", path, query: chosen };
      }),
    );
  }
  return routes.length > 0 ? fc.oneof(...routes) : null;
}

export const validReadsNotRefused: Check = {
  id: "negative.valid.notRefused",
  phase: "negative",
  rule: {
    section: "Endpoints",
    text: "a request whose every parameter keeps its documented rule (integers in range, listed values) is answered 200, never refused",
  },
  enforces: "specification",
  async run(context) {
    const reads = validReads(context) ?? context.skip("no read route could be called with inputs from this server");
    // Routes with few parameters give the same request again and again: each is sent once per run.
    await checkProperty(context, reads, async (request) => {
      const answer = await context.exchangeOnce(request);
      return answer.status === 200 ? null : `${answer.request.url} is valid but answered ${answer.status}: ${answer.text.slice(0, 200)}`;
    });
  },
};

export const validQuotesNotRefused: Check = {
  id: "negative.valid.quoteNotRefused",
  phase: "negative",
  rule: {
    section: "Endpoints › POST /v1/trades/quote",
    text: "a preview quote whose fields keep their rules is never refused as malformed (no 400, no 422, no 5xx)",
  },
  enforces: "specification",
  async run(context) {
    const launch = context.samples.launches.find((sample) => sample.status === "activeBonding") ?? context.noSample("launch on the curve");
    const body = fc.record(
      {
        // Budgets well above what a tip, fees and new accounts' rent take, so no server's ceiling refuses them.
        amountIn: fc.bigInt({ min: 50_000_000n, max: 10_000_000_000n }).map(String),
        slippageBps: fc.integer({ min: 0, max: 10_000 }),
        tipLamports: fc.bigInt({ min: 0n, max: 1_000_000n }).map(String),
        // "auto or lamports": lamports as a JSON number or as a decimal string like every other
        // amount; the specification shows neither, so a server must take one of the two (below).
        priorityFee: fc.constantFrom<"auto" | number | string>("auto", 0, 5000, "0", "5000"),
      },
      { requiredKeys: ["amountIn"] },
    );
    await checkProperty(context, body, async (fields) => {
      const json = { launch: launch.address, direction: "buy", mode: "exactInSol", preview: true, ...fields };
      let answer = await context.exchange({ method: "POST", path: "/v1/trades/quote", json });
      const { priorityFee } = fields;
      if ((answer.status === 400 || answer.status === 422) && priorityFee !== undefined && priorityFee !== "auto") {
        // The lamports in the other form: refused in one form and taken in the other is a reading of "lamports".
        const other = typeof priorityFee === "number" ? String(priorityFee) : Number(priorityFee);
        answer = await context.exchange({ method: "POST", path: "/v1/trades/quote", json: { ...json, priorityFee: other } });
      }
      // 400 and 422 say the request was malformed or unprocessable; a launch that left the curve meanwhile may answer 409.
      return answer.status === 400 || answer.status === 422 || answer.status >= 500
        ? `a valid preview quote was answered ${answer.status}: ${answer.text.slice(0, 200)}`
        : null;
    });
  },
};
