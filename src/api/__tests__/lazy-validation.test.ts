import { Type } from "@sinclair/typebox";
import Fastify, { type FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LazyValidation } from "../lazy-validation.ts";

const ROUTE_SCHEMA = {
  params: Type.Object({ id: Type.String({ pattern: "^[a-z]{2,8}$" }) }),
  querystring: Type.Object({ limit: Type.Optional(Type.String({ pattern: "^[1-9][0-9]?$" })) }),
  body: Type.Object(
    {
      amount: Type.String({ pattern: "^(0|[1-9][0-9]{0,19})$" }),
      side: Type.Union([Type.Literal("buy"), Type.Literal("sell")]),
      slippage: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 100 })),
      tags: Type.Optional(Type.Array(Type.String({ maxLength: 4 }), { maxItems: 3 })),
    },
    { additionalProperties: false },
  ),
};

/** The same route twice: fastify's eager validators, and ours compiled on first use. */
function appWith(validation: LazyValidation | null): FastifyInstance {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false } },
    ...(validation ? { schemaController: { compilersFactory: { buildValidator: validation.buildValidator } } } : {}),
  });
  app.addSchema({ $id: "Shared", type: "string", minLength: 1 });
  app.post("/things/:id", { schema: ROUTE_SCHEMA }, async (request) => ({ seen: request.body }));
  app.get("/shared", { schema: { querystring: Type.Object({ q: Type.Ref("Shared") }) } }, async () => ({ ok: true }));
  return app;
}

describe("LazyValidation", () => {
  const lazy = new LazyValidation();
  const eagerApp = appWith(null);
  const lazyApp = appWith(lazy);
  beforeAll(async () => {
    await Promise.all([eagerApp.ready(), lazyApp.ready()]);
  });
  afterAll(async () => {
    await Promise.all([eagerApp.close(), lazyApp.close()]);
  });

  it("compiles nothing before a request needs it", () => {
    // Three parts of the POST route, and the query of GET /shared and of the HEAD route fastify adds beside it.
    expect(lazy.pending).toBe(5);
  });

  it("answers every request, defaults and 400s included, exactly as fastify's eager validators do", async () => {
    const part = fc.oneof(fc.constantFrom("ab", "toolongtobevalid", "A1"), fc.string({ maxLength: 10 }));
    const body = fc.oneof(
      fc.record(
        {
          amount: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 21n }).map(String), fc.string({ maxLength: 5 })),
          side: fc.constantFrom("buy", "sell", "hold"),
          slippage: fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.constant("7")),
          tags: fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }),
          extra: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(part, fc.option(fc.string({ maxLength: 3 })), body, async (id, limit, payload) => {
        const url = `/things/${encodeURIComponent(id)}${limit === null ? "" : `?limit=${encodeURIComponent(limit)}`}`;
        const request = { method: "POST" as const, url, payload: JSON.stringify(payload), headers: { "content-type": "application/json" } };
        const [eager, late] = await Promise.all([eagerApp.inject(request), lazyApp.inject(request)]);
        expect(late.statusCode).toBe(eager.statusCode);
        expect(late.json()).toEqual(eager.json());
      }),
      { numRuns: 200 },
    );
  });

  it("resolves the shared schemas the app added", async () => {
    const [eager, late] = await Promise.all([eagerApp.inject("/shared?q="), lazyApp.inject("/shared?q=")]);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(eager.json());
    expect((await lazyApp.inject("/shared?q=x")).statusCode).toBe(200);
  });

  it("warms what no request has needed yet, so nothing is left to compile", async () => {
    const fresh = new LazyValidation();
    const app = appWith(fresh);
    await app.ready();
    expect(fresh.pending).toBe(5);
    await fresh.warm();
    expect(fresh.pending).toBe(0);
    expect((await app.inject("/shared?q=x")).statusCode).toBe(200);
    await app.close();
  });
});
