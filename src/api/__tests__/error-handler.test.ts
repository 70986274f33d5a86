import { Type } from "@sinclair/typebox";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Devnet } from "../../chain/devnet.ts";
import { ReadModel } from "../../indexer/read-model.ts";
import { MediaLibrary } from "../../world/media-library.ts";
import { buildApp } from "../app.ts";
import { U64, U64_MAX, WIRE_RULES } from "../../wire/wire-fields.ts";

/**
 * The one error handler, on the real app over an empty chain. Body errors have no route of
 * their own yet (the POST routes of the trade flow come later), so one test route with a
 * body schema is added to the real app — the handler, the parser and ajv are the real ones.
 */
let app: FastifyInstance;

beforeAll(async () => {
  const devnet = Devnet.start({ seed: "error-handler" });
  const readModel = new ReadModel({
    now: () => devnet.now(),
    solUsd: 150,
    components: [],
    venueAuthority: "11111111111111111111111111111111",
    mediaBaseUrl: "http://localhost",
  });
  app = await buildApp({ readModel, devnet, media: new MediaLibrary() });
  app.post(
    "/v1/echo",
    {
      bodyLimit: 1024,
      schema: {
        body: Type.Object({
          amountIn: U64("An amount."),
          slippageBps: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
          components: Type.Optional(Type.Array(Type.Object({ mint: Type.String({ minLength: 32, maxLength: 44 }) }), { maxItems: 5 })),
        }),
      },
    },
    async (request) => request.body,
  );
  // A POST route's path that a GET parameter route also matches (build-create and /v1/launches/{id}).
  app.get("/v1/things/:id", { schema: { params: Type.Object({ id: Type.String({ pattern: "^[0-9]+$" }) }) } }, async () => ({}));
  app.post("/v1/things/new", async () => ({}));
  await app.ready();
});
afterAll(async () => app?.close());

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function post(payload: string, contentType = "application/json") {
  const response = await app.inject({ method: "POST", url: "/v1/echo", payload, headers: { "content-type": contentType } });
  return { status: response.statusCode, body: response.json() };
}

