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
 * The refusal of an HTTP/1.1 request that names no Host (RFC 9112 requires one), or null.
 * Node's own check answers a bare 400 with no body, so our servers turn it off
 * (`requireHostHeader: false`) and refuse here instead, each port in its own shape.
 */
export function hostlessRefusal(request: IncomingMessage): ApiError | null {
  if (request.httpVersion !== "1.1" || request.headers.host !== undefined) return null;
  return apiError("BAD_REQUEST", { detail: "an HTTP/1.1 request names its Host" });
}

/**
 * The refusal of a request whose Expect header is not 100-continue: node emits it to a
 * `checkExpectation` listener, and answers a bare 417 with no body when there is none.
 */
export function expectationRefusal(request: IncomingMessage): ApiError {
  return apiError("EXPECTATION_FAILED", { expect: quoted(String(request.headers.expect ?? "")) });
}
