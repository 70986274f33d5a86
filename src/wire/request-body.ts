import type { IncomingHttpHeaders } from "node:http";

/** True when a request carries a body: a length above zero, or one sent in chunks. */
export function hasBody(request: { readonly headers: IncomingHttpHeaders }): boolean {
  const length = Number(request.headers["content-length"] ?? 0);
  return length > 0 || request.headers["transfer-encoding"] !== undefined;
}
