import { once } from "node:events";
import { type Server, createServer } from "node:http";
import { type AddressInfo, type Socket, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSE_LINGER_MS } from "../answer-and-close.ts";
import { guardRequests } from "../request-guard.ts";
import { rawHttp } from "./raw-http.ts";

let server: Server;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Requests the guard handed on since the last `guarded`. */
let served = 0;

/** A server behind the guard that answers every request it is handed `{"ok":true}`. */
async function guarded(limits = { perAddress: 3, total: 5 }) {
  served = 0;
  server = createServer({ requireHostHeader: false });
  guardRequests(
    server,
    (_request, response) => {
      served += 1;
      response.end('{"ok":true}');
    },
    (failure) => JSON.stringify(failure.body),
    limits,
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** A connection from `host`; `allowHalfOpen`: it keeps its side open when the server ends its own, as a careless peer does. */
async function open(port: number, host = "127.0.0.1", allowHalfOpen = false): Promise<Socket> {
  const socket = connect({ port, host: "127.0.0.1", localAddress: host, allowHalfOpen });
  sockets.push(socket);
  await once(socket, "connect");
  return socket;
}

const connections = () =>
  new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

describe("the request guard", () => {
  it("answers a connection past one address's limit 429 and closes it, and takes another address's", async () => {
    const port = await guarded({ perAddress: 3, total: 5 });
    for (let i = 0; i < 3; i++) await open(port);
    const refused = await rawHttp(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(refused.head).toMatch(/^HTTP\/1.1 429 /);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: "TOO_MANY_CONNECTIONS",
      error: expect.stringMatching(/at most 3 connections from one address/),
    });
    // The request it sent was not served: the handler never saw it.
    expect(served).toBe(0);
    // Another loopback address has its own count, and the port's total is the next limit.
    const other = await rawHttp(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "127.0.0.2");
    expect(other.body).toBe('{"ok":true}');
  });

  it("lets a refused connection go as soon as its answer is written, though its peer never closes its side", async () => {
    const port = await guarded({ perAddress: 1, total: 5 });
    await open(port);
    const refused = await open(port, "127.0.0.1", true);
    let answer = "";
    refused.on("data", (chunk) => (answer += chunk.toString()));
    await once(refused, "end");
    expect(answer).toMatch(/^HTTP\/1.1 429 /);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Only the first, held connection: the refused one holds no descriptor while its peer lingers.
    expect(await connections()).toBe(1);
  });

  it("counts a closed connection out, so the address may open another", async () => {
    const port = await guarded({ perAddress: 1, total: 5 });
    const first = await open(port);
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rawHttp(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).body).toBe('{"ok":true}');
  });

  it("destroys a refused connection's socket after its answer though the peer never closes its side", async () => {
    const port = await guarded();
    const socket = await open(port, "127.0.0.1", true);
    socket.write("NOT HTTP AT ALL\r\n\r\n");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    await once(socket, "end");
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    // The peer keeps its side open; the server lets go of the socket once the linger is over.
    expect(await connections()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, CLOSE_LINGER_MS + 300));
    expect(await connections()).toBe(0);
  });

  it("refuses a Host named twice, and a CONNECT, each with a sentence", async () => {
    const port = await guarded();
    const twice = await rawHttp(port, "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
    expect(twice.head).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(twice.body).error).toMatch(/names its Host once/);
    const tunnel = await rawHttp(port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(tunnel.head).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(tunnel.body).error).toMatch(/no proxy/);
  });
});
