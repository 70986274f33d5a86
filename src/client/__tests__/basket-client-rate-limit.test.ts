import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasketClient, retryAfterMillis } from "../basket-client.ts";
import { startLocalServer } from "./local-server.ts";

// A server that refuses the first `refusals` requests to each path with 429 (Retry-After: 0), then answers.
let server: Awaited<ReturnType<typeof startLocalServer>>;
let baseUrl: string;
const seen = new Map<string, number>();
beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url!, "http://x");
    const count = (seen.get(url.pathname) ?? 0) + 1;
    seen.set(url.pathname, count);
    if (count <= Number(url.searchParams.get("refusals")))
      return void response.writeHead(429, { "content-type": "application/json", "retry-after": "0" }).end('{"error":"slow down"}');
    request.resume().on("end", () => response.writeHead(200, { "content-type": "application/json" }).end(`{"count":${count}}`));
  });
  baseUrl = server.baseUrl;
});
afterAll(() => server.close());

describe("the client and a server that limits its rate", () => {
  it("sends a request answered 429 again after the wait it asks for, GET and POST alike", async () => {
    const client = new BasketClient(baseUrl);
    expect((await client.exchange({ method: "GET", path: "/a", query: { refusals: 3 } })).body).toEqual({ count: 4 });
    expect(await client.post("/b?refusals=2", { x: 1 })).toEqual({ count: 3 });
  });

  it("gives the 429 back once its retries are spent, and sends nothing again with none", async () => {
    const answer = await new BasketClient(baseUrl, { rateLimitRetries: 1 }).exchange({ method: "GET", path: "/c", query: { refusals: 5 } });
    expect(answer.status).toBe(429);
    expect(seen.get("/c")).toBe(2);
    await new BasketClient(baseUrl, { rateLimitRetries: 0 }).exchange({ method: "GET", path: "/d", query: { refusals: 5 } });
    expect(seen.get("/d")).toBe(1);
  });

  it("reads Retry-After as seconds or an HTTP date, 1 s when it names none, never more than 10 s", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(retryAfterMillis("2", now)).toBe(2_000);
    expect(retryAfterMillis("Fri, 27 Nov 2026 12:00:03 GMT", now)).toBe(3_000);
    expect(retryAfterMillis(null, now)).toBe(1_000);
    expect(retryAfterMillis("soon", now)).toBe(1_000);
    expect(retryAfterMillis("3600", now)).toBe(10_000);
    expect(retryAfterMillis("Fri, 27 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });
});
