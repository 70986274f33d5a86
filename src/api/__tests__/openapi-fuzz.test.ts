import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKeyPairSigner } from "@solana/kit";
import { OpenApiValidator } from "./openapi-validator.ts";
import { HOSTILE_STRINGS, type JsonSchema, SchemaArbitraries, type WorldPools } from "./schema-arbitrary.ts";
import { type SeededApi, startSeededApi } from "./seeded-api.ts";

/**
 * A schema-driven fuzzer over the document the server itself serves (every operation, the
 * trade flow and the /devnet controls included): 5,000 requests from a fixed seed, valid and
 * invalid — values drawn from the schemas, boundary numbers, wrong types, missing and extra
 * fields, huge and unicode strings, malformed JSON, wrong content types. The server must
 * never answer 5xx, every 4xx must carry an `error` sentence and a `code`, every 4xx status
 * must be one the operation documents, and every 2xx body must validate against the
 * operation's documented response.
 */
const SEED = 20_261_123;
const REQUESTS = 5_000;

type Parameter = { in: "path" | "query"; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  method: string;
  template: string;
  parameters: Parameter[];
  body?: JsonSchema;
  statuses: Set<string>;
};

/**
 * How often an operation is drawn, relative to the others (3). Two answer slowly by nature and
 * are drawn less, to keep the run short: a wallet's balances scan every token account of the
 * chain (about 60 ms in this world), a snapshot copies the chain (about 20 ms). Each is still
 * drawn about 60 times.
 */
function weightOf(operation: Operation): number {
  return operation.template === "/v1/wallets/{wallet}/balances" || operation.template === "/devnet/snapshot" ? 1 : 3;
}

/** One request, ready for `inject`. */
type FuzzRequest = { method: string; url: string; payload?: string; headers: Record<string, string>; label: string };

let seeded: SeededApi;
let validator: OpenApiValidator;
let operations: Operation[];
let arbitraries: SchemaArbitraries;
let pools: WorldPools;

async function worldPools(): Promise<WorldPools> {
  const { app, world, population } = seeded;
  const launches = (await app.inject("/v1/launches?limit=100")).json().launches as {
    address: string;
    primaryMint: string;
    symbol: string;
    creator: string;
    imageUri: string;
    components: { logoUri: string }[];
  }[];
  const trades = (await app.inject("/v1/trades/live")).json().trades as { signature: string }[];
  const addresses = [
    ...launches.flatMap((launch) => [launch.address, launch.primaryMint, launch.creator]),
    ...world.components.map((component) => String(component.mint)),
    ...population.traders.map((trader) => String(trader.address)),
    String(population.keeper.address),
    (await generateKeyPairSigner()).address,
    // Valid by the wire rule, yet no wallet can sign as it: a program address.
    "11111111111111111111111111111111",
  ];
  const quoteIds: string[] = [];
  const transactions: string[] = [];
  for (const launch of launches.slice(0, 3)) {
    const quote = await app.inject({
      method: "POST",
      url: "/v1/trades/quote",
      payload: { launch: launch.address, direction: "buy", amountIn: "1000000", wallet: population.traders[0]!.address },
    });
    if (quote.statusCode !== 200) continue;
    const quoteId = quote.json().quoteId as string;
    quoteIds.push(quoteId);
    const build = await app.inject({
      method: "POST",
      url: "/v1/trades/build",
      payload: { quoteId, wallet: population.traders[0]!.address },
    });
    if (build.statusCode === 200) transactions.push(build.json().transaction as string);
  }
  return {
    addresses,
    launchIds: launches.flatMap((launch) => [launch.address, launch.primaryMint, launch.symbol, launch.symbol.toLowerCase()]),
    signatures: trades.map((trade) => trade.signature),
    transactions: transactions.length > 0 ? transactions : ["AQ=="],
    quoteIds: [...quoteIds, "q_0123456789abcdef01234567"],
    mediaFiles: [...new Set(launches.flatMap((launch) => [launch.imageUri, ...launch.components.map((c) => c.logoUri)]))].map((uri) =>
      uri.split("/").at(-1)!,
    ),
  };
}

