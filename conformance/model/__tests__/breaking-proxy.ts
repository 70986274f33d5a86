/**
 * A tiny black box that breaks one rule: an HTTP proxy in front of a real simulator that
 * passes every request through and rewrites the JSON answers of the routes a breaker
 * names. The tests of the checks point them at it and expect the matching check id to fail.
 */
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: any;
}

/** Rewrites one answer: return the new body (and optionally status), or undefined to pass it unchanged. */
export type Breaker = (request: ProxiedRequest, answer: { status: number; body: any }) => { status?: number; body: unknown } | undefined;

export interface BreakingProxy {
  readonly baseUrl: string;
  readonly streamUrl: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startBreakingProxy(target: string, breaker: Breaker): Promise<BreakingProxy> {
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", target);
    const text = request.method === "GET" || request.method === "HEAD" ? undefined : await readBody(request);
    const headers: Record<string, string> = {};
    if (request.headers["content-type"]) headers["content-type"] = String(request.headers["content-type"]);
    const upstream = await fetch(url, { method: request.method!, headers, ...(text === undefined ? {} : { body: text }) });
    const answer = await upstream.text();
    let json: unknown;
    try {
      json = JSON.parse(answer);
    } catch {
      json = undefined;
    }
    let parsedBody: unknown;
    try {
      parsedBody = text ? JSON.parse(text) : undefined;
    } catch {
      parsedBody = undefined;
    }
    const rewritten =
      json === undefined
        ? undefined
        : breaker(
            { method: request.method!, path: url.pathname, query: url.searchParams, body: parsedBody },
            { status: upstream.status, body: json },
          );
    const status = rewritten?.status ?? upstream.status;
    const body = rewritten ? JSON.stringify(rewritten.body) : answer;
    response.writeHead(status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    streamUrl: `ws://127.0.0.1:${port}/v1/stream`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