describe("body errors", () => {
  it.each([
    ["{not json", 400, "MALFORMED_BODY", /^request body is not valid JSON, or holds a __proto__ or constructor.prototype key/],
    ['{"__proto__": {"x": 1}}', 400, "MALFORMED_BODY", /__proto__/],
    ['{"constructor": {"prototype": {"x": 1}}}', 400, "MALFORMED_BODY", /constructor.prototype/],
    ["", 400, "MALFORMED_BODY", /empty/],
    ["[]", 400, "MALFORMED_BODY", /^request body must be a JSON object$/],
    ["{}", 400, "INVALID_BODY", /^body field amountIn is required$/],
    ['{"amountIn": 5}', 400, "INVALID_BODY", new RegExp(`^body field amountIn ${literal(WIRE_RULES.u64.rule)}$`)],
    // The rule, never the regular expression: a wrong shape, a number past u64, text past 20 characters.
    ['{"amountIn": "01"}', 400, "INVALID_BODY", new RegExp(`^body field amountIn ${literal(WIRE_RULES.u64.rule)}$`)],
    [`{"amountIn": "${U64_MAX + 1n}"}`, 400, "INVALID_BODY", new RegExp(`^body field amountIn ${literal(WIRE_RULES.u64.rule)}$`)],
    [`{"amountIn": "${"9".repeat(21)}"}`, 400, "INVALID_BODY", new RegExp(`^body field amountIn ${literal(WIRE_RULES.u64.rule)}$`)],
    [
      '{"amountIn": "5", "components": [{}, {}, {}, {}, {}, {}]}',
      400,
      "INVALID_BODY",
      /^body field components must be an array of 0 to 5 items$/,
    ],
    ['{"amountIn": "5", "slippageBps": 10001}', 400, "INVALID_BODY", /^body field slippageBps must be an integer from 0 to 10000$/],
    [
      '{"amountIn": "5", "components": [{"mint": "x"}]}',
      400,
      "INVALID_BODY",
      /^body field components\[0\]\.mint must be a string of 32 to 44 characters$/,
    ],
    [`{"amountIn": "${"1".repeat(2000)}"}`, 413, "PAYLOAD_TOO_LARGE", /larger than 1024 bytes/],
  ])("%s → %i %s", async (payload, status, code, sentence) => {
    const answer = await post(payload);
    expect(answer).toEqual({ status, body: { error: expect.stringMatching(sentence), code } });
  });

  it("refuses a content type it does not read with 415", async () => {
    expect(await post("amountIn=5", "text/plain")).toEqual({
      status: 415,
      body: { error: 'content type "text/plain" is not accepted; send application/json', code: "UNSUPPORTED_MEDIA_TYPE" },
    });
  });

  it.each([
    ["a gzip body", { "content-type": "application/json", "content-encoding": "gzip" }, '"application/json with content-encoding gzip"'],
    ["JSON in UTF-16", { "content-type": "application/json; charset=utf-16" }, '"application/json; charset=utf-16"'],
  ])("refuses %s it would misread with 415, before reading it", async (_, headers, named) => {
    const answer = await app.inject({ method: "POST", url: "/v1/echo", headers, payload: '{"amountIn": "5"}' });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({
      status: 415,
      body: { error: `content type ${named} is not accepted; send application/json`, code: "UNSUPPORTED_MEDIA_TYPE" },
    });
  });

  it("reads JSON declared as UTF-8, however the charset is written, and an identity encoding", async () => {
    for (const headers of [
      { "content-type": "application/json; charset=utf-8" },
      { "content-type": "application/json; charset=UTF8" },
      { "content-type": 'application/json; charset="utf-8"', "content-encoding": "identity" },
    ]) {
      const answer = await app.inject({ method: "POST", url: "/v1/echo", headers, payload: '{"amountIn": "5"}' });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { amountIn: "5" } });
    }
  });

  it("refuses a body that is not UTF-8 rather than reading U+FFFD into it, and reads one that is", async () => {
    // "Café" in Latin-1, sent without its charset: the usual way such bytes arrive.
    const latin1 = Buffer.concat([Buffer.from('{"amountIn": "5", "components": [{"mint": "Caf'), Buffer.from([0xe9]), Buffer.from('"}]}')]);
    const refused = await app.inject({ method: "POST", url: "/v1/echo", headers: { "content-type": "application/json" }, payload: latin1 });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^request body is not UTF-8 text/), code: "MALFORMED_BODY" },
    });
    const utf8 = Buffer.from('\ufeff{"amountIn": "5", "name": "Caf\u00e9 \u{1F600}"}');
    const read = await app.inject({ method: "POST", url: "/v1/echo", headers: { "content-type": "application/json" }, payload: utf8 });
    expect({ status: read.statusCode, body: read.json() }).toEqual({ status: 200, body: { amountIn: "5", name: "Caf\u00e9 \u{1F600}" } });
  });

  it("answers a body that fits", async () => {
    expect(await post('{"amountIn": "5"}')).toEqual({ status: 200, body: { amountIn: "5" } });
  });

  it("takes a client that hangs up mid-body for the client's doing: nothing is logged as our failure", async () => {
    const listening = await buildApp({
      readModel: new ReadModel({
        now: () => ({ slot: 0n, unixTimestamp: 0n, unixMillis: 0n }),
        solUsd: 150,
        components: [],
        venueAuthority: "11111111111111111111111111111111",
        mediaBaseUrl: "http://localhost",
      }),
      devnet: Devnet.start({ seed: "hang-up" }),
      media: new MediaLibrary(),
    });
    await listening.listen({ port: 0, host: "127.0.0.1" });
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const { port } = listening.server.address() as AddressInfo;
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      socket.write('POST /v1/trades/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"launch":');
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(written.filter((line) => line.includes("unexpected failure"))).toEqual([]);
    } finally {
      write.mockRestore();
      await listening.close();
    }
  });
});

