import Fastify, { type FastifySchemaCompiler } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWireFormats } from "../../../../wire/wire-fields.ts";
import { rememberingIdCompiler } from "../launch-id-validator.ts";
import { LaunchIdParamsSchema, TradesQuerySchema } from "../launches-schemas.ts";

const app = Fastify({ ajv: { customOptions: { coerceTypes: false, useDefaults: true }, plugins: [registerWireFormats] } });
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

beforeAll(async () => {
  // A route without its own compiler sets up the app's, as the list route does in the API.
  app.get("/plain/:id", { schema: { params: LaunchIdParamsSchema } }, async () => "ok");
  app.get(
    "/remembering/:id",
    { validatorCompiler: rememberingIdCompiler(app), schema: { params: LaunchIdParamsSchema } },
    async () => "ok",
  );
  await app.ready();
});
afterAll(() => app.close());

describe("rememberingIdCompiler", () => {
  it("passes and fails exactly the ids the app's validator does, with the same errors, on every repeat", () => {
    const plain = (app.validatorCompiler as FastifySchemaCompiler<unknown>)({
      schema: LaunchIdParamsSchema,
      method: "GET",
      url: "/x",
      httpPart: "params",
    });
    const remembering = rememberingIdCompiler(app)({ schema: LaunchIdParamsSchema, method: "GET", url: "/x", httpPart: "params" });
    // Base58 text of every length around the 32-byte forms (valid or one character off), tickers, and anything.
    const id = fc.oneof(
      fc.string({ unit: fc.constantFrom(...BASE58), minLength: 30, maxLength: 46 }),
      fc.string({ unit: fc.constantFrom(...BASE58, ".", "0", "l"), minLength: 1, maxLength: 12 }),
      fc.string({ maxLength: 50 }),
    );
    fc.assert(
      fc.property(fc.array(id, { minLength: 1, maxLength: 20 }), fc.array(fc.nat(19), { maxLength: 40 }), (ids, repeats) => {
        for (const k of [...ids.keys(), ...repeats.filter((k) => k < ids.length)]) {
          const params = { id: ids[k]! };
          const expected = plain({ ...params });
          expect(remembering({ ...params })).toBe(expected);
          expect(remembering.errors ?? null).toEqual(plain.errors ?? null);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives every other part the app's own validator (a query string keeps its defaults)", () => {
    const compile = rememberingIdCompiler(app);
    const query = compile({ schema: TradesQuerySchema, method: "GET", url: "/x", httpPart: "querystring" });
    const data: Record<string, unknown> = {};
    expect(query(data)).toBe(true);
    expect(data.limit).toBe(50);
    expect(query({ limit: 0 })).toBe(false);
  });

  it("answers a route's bad id with the app's 400 after a good id passed", async () => {
    const good = "So11111111111111111111111111111111111111112";
    for (const id of [good, good, "has.dot", "X", `${good}1`, good]) {
      const [plain, remembering] = await Promise.all(
        ["plain", "remembering"].map((route) => app.inject(`/${route}/${encodeURIComponent(id)}`)),
      );
      expect(remembering!.statusCode).toBe(plain!.statusCode);
      expect(remembering!.body).toBe(plain!.body);
    }
  });
});
