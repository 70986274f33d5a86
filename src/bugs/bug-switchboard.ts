import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { StreamCloseName } from "../stream/close-codes.ts";
import type { StreamTap } from "../stream/stream-server.ts";
import type { PlanLedger } from "../trading/plan-ledger.ts";
import type { QuoteStore } from "../trading/quote-store.ts";
import { INJECTED_BUGS, injectedBug } from "./injected-bug-catalogue.ts";
import type { HttpBreak, InjectedBug } from "./injected-bug.ts";

function matches(http: HttpBreak, request: FastifyRequest): boolean {
  return (http.method === "*" || http.method === request.method) && (http.route === "*" || http.route === request.routeOptions.url);
}

/**
 * The injected bugs of one simulator: which modes are active, and the hooks through which
 * they act. The simulator creates one only when started with bug injection, so a
 * simulator without it has none of these hooks at all; with it and no mode active, each
 * hook returns at its first line.
 */
export class BugSwitchboard {
  #active: readonly InjectedBug[] = [];

  /** Starts with `names` active (each must be in the catalogue). */
  constructor(names: readonly string[] = []) {
    this.activate(names);
  }

  /** Makes exactly `names` active (none: the simulator keeps every rule). Unknown names throw: the CLI validates them first. */
  activate(names: readonly string[]): void {
    const bugs = names.map((name) => injectedBug(name) ?? null);
    const unknown = names.find((_, index) => bugs[index] === null);
    if (unknown !== undefined) throw new RangeError(`no injected bug is named ${JSON.stringify(unknown)}`);
    this.#active = bugs as InjectedBug[];
  }

  get active(): readonly string[] {
    return this.#active.map((bug) => bug.name);
  }

  /** Every mode of the catalogue, for a caller that wants to list them. */
  get catalogue(): readonly InjectedBug[] {
    return INJECTED_BUGS;
  }

  isActive(name: string): boolean {
    return this.#active.some((bug) => bug.name === name);
  }

  /** Adds the HTTP hooks to `app` (before it is ready). */
  installHttp(app: FastifyInstance): void {
    const http = (request: FastifyRequest) => this.#active.flatMap((bug) => (bug.http && matches(bug.http, request) ? [bug.http] : []));
    app.addHook("onRequest", async (request) => {
      if (this.#active.length === 0) return;
      for (const hook of http(request)) hook.onRequest?.(request);
    });
    app.addHook("preValidation", async (request, reply: FastifyReply) => {
      if (this.#active.length === 0) return;
      for (const hook of http(request)) {
        hook.preValidation?.(request, reply);
        if (reply.sent) return reply;
      }
    });
    app.addHook("onSend", async (request, reply, payload) => {
      // Hot read routes send bytes the read model serialized once (a Buffer); the rest, fastify's string.
      const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
      if (this.#active.length === 0 || text === null) return payload;
      if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
        let html = text;
        for (const hook of http(request)) html = hook.onSendHtml?.({ request, reply, html }) ?? html;
        return html === text ? payload : html;
      }
      const hooks = http(request).filter((hook) => hook.onSend);
      if (hooks.length === 0) return payload;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return payload;
      }
      let changed = false;
      for (const hook of hooks) {
        const next = hook.onSend!({ request, reply, body });
        if (next !== undefined) {
          body = next;
          changed = true;
        }
      }
      return changed ? JSON.stringify(body) : payload;
    });
  }

  /** The tap the stream server consults (see `StreamServer.withTap`). */
  readonly streamTap: StreamTap = {
    outgoing: (frame: Buffer, socket: WebSocket) => {
      const hooks = this.#active.filter((bug) => bug.stream?.outgoing);
      if (hooks.length === 0) return frame;
      let json = JSON.parse(frame.toString("utf8")) as Record<string, unknown> | null;
      for (const bug of hooks) if (json) json = bug.stream!.outgoing!(json, socket);
      return json ? Buffer.from(JSON.stringify(json)) : null;
    },
    incoming: (data: Buffer, socket: WebSocket) => this.#active.every((bug) => bug.stream?.incoming?.(data, socket) ?? true),
    closing: (name: StreamCloseName, socket: WebSocket) => this.#active.every((bug) => bug.stream?.closing?.(name, socket) ?? true),
  };

  /** Lets the active modes reach the trade desk's quote store (a quote that never expires). */
  installQuotes<T>(quotes: QuoteStore<T>): void {
    const get = quotes.get.bind(quotes);
    // An own property over the class's method: only this store, only while the mode is active.
    quotes.get = (id: string) => {
      const found = get(id);
      const neverExpire = this.#active.some((bug) => bug.deep?.quotesNeverExpire);
      return neverExpire && found.state === "expired" ? { state: "live", entry: found.entry } : found;
    };
  }

  /** Lets the active modes reach the trade desk's plan ledger (steps sent together land as they arrived; plans share bytes). */
  installPlans(plans: PlanLedger): void {
    const earlierSubmitted = plans.earlierSubmitted.bind(plans);
    plans.earlierSubmitted = (message: string) =>
      this.#active.some((bug) => bug.deep?.plansLandInArrivalOrder) ? [] : earlierSubmitted(message);
    const builtForAnother = plans.builtForAnother.bind(plans);
    plans.builtForAnother = (quoteId: string, messages: readonly string[]) =>
      this.#active.some((bug) => bug.deep?.plansShareBytes) ? null : builtForAnother(quoteId, messages);
  }
}