function operationsOf(document: any): Operation[] {
  return Object.entries<any>(document.paths).flatMap(([template, item]) =>
    Object.entries<any>(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      parameters: (operation.parameters ?? []) as Parameter[],
      ...(operation.requestBody ? { body: operation.requestBody.content["application/json"].schema as JsonSchema } : {}),
      statuses: new Set(Object.keys(operation.responses)),
    })),
  );
}

/** Path parameter text as it goes into the URL: encoded, or raw and broken on purpose. */
const BROKEN_PATH_TEXT = ["%", "%E0%A4%A", "%ZZ", "..", "%2e%2e", "%2F", "a%00b"];

function pathValue(parameter: Parameter, valid: boolean, pools: WorldPools): fc.Arbitrary<string> {
  if (!valid) {
    return fc.oneof(
      arbitraries.invalid(parameter.schema).map((value) => encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value))),
      fc.constantFrom(...BROKEN_PATH_TEXT),
    );
  }
  // The media route takes any name: the files records link to are its valid values.
  const value = parameter.name === "file" ? fc.constantFrom(...pools.mediaFiles) : arbitraries.valid(parameter.schema);
  return value.map((text) => encodeURIComponent(String(text)));
}

const queryText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** A request for `operation`: `mode` says which part, if any, breaks its schema. */
function requestFor(operation: Operation, pools: WorldPools): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  const modes = ["valid", "valid", "valid", "path", "query", "body", "body", "structure"] as const;
  return fc.constantFrom(...modes).chain((mode) => {
    const path = fc.tuple(...pathParameters.map((parameter) => pathValue(parameter, mode !== "path", pools)));
    const query = fc.tuple(
      ...queryParameters.map((parameter) =>
        fc.option(
          mode === "query"
            ? fc.oneof(
                arbitraries.valid(parameter.schema).map(queryText),
                arbitraries.invalid(parameter.schema).map(queryText),
                fc.constant(["1", "2"]),
              )
            : arbitraries.valid(parameter.schema).map(queryText),
          { freq: 2 },
        ),
      ),
    );
    const body = operation.body ? bodyFor(operation.body, mode) : fc.constant(undefined);
    return fc.tuple(path, query, body).map(([pathValues, queryValues, payload]) => {
      let url = operation.template;
      pathParameters.forEach((parameter, i) => (url = url.replace(`{${parameter.name}}`, pathValues[i]!)));
      const search = new URLSearchParams();
      queryParameters.forEach((parameter, i) => {
        const value = queryValues[i];
        if (value === null || value === undefined) return;
        for (const item of [value].flat()) search.append(parameter.name, item);
      });
      if (mode === "query") search.append("unknownParameter", "1");
      const text = search.toString();
      return {
        method: operation.method,
        url: text ? `${url}?${text}` : url,
        ...(payload ? { payload: payload.payload } : {}),
        headers: (payload?.contentType ? { "content-type": payload.contentType } : {}) as Record<string, string>,
        label: `${operation.method} ${operation.template} (${mode})`,
      };
    });
  });
}

type Body = { payload: string; contentType?: string } | undefined;

const TOO_LARGE = JSON.stringify({ padding: "x".repeat(1_100_000) });
const MALFORMED: Body[] = [
  { payload: "{", contentType: "application/json" },
  { payload: '{"a":1,}', contentType: "application/json" },
  { payload: "", contentType: "application/json" },
  { payload: "null", contentType: "application/json" },
  { payload: "[]", contentType: "application/json" },
  { payload: '"text"', contentType: "application/json" },
  { payload: "12", contentType: "application/json" },
  { payload: '{"a":' + "[".repeat(5_000) + "]".repeat(5_000) + "}", contentType: "application/json" },
  { payload: "\u0000\u0001", contentType: "application/json" },
  { payload: '{"launch": "x"}', contentType: "text/plain" },
  { payload: "launch=x", contentType: "application/x-www-form-urlencoded" },
  { payload: "{}", contentType: "application/json; charset=latin1" },
  { payload: "<a/>", contentType: "application/xml" },
  { payload: '{"a":1}' },
  { payload: TOO_LARGE, contentType: "application/json" },
];

