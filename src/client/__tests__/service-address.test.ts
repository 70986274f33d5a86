import { createServer } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceBaseUrl, unreachableReason } from "../service-address.ts";

/** A port nothing listens on: taken, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const service = Fastify();
service.get("/v1/launches", async () => ({ launches: [] }));
let base: string;
beforeAll(async () => {
  base = await service.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => service.close());

describe("a service's base URL", () => {
  it.each([
    ["http://127.0.0.1:8790/", { ok: true, url: "http://127.0.0.1:8790" }],
    ["https://devnet.example/basket//", { ok: true, url: "https://devnet.example/basket" }],
    ["notaurl", { ok: false, reason: '--base-url must be an http or https URL such as http://127.0.0.1:8790, got "notaurl"' }],
    ["ftp://host", { ok: false, reason: '--base-url must use http or https, got "ftp://host"' }],
    ["http://host/?x=1", { ok: false, reason: '--base-url must not carry a query or a fragment, got "http://host/?x=1"' }],
  ])("%s", (text, expected) => {
    expect(serviceBaseUrl(text)).toEqual(expected);
  });

  it("is reachable when its launch list answers", async () => {
    expect(await unreachableReason(base)).toBeNull();
  });

  it("says nothing answers, and why, when the connection is refused", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    expect(await unreachableReason(dead)).toBe(
      `nothing answers at ${dead} (GET ${dead}/v1/launches?limit=1: the connection was refused: is the server running?)`,
    );
  });

  it("says an https URL names a port that speaks plain HTTP", async () => {
    const tls = base.replace(/^http:/, "https:");
    expect(await unreachableReason(tls)).toBe(
      `nothing answers at ${tls} (GET ${tls}/v1/launches?limit=1: the port does not speak TLS: use http:// for it)`,
    );
  });

  it("says the server closed the connection without answering, when it does", async () => {
    const closing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
    const dead = `http://127.0.0.1:${(closing.address() as { port: number }).port}`;
    try {
      // Against another process, node's fetch may instead wait for good: the deadline then ends it (see unanswering-server.test.ts).
      expect(await unreachableReason(dead, 1_000)).toMatch(
        /^nothing answers at .* \(GET .*: (the server closed the connection without answering|no answer within 1 s)\)$/,
      );
    } finally {
      closing.close();
    }
  });

  it("says a WebSocket-only port (426 to every plain request, as a PubSub port answers) is no HTTP service", async () => {
    const socketsOnly = Fastify();
    socketsOnly.all("/*", async (_, reply) => reply.code(426).send("Upgrade Required"));
    const url = await socketsOnly.listen({ port: 0, host: "127.0.0.1" });
    try {
      expect(await unreachableReason(url)).toBe(
        `${url} speaks only WebSocket (GET ${url}/v1/launches?limit=1 answered 426 Upgrade Required): name the service's HTTP port`,
      );
    } finally {
      await socketsOnly.close();
    }
  });

  it("says to drop a trailing /v1, the usual way to miss the service's root", async () => {
    expect(await unreachableReason(`${base}/v1`)).toBe(
      `${base}/v1 serves no launch list (GET ${base}/v1/v1/launches?limit=1 answered 404); the base URL is the service's root: drop the trailing /v1 (${base})`,
    );
    expect(await unreachableReason(`${base}/elsewhere`)).toMatch(/answered 404\); is it the service's root\?$/);
  });
});
