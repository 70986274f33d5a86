import fc from "fast-check";
import type { oas31 } from "openapi3-ts";
import type { Exchange, ExchangeRequest } from "../../../src/client/basket-client.ts";
import type { Check, CheckContext } from "../../engine/check.ts";
import { checkProperty } from "../../engine/check-property.ts";
import { endWithDecisionDifferences, expectRefused, refusalShortfall } from "../../model/refusal.ts";
import { anyCodePoint } from "./any-code-point.ts";
import { bodyOperations, fillPath, parameterTargets } from "./request-bases.ts";
import { invalidBodyValues, invalidParameterValue } from "./invalid-values.ts";

const ERRORS = { section: "Errors", text: "" };

/** What is wrong with `answer` as a refusal, anything counted (the decision checks: our document describes every refusal), or null. */
function refusalProblem(request: ExchangeRequest, answer: Exchange): string | null {
  return refusalShortfall(request.path, answer)?.problem ?? null;
}

/** Sends `request` and fails, saying `what` was sent and with `input`, unless the answer is a refusal with an `error` sentence (a decision check's rule). */
async function expectRefusal(context: CheckContext, request: ExchangeRequest, what: string, input: unknown): Promise<void> {
  const answer = await context.exchange(request);
  const problem = refusalProblem(request, answer);
  if (problem) context.fail(`${what}: ${problem}`, { input, actual: answer.body ?? answer.text.slice(0, 300) });
}

/**
 * build-create fields the specification types without an upper bound (`feeBps` and
 * `creatorFeeShareBps` are "number"; `supply`, `dnaUnitSol` and `curveTargetSol` only "> 0";
 * `imageUri` has no length): our document's maxima, fractions and lengths for them are our
 * decisions, so values past them are not sent as invalid. But `supply` is typed "integer":
 * a fraction of it is (SPECIFIED_INTEGERS).
 */
const UNBOUNDED_CREATE_FIELDS: ReadonlySet<string> = new Set([
  "feeBps",
  "creatorFeeShareBps",
  "supply",
  "dnaUnitSol",
  "curveTargetSol",
  "imageUri",
]);
const OUR_BOUND = /^(above |a huge |a fraction |longer than )/;
/** build-create fields among those that the specification types "integer": a fraction breaks its rule, not only ours. */
const SPECIFIED_INTEGERS: ReadonlySet<string> = new Set(["supply"]);
/** An array item's values that break only our document's ranges and lengths. */
const OUR_ITEM_BOUND = /^(above |below |a huge |longer than |empty)/;

/** One invalid request with the reason it is invalid. */
interface InvalidRequest {
  readonly request: ExchangeRequest;
  readonly why: string;
}

/**
 * A quote the server stored (no wallet, not a preview), so that a build body with one bad
 * field is refused for that field alone, not for naming an unknown quote; null when the
 * server stores none this way.
 */
async function storedQuoteId(context: CheckContext): Promise<string | null> {
  const launch = context.samples.launches.find((sample) => sample.status === "activeBonding" && sample.kind === "pairs");
  if (!launch) return null;
  const answer = await context.exchange({
    method: "POST",
    path: "/v1/trades/quote",
    json: { launch: launch.address, direction: "buy", amountIn: "1000000000", preview: false },
  });
  const quoteId = (answer.body as { quote?: { quoteId?: unknown } } | undefined)?.quote?.quoteId;
  return answer.status === 200 && typeof quoteId === "string" ? quoteId : null;
}

/**
 * Invalid bodies of every POST operation: each required field missing, each field given a
 * value its schema rejects (a field of an array's items too: build-create's components), a
 * decimal-string field given as a JSON number, bodies that are no object. A build names
 * `quoteId`, a stored quote, when there is one.
 */
