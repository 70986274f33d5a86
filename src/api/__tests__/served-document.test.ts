import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { type ApiDeps, buildApp } from "../app.ts";
import { DEFAULT_SERVER } from "../openapi-options.ts";

/** `GET /openapi.json` names the server it was reached at, never a fixed address. */
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  // Serving the document reads no dependency.
  app = await buildApp({} as ApiDeps);
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => app?.close());

const servers = async (headers: Record<string, string> = {}) =>
  (await app.inject({ method: "GET", url: "/openapi.json", headers })).json().servers;

describe("the served document's servers", () => {
  it("is the Host the request named, port included", async () => {
    expect(await servers({ host: "devnet.internal:9123" })).toEqual([{ url: "http://devnet.internal:9123", description: "this server" }]);
    expect(await servers({ host: "[::1]:8790" })).toEqual([{ url: "http://[::1]:8790", description: "this server" }]);
  });

  it("is the listening address when the Host cannot be a base URL", async () => {
    expect(await servers({ host: "evil.example/path?x" })).toEqual([{ url: `http://127.0.0.1:${port}`, description: "this server" }]);
  });

  it("over a real socket, names the port the server listens on (not the default 8790)", async () => {
    const document = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as {
      servers: { url: string }[];
      security: unknown;
    };
    expect(document.servers).toEqual([{ url: `http://127.0.0.1:${port}`, description: "this server" }]);
    expect(document.servers[0]?.url).not.toBe(DEFAULT_SERVER.url);
    expect(document.security).toEqual([]);
  });
});
