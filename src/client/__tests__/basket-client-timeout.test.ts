import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasketClient } from "../basket-client.ts";
import { startLocalServer } from "./local-server.ts";

// A server that answers /ok at once and never answers /hang.
let server: Awaited<ReturnType<typeof startLocalServer>>;
let baseUrl: string;
beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    if (request.url === "/ok") response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  baseUrl = server.baseUrl;
});
afterAll(() => server.close());

describe("the client's request timeout", () => {
  it("fails a request the server never answers with an error naming it, and leaves the others alone", async () => {
    const client = new BasketClient(baseUrl, { requestTimeoutMs: 200 });
    await expect(client.exchange({ method: "GET", path: "/hang" })).rejects.toThrow("GET /hang did not answer within 0.2 s");
    await expect(client.get("/hang")).rejects.toThrow("GET /hang did not answer within 0.2 s");
    expect((await client.exchange({ method: "GET", path: "/ok" })).body).toEqual({ ok: true });
  });
});