function invalidBodies(context: CheckContext, quoteId: string | null): InvalidRequest[] {
  const out: InvalidRequest[] = [];
  for (const operation of bodyOperations(context)) {
    const { path, schema } = operation;
    const base = path === "/v1/trades/build" && quoteId !== null ? { ...operation.base, quoteId } : operation.base;
    const post = (json: unknown, why: string) => out.push({ request: { method: "POST", path, json }, why: `${path}: ${why}` });
    for (const name of schema.required ?? []) {
      const { [name]: _, ...rest } = base;
      post(rest, `required field ${name} missing`);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const fieldSchema = property as oas31.SchemaObject;
      for (const { value, why } of invalidBodyValues(fieldSchema)) {
        const specified = why.startsWith("a fraction") && SPECIFIED_INTEGERS.has(name);
        if (path === "/v1/launches/build-create" && UNBOUNDED_CREATE_FIELDS.has(name) && OUR_BOUND.test(why) && !specified) continue;
        post({ ...base, [name]: value }, `${name}: ${why}`);
      }
      // An amount is a decimal string: the same number as JSON is not one (a server coercing it reads what was never sent).
      const given = base[name];
      if (fieldSchema.type === "string" && typeof given === "string" && /^[1-9]\d{0,14}$/.test(given))
        post({ ...base, [name]: Number(given) }, `${name}: the number ${given} for a decimal string`);
      // Each field of an array's first item (build-create's components: {mint, targetBps}), one at a time.
      const items = fieldSchema.type === "array" ? (fieldSchema.items as oas31.SchemaObject | undefined) : undefined;
      const first = Array.isArray(given) ? (given[0] as Record<string, unknown> | undefined) : undefined;
      // Only what the specification types ("each {mint string, targetBps int}"): wrong types,
      // fractions, a mint breaking the address pattern; our ranges and which fields an item
      // must have are our document's.
      if (items?.properties && first && typeof first === "object") {
        for (const [itemName, itemProperty] of Object.entries(items.properties))
          for (const { value, why } of invalidBodyValues(itemProperty as oas31.SchemaObject)) {
            if (OUR_ITEM_BOUND.test(why)) continue;
            post(
              { ...base, [name]: [{ ...first, [itemName]: value }, ...(given as unknown[]).slice(1)] },
              `${name}[0].${itemName}: ${why}`,
            );
          }
      }
    }
    post([], "an array for the body");
    post("text", "a string for the body");
    post(null, "null for the body");
  }
  return out;
}

export const invalidBodiesRefused: Check = {
  id: "negative.body.refused",
  phase: "negative",
  rule: {
    ...ERRORS,
    text: "a request breaking a body field's documented rule (missing, wrong type, out of range, pattern, unicode, huge) is refused with a 4xx and an `error` sentence",
  },
  enforces: "specification",
  async run(context) {
    const invalid = invalidBodies(context, await storedQuoteId(context));
    if (invalid.length === 0) context.skip("no POST operation's body could be written from this server's samples");
    // Every one is sent (a few hundred small requests): a sample of them let a rule go unjudged on some seeds.
    const differences: string[] = [];
    const failures: { why: string; problem: string; request: ExchangeRequest }[] = [];
    for (const { request, why } of invalid) {
      const shortfall = refusalShortfall(request.path, await context.exchangeOnce(request));
      if (shortfall?.kind === "decision") differences.push(`${why}: ${shortfall.problem}`);
      if (shortfall?.kind === "specification") failures.push({ why, problem: shortfall.problem, request });
    }
    const [first] = failures;
    if (first)
      context.fail(
        `${first.why}: ${first.problem}${failures.length > 1 ? ` (and ${failures.length - 1} more of the ${invalid.length} invalid bodies)` : ""}`,
        { input: first.request.json, actual: failures.slice(1, 10).map((failure) => failure.why) },
      );
    endWithDecisionDifferences(context, differences);
  },
};

export const invalidParametersRefused: Check = {
  id: "negative.parameters.refused",
  phase: "negative",
  rule: {
    ...ERRORS,
    text: "a query or path parameter breaking its documented rule (not an integer, out of range, not one of the values, not an address) is refused with a 4xx and an `error` sentence (the specification states the values; refusing the others, rather than reading them leniently, is our decision)",
  },
  enforces: "decision",
  async run(context) {
    const targets = parameterTargets(context).flatMap((target) => {
      const values = invalidParameterValue(target.schema);
      if (!values) return [];
      // A path value of dots would be resolved away by URL normalization before it reached the route.
      const usable = target.in === "path" ? values.filter((value) => !/^\.+$/.test(value)) : values;
      return [usable.map((value) => ({ target, value }))];
    });
    if (targets.length === 0) context.skip("the document's GET routes declare no parameter with a checkable rule");
    await checkProperty(context, fc.oneof(...targets), async ({ target, value }) => {
      const path = fillPath(context, target.template, target.in === "path" ? { [target.name]: value } : {});
      if (path === null) return null;
      const request: ExchangeRequest = { method: "GET", path, query: target.in === "query" ? { [target.name]: value } : {} };
      // Values come often from short lists (unicode, "-1", "null"…): a repeated one is judged by its one answer.
      const problem = refusalProblem(request, await context.exchangeOnce(request));
      return problem && `${target.template} ${target.in} parameter ${target.name}=${JSON.stringify(value)}: ${problem}`;
    });
  },
};