describe("requests no route takes", () => {
  const answer = async (method: "GET" | "POST" | "DELETE" | "OPTIONS" | "HEAD", url: string, headers = {}, payload?: string | Buffer) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    return { status: response.statusCode, allow: response.headers.allow, code: response.body === "" ? null : response.json().code };
  };

  it("are answered 404 or 405 whatever their body: a path typo is no body problem", async () => {
    const json = { "content-type": "application/json" };
    expect(await answer("POST", "/v1/nothing", json, "{")).toEqual({ status: 404, allow: undefined, code: "ROUTE_NOT_FOUND" });
    expect(await answer("POST", "/v1/nothing", { ...json, "content-encoding": "gzip" }, "xx")).toMatchObject({ status: 404 });
    expect(await answer("POST", "/v1/launches", json, "")).toEqual({ status: 405, allow: "GET, HEAD", code: "METHOD_NOT_ALLOWED" });
    expect(await answer("DELETE", "/v1/launches", json, "{")).toEqual({ status: 405, allow: "GET, HEAD", code: "METHOD_NOT_ALLOWED" });
    expect(await answer("OPTIONS", "/v1/assets", { "content-type": "text/plain" }, "x")).toEqual({
      status: 405,
      allow: "GET, HEAD",
      code: "METHOD_NOT_ALLOWED",
    });
  });

  it("answer a route's own path under another method 405 with that route's methods, though a parameter route would take it as a value", async () => {
    expect(await answer("GET", "/v1/things/new")).toEqual({ status: 405, allow: "POST", code: "METHOD_NOT_ALLOWED" });
    expect(await answer("DELETE", "/v1/things/new")).toEqual({ status: 405, allow: "POST", code: "METHOD_NOT_ALLOWED" });
    // A value that is no route's path is still the parameter route's to refuse, or take.
    expect(await answer("GET", "/v1/things/old")).toMatchObject({ status: 400, code: "INVALID_PATH" });
    expect(await answer("GET", "/v1/things/12")).toMatchObject({ status: 200 });
  });

  it("answer HEAD with the length of the GET's answer", async () => {
    const get = await app.inject({ method: "GET", url: "/v1/nothing" });
    const head = await app.inject({ method: "HEAD", url: "/v1/nothing" });
    expect(head.statusCode).toBe(404);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  });
});

describe("no client input yields a 5xx", () => {
  const ROUTES = [
    "/v1/launches",
    "/v1/launches/trending",
    "/v1/launches/almost-paired",
    "/v1/launches/{x}",
    "/v1/launches/{x}/trades",
    "/v1/launches/{x}/chart",
    "/v1/search",
    "/v1/trades/live",
    "/v1/assets",
    "/v1/wallets/{x}/balances",
    "/v1/wallets/{x}/created",
    "/v1/media/{x}",
  ];
  const NAMES = [
    "limit",
    "status",
    "kind",
    "tab",
    "sort",
    "state",
    "cat",
    "asset",
    "creator",
    "ids",
    "cursor",
    "before",
    "bucket",
    "q",
    "junk",
  ];
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/),
    fc.integer({ min: -5, max: 100_000 }).map(String),
  );

  it("for random paths and query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        text,
        fc.array(fc.tuple(fc.constantFrom(...NAMES), text), { maxLength: 5 }),
        async (route, segment, query) => {
          const url = `${route.replace("{x}", encodeURIComponent(segment))}?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
          const response = await app.inject(url);
          expect(response.statusCode, url).toBeLessThan(500);
          if (response.statusCode >= 400) expect(Object.keys(response.json()).sort(), url).toEqual(["code", "error"]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
