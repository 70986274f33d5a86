import { Ajv, type ValidateFunction } from "ajv";
import { registerWireFormats } from "../wire/wire-fields.ts";
import { ACCOUNT_METHODS } from "./account-methods.ts";
import { CLUSTER_METHODS } from "./cluster-methods.ts";
import {
  INVALID_REQUEST,
  PARSE_ERROR,
  RPC_ERROR,
  type RpcAnswer,
  type RpcId,
  type RpcResponse,
  invalidParams,
  refuse,
  responseOf,
} from "./json-rpc-envelope.ts";
import { historyMethods } from "./history-methods.ts";
import { jsonText } from "./json-text.ts";
import { type RpcDeps, type RpcMethod, type RpcMethodTable, SCAN_RESULTS_LIMIT, ScanBudget } from "./rpc-method.ts";
import { PROGRAM_ACCOUNT_METHODS } from "./program-accounts-method.ts";
import { SIMULATE_METHODS } from "./simulate-method.ts";
import { TOKEN_METHODS } from "./token-methods.ts";
import { transactionMethods } from "./transaction-methods.ts";

interface CompiledMethod {
  readonly method: RpcMethod;
  /** Each parameter's check, compiled the first time a call reaches it. */
  readonly checks: (ValidateFunction | undefined)[];
}

/** The methods served over HTTP. */
export const httpMethods = (deps: RpcDeps): RpcMethodTable => ({
  ...CLUSTER_METHODS,
  ...ACCOUNT_METHODS,
  ...TOKEN_METHODS,
  ...SIMULATE_METHODS,
  ...PROGRAM_ACCOUNT_METHODS,
  ...transactionMethods(deps),
  ...historyMethods(deps.devnet),
});

/**
 * Requests one batch may hold. A batch runs one request a turn of the event loop, so the
 * HTTP API and other clients are answered between them; a bound keeps one body from holding
 * a queue of work (forty token-program scans took eleven seconds).
 */
export const MAX_BATCH_REQUESTS = 100;

/**
 * An id the validator's JSON-RPC takes: null, a string, or a whole number from 0 (a u64; -1,
 * 1.5 and 1e20 are invalid requests there). JSON numbers past 2^53 reach us already rounded,
 * so such an id is echoed as JavaScript read it.
 */
const isId = (id: unknown): id is RpcId =>
  id === null || typeof id === "string" || (typeof id === "number" && Number.isInteger(id) && id >= 0 && id <= 2 ** 64);

/**
 * JSON-RPC 2.0 over any transport: parses a request text (one request or a batch), checks
 * the envelope and each positional parameter against its schema, runs the method and
 * writes the answer. Every mistake of a client is an error object, never a throw.
 */
export class RpcDispatcher {
  readonly #methods = new Map<string, CompiledMethod>();
  #ajv: Ajv | undefined;

  readonly #scanResultsLimit: number;

  constructor(
    readonly deps: RpcDeps,
    table: RpcMethodTable = httpMethods(deps),
    options: { readonly scanResultsLimit?: number } = {},
  ) {
    this.#scanResultsLimit = options.scanResultsLimit ?? SCAN_RESULTS_LIMIT;
    // Schemas compile on a method's first call, not here: compiling all of them took a
    // tenth of a second of every start, for methods most runs never call.
    for (const [name, method] of Object.entries(table)) this.#methods.set(name, { method, checks: method.params.map(() => undefined) });
  }

  #checkOf({ method, checks }: CompiledMethod, index: number): ValidateFunction {
    this.#ajv ??= registerWireFormats(new Ajv({ strict: false, allErrors: false }));
    return (checks[index] ??= this.#ajv.compile(method.params[index]!));
  }

