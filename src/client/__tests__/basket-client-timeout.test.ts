import { once } from "node:events";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasketClient } from "../basket-client.ts";

// A server that answers /ok at once and never answers /hang.
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/ok") response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the client's request timeout", () => {
  it("fails a request the server never answers with an error naming it, and leaves the others alone", async () => {
    const client = new BasketClient(baseUrl, { requestTimeoutMs: 200 });
    await expect(client.exchange({ method: "GET", path: "/hang" })).rejects.toThrow("GET /hang did not answer within 0.2 s");
    await expect(client.get("/hang")).rejects.toThrow("GET /hang did not answer within 0.2 s");
    expect((await client.exchange({ method: "GET", path: "/ok" })).body).toEqual({ ok: true });
  });
});
