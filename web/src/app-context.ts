import { BasketClient } from "../../src/client/basket-client.ts";
import type { StreamConnection } from "./stream.ts";

/** What every page is handed: the API at the page's own origin, the one stream socket, and the burner wallet. */
export interface AppContext {
  readonly api: BasketClient;
  readonly stream: StreamConnection;
  /** Title for the document and the announcement to screen readers. */
  setTitle(title: string): void;
}

/** A page renders into its root and returns what stops it (listeners, timers, the chart). */
export type Page = (root: HTMLElement, context: AppContext) => () => void;

/** The client only ever talks to the server that served it. */
export function sameOriginClient(): BasketClient {
  // `fetch` called as a method of another object throws "Illegal invocation": keep it bound.
  return new BasketClient("", { fetch: (input, init) => fetch(input, init), pollIntervalMs: 250, pollTimeoutMs: 60_000 });
}

export function errorText(error: unknown): string {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body?: { error?: unknown } }).body;
    if (body && typeof body.error === "string") return body.error;
  }
  return error instanceof Error ? error.message : String(error);
}

export function statusOf(error: unknown): number | null {
  return error && typeof error === "object" && "status" in error && typeof error.status === "number" ? error.status : null;
}
