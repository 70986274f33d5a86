import { once } from "node:events";
import { createServer, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { REQUEST_ARRIVAL, REQUEST_TIMEOUT_MS } from "../../wire/request-arrival.ts";
import { PIPELINED_IN_FLIGHT, PIPELINED_WAITING } from "../../wire/pipelined-requests.ts";
import { reservePort } from "../listen-address.ts";
import { startSimulator } from "../simulator.ts";
import { rawHttp } from "../../wire/__tests__/raw-http.ts";

const cacheDir = mkdtempSync(join(tmpdir(), "basket-held-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Resolves once a TCP connection to `port` is accepted (the kernel completes it: the port is bound and listening). */
async function accepts(port: number): Promise<boolean> {
  const socket = connect(port, "127.0.0.1");
  try {
    await once(socket, "connect");
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Waits `ms`; a held request must still be unanswered after it. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a reserved port", () => {
  it("holds a request until the hand-off, then the target server answers it", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    let answered = false;
    const response = fetch(`http://127.0.0.1:${reservation.port}/hello?x=1`, { method: "POST", body: "held body" }).then(async (r) => {
      answered = true;
      return { status: r.status, text: await r.text() };
    });
    await pause(150);
    expect(answered).toBe(false);
    const target = createServer((request, res) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => res.end(`${request.method} ${request.url} ${body}`));
    });
    target.keepAliveTimeout = 1234;
    reservation.handOff(target);
    expect(await response).toEqual({ status: 200, text: "POST /hello?x=1 held body" });
    // After the hand-off the target's timeouts hold and new requests go straight through.
    expect(reservation.server.keepAliveTimeout).toBe(1234);
    expect(await (await fetch(`http://127.0.0.1:${reservation.port}/later`)).text()).toBe("GET /later ");
    await reservation.release();
    expect(await accepts(reservation.port)).toBe(false);
  });

  it("serves a request offering an upgrade other than a WebSocket (curl --http2 offers h2c) as the plain request it is", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    const target = createServer((request, res) => res.end(`${request.method} ${request.url}`));
    reservation.handOff(target);
    const h2c = "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n";
    const plain = await rawHttp(reservation.port, `GET /launches?limit=1 HTTP/1.1\r\nHost: x\r\n${h2c}\r\n`);
    expect(plain.head).toMatch(/^HTTP\/1.1 200 /);
    expect(plain.body).toBe("GET /launches?limit=1");
    // With a body there is no parser left to read it: refused in the API's shape, with the reason.
    const posted = await rawHttp(reservation.port, `POST /x HTTP/1.1\r\nHost: x\r\n${h2c}Content-Length: 2\r\n\r\n{}`);
    expect(posted.head).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(posted.body).error).toMatch(/offer no Upgrade but websocket/);
    await reservation.release();
  });

  it("answers what node's HTTP parser refuses in the API's error shape: headers too large (431), not HTTP (400), no Host (400)", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    try {
      const raw = async (text: string) => {
        const { head, body } = await rawHttp(reservation.port, text);
        // Every refusal written before an app saw the request lets any origin read it, as the apps' answers do.
        const status = Number(head.split(" ")[1]);
        if (status >= 400) expect(head).toMatch(/\r\nAccess-Control-Allow-Origin: \*\r\n/i);
        return { status, json: JSON.parse(body) };
      };
      const huge = await raw(`GET /v1/launches HTTP/1.1\r\nHost: x\r\nX-Big: ${"x".repeat(20_000)}\r\n\r\n`);
      expect(huge).toEqual({ status: 431, json: { code: "HEADERS_TOO_LARGE", error: expect.stringContaining("headers are larger") } });
      const expecting = await raw("GET /v1/launches HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n");
      expect(expecting).toEqual({ status: 417, json: { code: "EXPECTATION_FAILED", error: expect.stringContaining('"200-ok"') } });
      const garbage = await raw("GARBAGE\r\n\r\n");
      expect(garbage).toEqual({ status: 400, json: { code: "BAD_REQUEST", error: expect.stringContaining("not well-formed HTTP") } });
      // HTTP/1.1 requires Host: refused with a sentence while held and after the hand-off alike.
      const hostless = {
        status: 400,
        json: { code: "BAD_REQUEST", error: "the request could not be read: an HTTP/1.1 request names its Host" },
      };
      expect(await raw("GET /v1/launches HTTP/1.1\r\n\r\n")).toEqual(hostless);
      reservation.handOff(createServer((_request, response) => response.end("{}")));
      expect(await raw("GET /v1/launches HTTP/1.1\r\n\r\n")).toEqual(hostless);
      // HTTP/1.0 has no Host requirement.
      expect(await raw("GET /v1/launches HTTP/1.0\r\n\r\n")).toEqual({ status: 200, json: {} });
    } finally {
      await reservation.release();
    }
  });

  it("answers a connection that pipelines past the limit 429 TOO_MANY_PIPELINED in the API's shape, held or not, and serves what came before", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    try {
      const socket = connect(reservation.port, "127.0.0.1");
      await once(socket, "connect");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
      const sent = PIPELINED_IN_FLIGHT + PIPELINED_WAITING + 50;
      socket.write(Array.from({ length: sent }, (_, i) => `GET /p/${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join(""));
      await pause(100);
      const served: string[] = [];
      reservation.handOff(createServer((request, response) => response.end(`{"url":"${served.push(request.url!) && request.url}"}`)));
      await once(socket, "close");
      const kept = PIPELINED_IN_FLIGHT + PIPELINED_WAITING;
      expect(served).toEqual(Array.from({ length: kept }, (_, i) => `/p/${i}`));
      expect([...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]))).toEqual([...Array<number>(kept).fill(200), 429]);
      expect(JSON.parse(answer.slice(answer.lastIndexOf("\r\n\r\n") + 4))).toEqual({
        code: "TOO_MANY_PIPELINED",
        error: `this connection sent more than ${PIPELINED_WAITING} requests beyond the ${PIPELINED_IN_FLIGHT} being answered without reading their answers (HTTP pipelining); this one is refused and the connection closed`,
      });
      // Another connection is served as ever.
      expect(await (await fetch(`http://127.0.0.1:${reservation.port}/after`)).text()).toBe('{"url":"/after"}');
    } finally {
      await reservation.release();
    }
  });

  it("cuts a request that has not arrived in its time within one arrival check, not node's 30 s sweep", async () => {
    // The port's own arrival times, scaled down from 30 s to one: the app it hands off to has
    // its requestTimeout set after construction, as fastify sets it (node's headersTimeout is
    // then its 60 s default there), and must not lengthen the port's.
    const reservation = await reservePort("127.0.0.1", 0, { ...REQUEST_ARRIVAL, requestTimeout: 1_000, headersTimeout: 1_000 });
    try {
      // Answers once the body has arrived, as the API does.
      const target = createServer((request, response) => request.resume().on("end", () => response.end("{}")));
      target.requestTimeout = 1_000;
      reservation.handOff(target);
      const socket = connect(reservation.port, "127.0.0.1");
      await once(socket, "connect");
      // Headers whole, a body promised and never sent.
      socket.write("POST /v1/trades/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      const started = Date.now();
      await once(socket, "close");
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // One second to arrive plus at most one check (5 s), with room for a loaded machine; the default sweep is 30 s.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await reservation.release();
    }
  }, 40_000);

  it("answers held requests and upgrades 503 with the reason when the start fails, then frees the port", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    const response = fetch(`http://127.0.0.1:${reservation.port}/v1/launches`);
    const upgrade = new Promise<number>((resolve) => {
      const request = httpRequest({
        port: reservation.port,
        host: "127.0.0.1",
        path: "/v1/stream",
        headers: { connection: "Upgrade", upgrade: "websocket" },
      });
      request.on("response", (answer) => resolve(answer.statusCode ?? 0));
      request.end();
    });
    await pause(100);
    await reservation.fail("the simulator failed to start: no world");
    const answer = await response;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: "the simulator failed to start: no world" });
    expect(await upgrade).toBe(503);
    expect(await accepts(reservation.port)).toBe(false);
  });
});

