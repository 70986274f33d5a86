import type { FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { StreamCloseName } from "../stream/close-codes.ts";

/** The conformance phase whose check catches a mode (the suite's phase names; `src/` never imports `conformance/`). */
export type BugPhase = "schema" | "boundaries" | "negative" | "read" | "trade" | "stateful" | "stream" | "links";

/** What an HTTP break sees of one exchange: the request, the reply (its status may be changed) and the JSON body. */
export interface SentAnswer {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The parsed JSON body of the answer (an object, usually). */
  readonly body: unknown;
}

/**
 * One rule broken over HTTP, on one route (a fastify template such as `/v1/launches/:id`,
 * or `*` for every route). Each hook runs only while its mode is active.
 */
export interface HttpBreak {
  readonly method: "GET" | "POST" | "*";
  readonly route: string;
  /** Before the body is read: may rewrite headers (a content type not enforced). */
  readonly onRequest?: (request: FastifyRequest) => void;
  /** Before validation: may rewrite the query or body (a bound not enforced) or answer itself (a valid request refused). */
  readonly preValidation?: (request: FastifyRequest, reply: FastifyReply) => void;
  /** The JSON answer about to leave: returns the body to send instead (undefined: unchanged). May set the status. */
  readonly onSend?: (answer: SentAnswer) => unknown;
  /** An HTML answer about to leave (the web client's pages): returns the page to send instead (undefined: unchanged). */
  readonly onSendHtml?: (answer: SentPage) => string | undefined;
}

/** What an HTML break sees of one exchange: the request, the reply and the page's text. */
export interface SentPage {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly html: string;
}

/** One rule broken on the stream. Each hook runs only while its mode is active. */
export interface StreamBreak {
  /** A frame about to be sent (parsed): the frame to send instead, or null to send nothing. */
  readonly outgoing?: (frame: Record<string, unknown>, socket: WebSocket) => Record<string, unknown> | null;
  /** A client frame (raw bytes) before the server reads it: false when the break consumed it (closed the socket, ignored it). */
  readonly incoming?: (data: Buffer, socket: WebSocket) => boolean;
  /** A close (or a refusal) the server is about to make: false keeps the socket open (or admits it). */
  readonly closing?: (name: StreamCloseName, socket: WebSocket) => boolean;
}

/** What a mode may reach below HTTP and the stream: the trade desk's quote store. */
export interface DeepBreak {
  /** Stored quotes never expire (build accepts them at any age). */
  readonly quotesNeverExpire?: true;
  /** Plan steps sent together land in the order they arrived (a settle sent with its setup succeeds). */
  readonly plansLandInArrivalOrder?: true;
  /** Two quotes of the same trade build the same bytes (the second's steps are the first's). */
  readonly plansShareBytes?: true;
}

/**
 * An injected bug: a mode that makes the simulator break one rule of the specification (or
 * of our document), and the conformance check that must catch it.
 */
export interface InjectedBug {
  /** kebab-case, stable: the name `--inject-bug` takes. */
  readonly name: string;
  readonly phase: BugPhase;
  /** The rule it breaks, in one sentence. */
  readonly rule: string;
  /** The conformance check id expected to fail while this mode is active. */
  readonly caughtBy: string;
  /**
   * The rule is one of our decisions, not the specification's: judging another server (no
   * `--strict`) the check only notes this mode; it fails with `--strict`, and with `--start`.
   */
  readonly strictOnly?: true;
  readonly http?: HttpBreak;
  readonly stream?: StreamBreak;
  readonly deep?: DeepBreak;
}
