import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
  createServer,
  request as httpRequest,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import { RecordedSession } from "./recorded-session.ts";

export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`: where the client points instead of the target. */
  readonly url: string;
  readonly port: number;
  readonly session: RecordedSession;
  /** Why the last request that could not reach the target failed (null while every one did): a session with nothing recorded says it. */
  readonly unreached: () => string | null;
  /** Stops listening and closes every proxied socket (without recording those closes). */
  close(): Promise<void>;
}

export interface RecordingProxyOptions {
  /** The server in front of which the proxy sits (`http://host:port`, an optional path prefix). */
  readonly target: string;
  /** The port on 127.0.0.1; 0 (the default) takes a free one. */
  readonly port?: number;
}

/** Headers that belong to one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

function forwardable(headers: IncomingHttpHeaders, host: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  out.host = host;
  return out;
}

/** The body as the server meant it: a compressed answer is forwarded as sent and recorded decompressed. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "deflate") return inflateSync(body);
    if (encoding === "br") return brotliDecompressSync(body);
  } catch {
    // A body that does not decompress is recorded as it came: the scenario then keeps only its status.
  }
  return body;
}

async function bodyOf(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Close codes a peer may not send in a close frame: the other side is told of the end by the closest it can say. */
export function sendableClose(code: number): number | undefined {
  return code === 1005 || code === 1006 || code === 1015 || code < 1000 ? undefined : code;
}

/**
 * A recording reverse proxy on 127.0.0.1: every HTTP request goes to the target unchanged
 * (method, path, headers but the host, body) and its answer comes back unchanged (status,
 * headers, body); a WebSocket upgrade opens the same path on the target and frames flow
 * both ways, text as text and binary as binary, and a close on one side closes the other
 * with the same code. Everything is recorded in one ordered session.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const target = new URL(options.target);
  const prefix = target.pathname.replace(/\/$/, "");
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const session = new RecordedSession();
  const sockets = new Set<WebSocket>();
  let closing = false;
  let unreached: string | null = null;

  const forwardHttp = async (request: IncomingMessage, response: ServerResponse) => {
    const seq = session.nextSeq();
    const requestBody = await bodyOf(request);
    const upstream = send(new URL(prefix + (request.url ?? "/"), target), {
      method: request.method,
      headers: forwardable(request.headers, target.host),
    });
    upstream.on("response", async (answer) => {
      let body: Buffer;
      try {
        body = await bodyOf(answer);
      } catch (error) {
        // The target cut its answer short: the client learns it as a gateway would say it; nothing is recorded.
        if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
        response.end(
          `the recording proxy lost ${target.origin}'s answer midway: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers as Record<string, string | string[]>);
      response.end(body);
      session.add({
        type: "http",
        seq,
        method: request.method ?? "GET",
        url: request.url ?? "/",
        requestContentType: request.headers["content-type"],
        requestBody,
        status: answer.statusCode ?? 502,
        responseContentType: answer.headers["content-type"],
        responseBody: decoded(body, answer.headers["content-encoding"]),
      });
    });
    upstream.on("error", (error) => {
      // The target could not be reached: the client learns it as a gateway would say it, in the
      // service's error shape; nothing is recorded.
      unreached = `${request.method ?? "GET"} ${request.url ?? "/"} could not reach ${target.origin}: ${error.message}`;
      if (!response.headersSent) response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: `the recording proxy could not reach ${target.origin}: ${error.message}` }));
    });
    upstream.end(requestBody);
  };

  const wss = new WebSocketServer({ noServer: true });
  const forwardUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upstreamUrl = new URL(prefix + (request.url ?? "/"), target);
    upstreamUrl.protocol = target.protocol === "https:" ? "wss:" : "ws:";
    const protocols = request.headers["sec-websocket-protocol"]?.split(",").map((name) => name.trim());
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => ["origin", "user-agent", "cookie", "authorization"].includes(name)),
    ) as Record<string, string>;
    const upstream = new WebSocket(upstreamUrl, protocols ?? [], { headers });
    // Node took its own error listener off the upgraded socket: a client that resets it (before the
    // target answers, or after a refusal) must end this pair, not raise an 'error' nobody hears.
    socket.on("error", () => {
      socket.destroy();
      upstream.terminate();
    });
    upstream.on("unexpected-response", (_, answer) => {
      // The target refused the handshake: the client gets the same status.
      socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ""}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      upstream.terminate();
    });
    upstream.on("error", () => {
      if (upstream.readyState !== WebSocket.OPEN && socket.writable)
        socket.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    });
    // Frames the target sends before the client's side is open wait here, in order.
    const early: { data: RawData; binary: boolean }[] = [];
    const number = session.nextSocket();
    upstream.on("message", (data, binary) => {
      if (!closing) session.add({ type: "received", seq: session.nextSeq(), socket: number, text: data.toString() });
      early.push({ data, binary });
    });
    upstream.on("open", () => {
      session.add({ type: "open", seq: session.nextSeq(), socket: number, path: request.url ?? "/" });
      wss.handleUpgrade(request, socket, head, (client) => {
        sockets.add(client).add(upstream);
        const flush = () => {
          for (const frame of early.splice(0)) client.send(frame.data, { binary: frame.binary });
        };
        flush();
        upstream.removeAllListeners("message");
        upstream.on("message", (data, binary) => {
          if (!closing) session.add({ type: "received", seq: session.nextSeq(), socket: number, text: data.toString() });
          client.send(data, { binary });
        });
        let closedBy: "client" | "server" | null = null;
        client.on("message", (data, binary) => {
          // A frame that crosses the server's close is never delivered: it is not part of the session.
          if (!closing && closedBy === null) session.add({ type: "sent", seq: session.nextSeq(), socket: number, text: data.toString() });
          if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        });
        client.on("close", (code, reason) => {
          if (closedBy === null && !closing) {
            closedBy = "client";
            session.add({ type: "close", seq: session.nextSeq(), socket: number, by: "client", code });
          }
          if (upstream.readyState === WebSocket.OPEN) upstream.close(sendableClose(code), reason);
          else upstream.terminate();
        });
        upstream.on("close", (code, reason) => {
          if (closedBy === null && !closing) {
            closedBy = "server";
            session.add({ type: "close", seq: session.nextSeq(), socket: number, by: "server", code });
          }
          const sendable = sendableClose(code);
          if (client.readyState === WebSocket.OPEN) {
            if (sendable === undefined) client.terminate();
            else client.close(sendable, reason);
          }
        });
        client.on("error", () => client.terminate());
      });
    });
  };

  const server: Server = createServer((request, response) => {
    forwardHttp(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: `the recording proxy failed: ${error instanceof Error ? error.message : String(error)}` }));
    });
  });
  server.on("upgrade", forwardUpgrade);
  // What node's parser refuses never reaches the target: said as the proxy says its own failures
  // (a sentence), where node would send a bare status line with no body.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const [status, sentence] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "the request did not arrive whole in time"]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "the request's headers are too large"]
          : [400, "the request is not well-formed HTTP"];
    const body = `the recording proxy refused the request: ${sentence}`;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    session,
    unreached: () => unreached,
    async close() {
      closing = true;
      for (const socket of sockets) socket.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