describe("startSimulator with a client that connects before the world is ready", () => {
  it("accepts at once, then answers the early request and the early stream exactly as after the start", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    const baseUrl = `http://127.0.0.1:${reservation.port}`;
    const starting = startSimulator(
      { seed: "held-requests", port: reservation.port, clockMode: "manual", bots: false, worldCache: cacheDir },
      reservation,
    );
    expect(await accepts(reservation.port)).toBe(true);
    const early = fetch(`${baseUrl}/v1/launches?limit=5`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }));
    const socket = new WebSocket(`ws://127.0.0.1:${reservation.port}/v1/stream`);
    const firstFrame = once(socket, "message") as Promise<[Buffer]>;
    const simulator = await starting;
    try {
      const answer = await early;
      expect(answer.status).toBe(200);
      const after = await fetch(`${simulator.baseUrl}/v1/launches?limit=5`);
      expect(answer.body).toBe(await after.text());
      expect(JSON.parse(answer.body).launches).toHaveLength(5);
      const [frame] = await firstFrame;
      expect(JSON.parse(frame.toString())).toMatchObject({ kind: "hello", v: 1 });
      socket.close();
      // An HTTP/1.0 request may name no Host: the preview still links to this server's port,
      // read off the socket (the app did not bind the port itself, so it lists no address).
      const launch = JSON.parse(answer.body).launches[0].address;
      const hostless = connect(reservation.port, "127.0.0.1");
      await once(hostless, "connect");
      hostless.write(`GET /t/${launch} HTTP/1.0\r\n\r\n`);
      let preview = "";
      hostless.on("data", (chunk) => (preview += chunk.toString()));
      await once(hostless, "close");
      expect(preview).toContain(`<meta property="og:url" content="${baseUrl}/#/t/${launch}">`);
      // The port times a request's arrival as the app asks (fastify's own default is never): a body
      // sent a byte a second is cut with 408 instead of holding its connection for good.
      // A stalled body is cut at headersTimeout: within the 408's promised time, not node's 60 s.
      expect(reservation.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(reservation.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    } finally {
      await simulator.close();
    }
    expect(await accepts(reservation.port)).toBe(false);
  });
});
