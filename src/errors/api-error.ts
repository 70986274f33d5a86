import { STATUS_CODES, type ServerResponse } from "node:http";
import { API_ERROR_CATALOGUE, type ApiErrorCode, type ApiErrorParams } from "./api-error-catalogue.ts";

/** The JSON body of every error response. */
export interface ApiErrorBody {
  readonly error: string;
  readonly code: ApiErrorCode;
}

/** An expected failure, returned (not thrown) by a handler: its status and its body. */
export interface ApiError {
  readonly kind: "apiError";
  readonly status: number;
  readonly body: ApiErrorBody;
}

/** The error `code` with its sentence filled from `params`. */
export function apiError<C extends ApiErrorCode>(
  code: C,
  ...[params]: keyof ApiErrorParams<C> extends never ? [] : [ApiErrorParams<C>]
): ApiError {
  const entry = API_ERROR_CATALOGUE[code];
  const values: Record<string, string> = params ?? {};
  const error = entry.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    // A template and its call sites are typed together; a gap is a programmer mistake.
    if (value === undefined) throw new Error(`apiError(${code}) is missing {${name}}`);
    return value;
  });
  return { kind: "apiError", status: entry.status, body: { error, code } };
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "apiError";
}

/** Most characters of client input echoed back in a sentence; the rest becomes "…". */
const ECHO_LIMIT = 64;

/**
 * Client input as it appears inside a sentence: quoted, escaped and cut short, so an error
 * can name what was sent without reflecting a megabyte or a control character back.
 */
export function quoted(input: string): string {
  const cut = input.length > ECHO_LIMIT ? `${input.slice(0, ECHO_LIMIT)}…` : input;
  return JSON.stringify(cut);
}

/**
 * `failure` as a whole HTTP/1.1 response that closes its connection: for a socket no
 * framework answers (a request node's parser refused, a broken WebSocket handshake).
 */
export function rawHttpResponse(failure: ApiError): string {
  return rawJsonResponse(failure.status, JSON.stringify(failure.body));
}

/**
 * What every answer of the simulator's HTTP ports says about origins (src/wire/cross-origin.ts
 * registers it on the apps): the answers written here, before any app saw the request, say
 * it too, so a browser client can read why it was refused.
 */
export const ANY_ORIGIN = { name: "access-control-allow-origin", value: "*" } as const;

/**
 * Ends `response` with JSON text `body` under `status`, closing its connection after it: the
 * answer to a request refused before any app saw it (no Host, too many pipelined).
 */
export function endClosingJson(response: ServerResponse, status: number, body: string): void {
  response
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      [ANY_ORIGIN.name]: ANY_ORIGIN.value,
      connection: "close",
    })
    .end(body);
}

/** JSON text `body` as a whole HTTP/1.1 response of `status` that closes its connection (see rawHttpResponse). */
export function rawJsonResponse(status: number, body: string): string {
  const reason = STATUS_CODES[status] ?? "Error";
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Access-Control-Allow-Origin: ${ANY_ORIGIN.value}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
