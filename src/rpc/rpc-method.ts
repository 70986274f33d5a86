import type { TSchema } from "@sinclair/typebox";
import type { KeyPairSigner } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import type { RpcAnswer } from "./json-rpc-envelope.ts";

/** What every method reads from: the one chain the simulator's other layers share. */
export interface RpcDeps {
  readonly devnet: Devnet;
  /** Pays `requestAirdrop`; without it that method is not served (-32601). */
  readonly faucet?: KeyPairSigner;
}

/**
 * One JSON-RPC method: a schema per positional parameter (the first `required` must be
 * present; the rest may be left out or null) and the handler, which gets them checked.
 */
export interface RpcMethod {
  readonly params: readonly TSchema[];
  readonly required: number;
  // The schemas above check each parameter before the handler sees it.
  // `session` is the transport's per-connection state (the PubSub socket), undefined over HTTP.
  readonly handle: (params: readonly any[], deps: RpcDeps, session?: any) => RpcAnswer | Promise<RpcAnswer>;
}

export type RpcMethodTable = Readonly<Record<string, RpcMethod>>;

export const method = (params: readonly TSchema[], required: number, handle: RpcMethod["handle"]): RpcMethod => ({
  params,
  required,
  handle,
});