function bodyFor(schema: JsonSchema, mode: string): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({ payload: JSON.stringify(value), contentType: "application/json" });
  const valid = arbitraries.valid(schema);
  if (mode === "structure") return fc.constantFrom(...MALFORMED);
  if (mode !== "body") return valid.map(json);
  const resolved = arbitraries.resolve(schema);
  const names = Object.keys(resolved.properties ?? {});
  if (names.length === 0)
    return fc.oneof(
      valid.map(json),
      fc.constantFrom(...HOSTILE_STRINGS).map((text) => json({ [text]: text })),
    );
  // One field broken (wrong value or removed), or an unknown one added; the rest valid.
  return fc.tuple(valid, fc.constantFrom(...names), fc.nat({ max: 2 })).chain(([value, name, how]) => {
    const object = { ...(value as Record<string, unknown>) };
    if (how === 0) {
      delete object[name];
      return fc.constant(json(object));
    }
    if (how === 1) return fc.constantFrom(...HOSTILE_STRINGS).map((text) => json({ ...object, [`extra${text.slice(0, 8)}`]: text }));
    return arbitraries.invalid(resolved.properties![name]!).map((broken) => json({ ...object, [name]: broken }));
  });
}

beforeAll(async () => {
  seeded = await startSeededApi({ launchCount: 12, trading: true, control: true });
  const document = (await seeded.app.inject("/openapi.json")).json();
  validator = new OpenApiValidator(document);
  operations = operationsOf(document);
  pools = await worldPools();
  arbitraries = new SchemaArbitraries(document.components.schemas, pools);
}, 120_000);
afterAll(async () => {
  // A realtime clock would keep ticking past the test.
  await seeded?.app.inject({ method: "POST", url: "/devnet/clock", payload: { mode: "manual" } });
  await seeded?.app.close();
});

describe("fuzzing every operation of the served document", () => {
  it(`answers ${REQUESTS} schema-derived requests without a 5xx, with error sentences and valid bodies`, async () => {
    const requests = fc.sample(
      fc.oneof(...operations.map((operation) => ({ weight: weightOf(operation), arbitrary: requestFor(operation, pools) }))),
      { seed: SEED, numRuns: REQUESTS },
    );
    expect(new Set(requests.map((request) => request.label.split(" (")[0])).size).toBe(operations.length);

    const failures = new Map<string, string>();
    const statuses = new Map<string, number>();
    const note = (key: string, detail: string) => failures.has(key) || failures.set(key, detail);
    const started = performance.now();
    for (const request of requests) {
      const response = await seeded.app.inject({
        method: request.method as "GET",
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const status = response.statusCode;
      const operation = operations.find((candidate) => request.label.startsWith(`${candidate.method} ${candidate.template} `))!;
      statuses.set(`${status}`, (statuses.get(`${status}`) ?? 0) + 1);
      const contentType = String(response.headers["content-type"] ?? "");
      const show = `${request.method} ${request.url.slice(0, 300)} ${request.payload?.slice(0, 300) ?? ""} [${request.headers["content-type"] ?? ""}] → ${status} ${response.body.slice(0, 300)}`;
      if (status >= 500) {
        note(`5xx ${request.label}`, show);
        continue;
      }
      if (status >= 400) {
        const body = contentType.startsWith("application/json") ? response.json() : null;
        if (typeof body?.error !== "string" || body.error.length === 0 || typeof body.code !== "string")
          note(`4xx without error sentence ${request.label}`, show);
        else if (body.code !== "ROUTE_NOT_FOUND" && !operation.statuses.has(String(status)))
          note(`undocumented ${status} ${body.code} ${operation.method} ${operation.template}`, show);
        continue;
      }
      const body = contentType.startsWith("application/json") ? response.json() : response.body;
      const errors = validator.errorsOf(request.method, request.url, status, contentType, body);
      if (errors.length > 0) note(`invalid ${status} body ${request.label}`, `${show}: ${errors.slice(0, 3).join("; ")}`);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(Object.fromEntries(failures)).toEqual({});
    // The fuzzer reaches both sides of every route: some answers succeed, many are refused.
    expect(statuses.get("200") ?? 0).toBeGreaterThan(REQUESTS / 5);
    expect(statuses.get("400") ?? 0).toBeGreaterThan(REQUESTS / 5);
  }, 180_000);
});
