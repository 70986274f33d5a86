import { once } from "node:events";
import { type Server, createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PIPELINED_IN_FLIGHT, PIPELINED_WAITING, limitPipelining } from "../pipelined-requests.ts";

/** A server whose answers take `delayMs` each, behind the gate; it records what it served and the most it served at once. */
async function slowServer(delayMs: number) {
  const served: string[] = [];
  let now = 0;
  let most = 0;
  const server = createServer(
    limitPipelining(
      (request, response) => {
        served.push(request.url!);
        most = Math.max(most, ++now);
        setTimeout(() => {
          now--;
          response.end(`answer to ${request.url}\n`);
        }, delayMs);
      },
      (response) => response.writeHead(429, { connection: "close" }).end("refused"),
    ),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port, served, most: () => most };
}

/**
 * Writes `count` GETs in one write on one connection, the last asking to close it, and reads
 * until the server closes it.
 */
async function pipeline(port: number, count: number, tag: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  const requests = Array.from(
    { length: count },
    (_, i) => `GET /${tag}/${i} HTTP/1.1\r\nHost: test\r\n${i === count - 1 ? "Connection: close\r\n" : ""}\r\n`,
  );
  socket.write(requests.join(""));
  await once(socket, "close");
  return text;
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
const answered = (text: string) => [...text.matchAll(/answer to (\S+)/g)].map((match) => match[1]);

let open: Server | null = null;
afterEach(async () => {
  open?.closeAllConnections();
  await new Promise((resolve) => open?.close(resolve) ?? resolve(undefined));
  open = null;
});

describe("limitPipelining", () => {
  it("answers a connection's pipelined requests in order, a few at a time, then refuses the one past the waiting limit and closes", async () => {
    const { server, port, served, most } = await slowServer(5);
    open = server;
    const sent = PIPELINED_IN_FLIGHT + PIPELINED_WAITING + 30;
    const text = await pipeline(port, sent, "a");
    const kept = PIPELINED_IN_FLIGHT + PIPELINED_WAITING;
    // Every request before the limit answered 200, in the order sent; the next refused; the rest never reached the server.
    expect(statuses(text)).toEqual([...Array<number>(kept).fill(200), 429]);
    expect(answered(text)).toEqual(Array.from({ length: kept }, (_, i) => `/a/${i}`));
    expect(served).toEqual(Array.from({ length: kept }, (_, i) => `/a/${i}`));
    expect(most()).toBe(PIPELINED_IN_FLIGHT);
  });

  it("serves a client that pipelines within the limit whole, and another connection at the same time", async () => {
    const { server, port, served } = await slowServer(2);
    open = server;
    const [first, second] = await Promise.all([pipeline(port, 40, "b"), pipeline(port, 3, "c")]);
    expect(statuses(first)).toEqual(Array<number>(40).fill(200));
    expect(answered(first)).toEqual(Array.from({ length: 40 }, (_, i) => `/b/${i}`));
    expect(answered(second)).toEqual(["/c/0", "/c/1", "/c/2"]);
    expect(served).toHaveLength(43);
  });

  it("drops the requests still waiting when their connection goes away", async () => {
    const { server, port, served } = await slowServer(50);
    open = server;
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    socket.on("error", () => {});
    socket.write(Array.from({ length: 30 }, (_, i) => `GET /d/${i} HTTP/1.1\r\nHost: test\r\n\r\n`).join(""));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The first few were being answered when it left; none of those waiting behind them was started.
    expect(served).toEqual(Array.from({ length: PIPELINED_IN_FLIGHT }, (_, i) => `/d/${i}`));
  });
});
