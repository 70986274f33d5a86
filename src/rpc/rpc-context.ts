import type { Devnet } from "../chain/devnet.ts";
import { RPC_ERROR, type RpcAnswer, answer, refuse } from "./json-rpc-envelope.ts";
import type { CommitmentConfig } from "./rpc-schemas.ts";

/** The validator version this RPC speaks for (`apiVersion` in every context, `solana-core` of getVersion). */
export const API_VERSION = "2.2.0";

/**
 * A result wrapped with the slot it was read at, as the validator wraps reads of state.
 * The devnet has one head and no forks, so every commitment reads the same state.
 */
export function inContext(devnet: Devnet, value: unknown): RpcAnswer {
  return answer({ context: { slot: devnet.now().slot, apiVersion: API_VERSION }, value });
}

/** The validator's refusal when a client asks for a slot the node has not reached; null when it has. */
export function minContextSlotRefusal(devnet: Devnet, config: CommitmentConfig | undefined): RpcAnswer | null {
  const wanted = config?.minContextSlot;
  const slot = devnet.now().slot;
  if (wanted === undefined || BigInt(wanted) <= slot) return null;
  return refuse(RPC_ERROR.minContextSlotNotReached, "Minimum context slot has not been reached", { contextSlot: slot });
}
