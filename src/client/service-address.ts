/**
 * Where a judged or scripted service lives: one rule for `--base-url` (conformance and
 * scenarios), and a probe that tells "nothing there" from a server to judge, so a CI job
 * pointed at a down or mistyped address fails with one sentence instead of a page of
 * failed or skipped checks.
 */

import { fetchTextWithin, isTimeout } from "./request-deadline.ts";

/** `text` as a service's base URL (http or https, no query or fragment, trailing slashes dropped), or why it is not one. */
export function serviceBaseUrl(text: string, option = "--base-url"): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `${option} must be an http or https URL such as http://127.0.0.1:8790, got ${JSON.stringify(text)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: `${option} must use http or https, got ${JSON.stringify(text)}` };
  if (url.search || url.hash) return { ok: false, reason: `${option} must not carry a query or a fragment, got ${JSON.stringify(text)}` };
  return { ok: true, url: text.replace(/\/+$/, "") };
}

/** How a failed connection reads in a sentence, by node's error code. */
const CONNECTION_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "the connection was refused: is the server running?",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name does not resolve",
  ECONNRESET: "the connection was reset",
  UND_ERR_SOCKET: "the server closed the connection without answering",
  EHOSTUNREACH: "the host is unreachable",
  // An https:// URL on a port that answers plain HTTP (the simulator's own): the TLS handshake read an HTTP answer.
  ERR_SSL_WRONG_VERSION_NUMBER: "the port does not speak TLS: use http:// for it",
};

/** node's codes for a TLS certificate it does not trust (a self-signed or private CA's, or another host's). */
const UNTRUSTED_CERTIFICATE = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Why no service answers at `baseUrl`, or null when `GET {baseUrl}/v1/launches?limit=1`
 * answers anything but a 404 (a server to judge, right or wrong). A 404 means the address is
 * not the service's root (often a trailing `/v1`).
 */
export async function unreachableReason(baseUrl: string, timeoutMs = 10_000): Promise<string | null> {
  const probe = `${baseUrl}/v1/launches?limit=1`;
  let status: number;
  try {
    status = (await fetchTextWithin(probe, {}, timeoutMs)).response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? "";
    const why = isTimeout(error)
      ? `no answer within ${timeoutMs / 1000} s`
      : (CONNECTION_FAILURES[cause] ??
        (UNTRUSTED_CERTIFICATE.has(cause)
          ? `its TLS certificate is not trusted (${cause}): give node its CA with NODE_EXTRA_CA_CERTS=ca.pem`
          : error instanceof Error
            ? error.message
            : String(error)));
    return `nothing answers at ${baseUrl} (GET ${probe}: ${why})`;
  }
  // A WebSocket-only port (such as a PubSub's) refuses every plain request: no HTTP service is there.
  if (status === 426) return `${baseUrl} speaks only WebSocket (GET ${probe} answered 426 Upgrade Required): name the service's HTTP port`;
  if (status !== 404) return null;
  const root = /\/v1$/.test(baseUrl)
    ? `; the base URL is the service's root: drop the trailing /v1 (${baseUrl.replace(/\/v1$/, "")})`
    : "; is it the service's root?";
  return `${baseUrl} serves no launch list (GET ${probe} answered 404)${root}`;
}
