import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededApi, startSeededApi } from "./seeded-api.ts";

/** A page of another origin (a front end's dev server) calling the API from a browser. */
const ORIGIN = "http://localhost:5173";

let seeded: SeededApi;
beforeAll(async () => {
  seeded = await startSeededApi({ launchCount: 4, trading: true });
});
afterAll(async () => seeded?.app.close());

describe("calls from other origins", () => {
  it("every answer, an error too, lets any origin read it", async () => {
    // A URL that is not percent-encoding is refused before routing, and says it too.
    for (const url of ["/v1/launches?limit=1", "/v1/launches?limit=0", "/v1/nope", "/v1/launches/%ZZ"]) {
      const answer = await seeded.app.inject({ url, headers: { origin: ORIGIN } });
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
    }
    const quote = await seeded.app.inject({
      method: "POST",
      url: "/v1/trades/quote",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: {},
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.headers["access-control-allow-origin"]).toBe("*");
  });

  it("a preflight is answered 204 with the methods and the headers the browser asked for", async () => {
    const preflight = await seeded.app.inject({
      method: "OPTIONS",
      url: "/v1/trades/quote",
      headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toBe("GET, HEAD, POST");
    expect(preflight.headers["access-control-allow-headers"]).toBe("content-type");
    expect(preflight.headers["access-control-max-age"]).toBe("600");
  });

  it("an OPTIONS request that is no preflight gets the API's own answers: 405 naming the path's methods, or 404", async () => {
    const bare = await seeded.app.inject({ method: "OPTIONS", url: "/v1/trades/quote" });
    expect(bare.statusCode).toBe(405);
    expect(bare.headers.allow).toBe("POST");
    expect(bare.json()).toEqual({ code: "METHOD_NOT_ALLOWED", error: 'the path "/v1/trades/quote" answers POST, not OPTIONS' });
    const nowhere = await seeded.app.inject({ method: "OPTIONS", url: "/v1/nope", headers: { origin: ORIGIN } });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe("ROUTE_NOT_FOUND");
    // The preflight route adds no method to any path: a GET of an unknown path is still no route.
    expect((await seeded.app.inject("/v1/nope")).json().code).toBe("ROUTE_NOT_FOUND");
    expect((await seeded.app.inject({ method: "DELETE", url: "/v1/launches" })).headers.allow).toBe("GET, HEAD");
  });
});
