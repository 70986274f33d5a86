import { isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";
import { isRequestHost } from "../wire/request-host.ts";
import { DEFAULT_SERVER } from "./openapi-options.ts";

/**
 * The base URL a client reached this server at: the request's own `Host` (so a server on
 * another port, or behind another name, names itself), else the local end of the socket it
 * came in on (an HTTP/1.0 request may name no host; the port is bound before this app
 * listens, so the app's own addresses can be empty), else the address the server listens
 * on, else the default address of `basket-devnet up` (a request injected without a socket).
 */
export function baseUrlOf(request: FastifyRequest): string {
  const host = request.host;
  if (isRequestHost(host)) return `${request.protocol}://${host}`;
  const { localAddress, localPort } = request.socket ?? {};
  if (typeof localAddress === "string" && typeof localPort === "number" && localPort > 0) {
    const local = localAddress.replace(/^::ffff:(?=[0-9.]+$)/, "");
    return `${request.protocol}://${isIPv6(local) ? `[${local}]` : local}:${localPort}`;
  }
  const listening = request.server.addresses().find((address) => typeof address !== "string");
  if (listening && typeof listening !== "string") {
    const address = listening.family === "IPv6" ? `[${listening.address}]` : listening.address;
    return `${request.protocol}://${address}:${listening.port}`;
  }
  return DEFAULT_SERVER.url;
}

/** The document as this server serves it: the committed one, with the server's own base URL in `servers`. */
export function servedDocument(document: object, request: FastifyRequest): object {
  return { ...document, servers: [{ url: baseUrlOf(request), description: "this server" }] };
}