export const fuzzNo5xx: Check = {
  id: "negative.fuzz.no5xx",
  phase: "negative",
  rule: { ...ERRORS, text: "a client's request never causes a server failure: any body or parameter gets a 2xx or a 4xx, never a 5xx" },
  enforces: "specification",
  async run(context) {
    const posts = bodyOperations(context);
    const targets = parameterTargets(context);
    const arbitraries: fc.Arbitrary<ExchangeRequest>[] = [];
    if (posts.length > 0) {
      arbitraries.push(
        fc
          .record({ operation: fc.constantFrom(...posts), field: fc.string({ maxLength: 12 }), value: fc.jsonValue({ maxDepth: 3 }) })
          .map(({ operation, field, value }) => {
            const names = Object.keys(operation.schema.properties ?? {});
            const name = names.includes(field) || names.length === 0 ? field : (names[field.length % names.length] as string);
            return { method: "POST", path: operation.path, json: { ...operation.base, [name]: value } };
          }),
      );
    }
    if (targets.length > 0) {
      arbitraries.push(
        fc
          .record({ target: fc.constantFrom(...targets), value: fc.string({ maxLength: 40, unit: anyCodePoint }) })
          .map(({ target, value }) => {
            const path = fillPath(
              context,
              target.template,
              target.in === "path" ? { [target.name]: value.replace(/^\.+$/, "x") || "x" } : {},
            );
            return { method: "GET", path: path ?? "/v1/launches", query: target.in === "query" ? { [target.name]: value } : {} };
          }),
      );
    }
    if (arbitraries.length === 0) context.skip("no operation could be called with inputs from this server");
    // First, every parameter of every GET route once with each of a few values no rule admits
    // (a sample alone left some routes' refusals unjudged); then random ones.
    for (const target of targets)
      for (const value of ALWAYS_INVALID) {
        const path = fillPath(context, target.template, target.in === "path" ? { [target.name]: value } : {});
        if (path === null) continue;
        const answer = await context.exchangeOnce({ method: "GET", path, query: target.in === "query" ? { [target.name]: value } : {} });
        if (answer.status >= 500)
          context.fail(`GET ${answer.request.url} caused a server failure (${answer.status})`, {
            input: { template: target.template, parameter: target.name, value },
            actual: answer.body ?? answer.text.slice(0, 300),
          });
      }
    await checkProperty(context, fc.oneof(...arbitraries), async (request) => {
      const answer = await context.exchange(request);
      return answer.status >= 500 ? `${request.method} ${answer.request.url} caused a server failure (${answer.status})` : null;
    });
  },
};

/** Parameter values few routes' rules admit (not an address, not a count, too long, a control character): no route may fail on them. */
const ALWAYS_INVALID = ["not-an-address", "-1", "9".repeat(60), "\u0001x"];

const MALFORMED = ['{"launch":', "{", "[1,2", "{'a':1}", "not json", '{"a":1}}', "\u0000"];

export const malformedJson: Check = {
  id: "negative.malformedJson",
  phase: "negative",
  rule: { ...ERRORS, text: "bodies are JSON: a body that is not valid JSON is refused with a 4xx and an `error` sentence" },
  enforces: "specification",
  async run(context) {
    const paths = bodyOperations(context).map((operation) => operation.path);
    if (paths.length === 0) context.skip("no POST operation is described");
    await expectRefused(
      context,
      paths.flatMap((path) =>
        MALFORMED.map((rawBody) => ({
          request: { method: "POST", path, rawBody, headers: { "content-type": "application/json" } },
          what: `POST ${path} with the body ${JSON.stringify(rawBody)}`,
        })),
      ),
    );
  },
};

export const contentType: Check = {
  id: "negative.contentType",
  phase: "negative",
  rule: {
    ...ERRORS,
    text: "POST bodies are JSON (`Content-Type: application/json`): another content type or none is refused with a 4xx and an `error` sentence (the specification tells clients what to send; refusing anything else is our decision)",
  },
  enforces: "decision",
  async run(context) {
    const operations = bodyOperations(context);
    if (operations.length === 0) context.skip("no POST operation is described");
    for (const { path, base } of operations) {
      const text = JSON.stringify(base);
      for (const headers of [
        { "content-type": "text/plain" },
        { "content-type": "application/x-www-form-urlencoded" },
        { "content-type": "application/xml" },
      ]) {
        await expectRefusal(context, { method: "POST", path, rawBody: text, headers }, `POST ${path} sent as ${headers["content-type"]}`, {
          path,
          headers,
          rawBody: text,
        });
      }
      await expectRefusal(
        context,
        { method: "POST", path, headers: { "content-type": "application/json" }, rawBody: "" },
        `POST ${path} with an empty JSON body`,
        { path, rawBody: "" },
      );
    }
  },
};
