import { type IncomingMessage, maxHeaderSize } from "node:http";
import { type ApiError, apiError, quoted } from "./api-error.ts";

/**
 * What node's HTTP parser refused before any route saw the request (its `clientError`), as
 * the API error every port answers with: headers past node's limit (431), a request that did
 * not arrive whole within `requestTimeoutMs` (408), anything else that is not HTTP (400).
 */
export function parserRefusal(error: NodeJS.ErrnoException, requestTimeoutMs: number): ApiError {
  if (error.code === "HPE_HEADER_OVERFLOW") return apiError("HEADERS_TOO_LARGE", { limit: String(maxHeaderSize) });
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return apiError("REQUEST_TIMEOUT", { seconds: String(Math.round(requestTimeoutMs / 1000)) });
  return apiError("BAD_REQUEST", { detail: `it is not well-formed HTTP (${error.code ?? "unreadable"})` });
}

/**
 * The refusal of a request whose Host is missing (HTTP/1.1) or named twice, as RFC 9112
 * requires a server to refuse either, or null. Node's own check answers a missing one with a
 * bare 400 and no body, so our servers turn it off (`requireHostHeader: false`) and refuse here
 * instead, each port in its own shape; node keeps the first of two.
 */
export function hostRefusal(request: IncomingMessage): ApiError | null {
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]!.toLowerCase() === "host") hosts++;
  if (hosts > 1) return apiError("BAD_REQUEST", { detail: "a request names its Host once" });
  if (request.httpVersion !== "1.1" || hosts === 1) return null;
  return apiError("BAD_REQUEST", { detail: "an HTTP/1.1 request names its Host" });
}

/**
 * The refusal of a request whose Expect header is not 100-continue: node emits it to a
 * `checkExpectation` listener, and answers a bare 417 with no body when there is none.
 */
export function expectationRefusal(request: IncomingMessage): ApiError {
  return apiError("EXPECTATION_FAILED", { expect: quoted(String(request.headers.expect ?? "")) });
}
