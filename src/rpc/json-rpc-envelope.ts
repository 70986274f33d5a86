/** JSON-RPC 2.0's own error codes, and the Solana validator's server errors clients branch on. */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Preflight simulation failed (`data` carries err and logs). */
  sendTransactionPreflightFailure: -32002,
  /** A block the node has not produced (yet). */
  blockNotAvailable: -32004,
  /** A signature does not verify. */
  transactionSignatureVerificationFailure: -32003,
  /** An account scan's results passed the node's limit (the validator's ScanError). */
  scanError: -32012,
  /** A version 0 transaction asked for without `maxSupportedTransactionVersion: 0`. */
  unsupportedTransactionVersion: -32015,
  /** `minContextSlot` is ahead of the node. */
  minContextSlotNotReached: -32016,
} as const;

export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** What a method answers: a result, or an error object as the validator would send it. */
export type RpcAnswer = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: RpcError };

export const answer = (result: unknown): RpcAnswer => ({ ok: true, result });
export const refuse = (code: number, message: string, data?: unknown): RpcAnswer => ({
  ok: false,
  error: data === undefined ? { code, message } : { code, message, data },
});
export const invalidParams = (message: string): RpcAnswer => refuse(RPC_ERROR.invalidParams, message);

/** A request id as JSON-RPC allows it; null answers a request whose id could not be read. */
export type RpcId = string | number | null;

export interface RpcResponse {
  readonly jsonrpc: "2.0";
  readonly id: RpcId;
  readonly result?: unknown;
  readonly error?: RpcError;
}

export function responseOf(id: RpcId, reply: RpcAnswer): RpcResponse {
  return reply.ok ? { jsonrpc: "2.0", result: reply.result, id } : { jsonrpc: "2.0", error: reply.error, id };
}

/** A request that is not a JSON-RPC 2.0 request object (the validator's message). */
export const INVALID_REQUEST: RpcError = { code: RPC_ERROR.invalidRequest, message: "Invalid request" };
export const PARSE_ERROR: RpcError = { code: RPC_ERROR.parseError, message: "Parse error" };

/** A JSON-RPC error object with no id (the request was never read as one): what every refusal before a method answers, on the RPC port and its PubSub's. */
export function refusalBody(message: string, code: number = RPC_ERROR.invalidRequest): string {
  return JSON.stringify(responseOf(null, refuse(code, message)));
}