  /** The names of the methods served, sorted. */
  get methodNames(): string[] {
    return [...this.#methods.keys()].sort();
  }

  /**
   * The answer to a request text, or null when nothing is to be sent back (notifications
   * only, or a batch whose client went away: `gone` is asked between its requests, and the
   * rest are not run for nobody).
   */
  async handleText(text: string, session?: unknown, gone: () => boolean = () => false): Promise<string | null> {
    const scans = new ScanBudget(this.#scanResultsLimit);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonText({ jsonrpc: "2.0", error: PARSE_ERROR, id: null });
    }
    if (!Array.isArray(body)) {
      const response = await this.handle(body, session, scans);
      return response && jsonText(response);
    }
    if (body.length === 0) return jsonText({ jsonrpc: "2.0", error: INVALID_REQUEST, id: null });
    if (body.length > MAX_BATCH_REQUESTS) {
      const error = {
        ...INVALID_REQUEST,
        message: `Invalid request: a batch holds at most ${MAX_BATCH_REQUESTS} requests, got ${body.length}`,
      };
      return jsonText({ jsonrpc: "2.0", error, id: null });
    }
    const responses: RpcResponse[] = [];
    for (const [index, request] of body.entries()) {
      // One request a turn: whatever else waits on this process goes between them.
      if (index > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (gone()) return null;
      const response = await this.handle(request, session, scans);
      if (response !== null) responses.push(response);
    }
    return responses.length === 0 ? null : jsonText(responses);
  }

  /** One request object's response; null for a notification (a request without an id). */
  async handle(request: unknown, session?: unknown, scans = new ScanBudget(this.#scanResultsLimit)): Promise<RpcResponse | null> {
    if (typeof request !== "object" || request === null || Array.isArray(request))
      return { jsonrpc: "2.0", error: INVALID_REQUEST, id: null };
    const { jsonrpc, method, params, id } = request as Record<string, unknown>;
    if (id !== undefined && !isId(id)) return { jsonrpc: "2.0", error: INVALID_REQUEST, id: null };
    if (jsonrpc !== "2.0" || typeof method !== "string") return { jsonrpc: "2.0", error: INVALID_REQUEST, id: id ?? null };
    const reply = await this.call(method, params, session, scans);
    return id === undefined ? null : responseOf(id, reply);
  }

  /** Runs `name` with `params` (checked here). */
  async call(name: string, params: unknown, session?: unknown, scans = new ScanBudget(this.#scanResultsLimit)): Promise<RpcAnswer> {
    const compiled = this.#methods.get(name);
    if (!compiled) return refuse(RPC_ERROR.methodNotFound, "Method not found");
    const checked = this.#check(compiled, params ?? []);
    if (!Array.isArray(checked)) return checked;
    try {
      return await compiled.method.handle(checked, this.deps, session, scans);
    } catch (error) {
      // A defect of ours, not the client's: reported, and answered as JSON-RPC's internal
      // error, so one bad request neither takes the server down (a PubSub handler runs
      // outside any request) nor leaves a client without an answer.
      process.emitWarning(error instanceof Error ? error : String(error), { code: "BASKET_DEVNET_RPC_FAILED" });
      return refuse(RPC_ERROR.internalError, "Internal error");
    }
  }

  #check(compiled: CompiledMethod, params: unknown): unknown[] | RpcAnswer {
    const { method, checks } = compiled;
    if (!Array.isArray(params)) return invalidParams("Invalid params: params must be an array of positional parameters");
    if (params.length < method.required || params.length > checks.length) {
      const expected = method.required === checks.length ? `${checks.length}` : `${method.required} to ${checks.length}`;
      return invalidParams(`Invalid params: invalid length ${params.length}, expected ${expected} parameters`);
    }
    const values: unknown[] = [];
    for (let index = 0; index < checks.length; index++) {
      const value = params[index] ?? undefined;
      if (value === undefined) {
        if (index < method.required) return invalidParams(`Invalid params: parameter ${index} must not be null`);
      } else {
        const check = this.#checkOf(compiled, index);
        if (!check(value)) return invalidParams(`Invalid params: parameter ${index}${complaintOf(check.errors ?? [])}`);
      }
      values.push(value);
    }
    return values;
  }
}

interface ParamError {
  readonly instancePath: string;
  readonly keyword?: string;
  readonly message?: string;
  readonly params?: Record<string, unknown>;
}

/** What to say of a parameter that failed its schema, after "parameter N": where in it, and what it must be. */
function complaintOf(errors: readonly ParamError[]): string {
  const found = deepestError(errors);
  const path = found?.instancePath ?? "";
  const here = errors.filter((error) => error.instancePath === path);
  if (here.some((error) => error.keyword === "anyOf")) {
    // A value of several forms (an encoding's names; getTransaction's object or bare
    // encoding) that is none of them: name every form, not the first one's complaint.
    const values = [...new Set(here.flatMap((error) => (error.keyword === "const" ? [JSON.stringify(error.params?.allowedValue)] : [])))];
    const types = [...new Set(here.flatMap((error) => (error.keyword === "type" ? [String(error.params?.type)] : [])))].filter(
      // The names are strings: "a string" would say less than they do.
      (type) => !(type === "string" && values.length > 0),
    );
    const forms = [...types.map((type) => `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`), ...values];
    if (forms.length > 0) return `${path} must be ${forms.length > 1 ? `${forms.slice(0, -1).join(", ")} or ` : ""}${forms.at(-1)}`;
  }
  return `${path} ${found?.message ?? "is not valid"}`;
}

/**
 * The error to name when a parameter fails: the one deepest in the value. A union (a filter is
 * a dataSize or a memcmp) fails every branch, and ajv lists the first branch's complaint first;
 * `{"memcmp": {"offset": "x"}}` is better told its offset is not an integer than that it lacks a
 * dataSize. Among equally deep ones, the first.
 */
function deepestError(errors: readonly ParamError[]) {
  let found = errors[0];
  for (const error of errors) if (error.instancePath.length > (found?.instancePath.length ?? 0)) found = error;
  return found;
}
