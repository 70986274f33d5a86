import { type Address, type Transaction, getPublicKeyFromAddress, verifySignature } from "@solana/kit";
import type { ChainError } from "../chain/chain-error.ts";
import type { Devnet } from "../chain/devnet.ts";
import { RPC_ERROR, type RpcAnswer, refuse } from "./json-rpc-envelope.ts";
import { transactionErrorJson, transactionErrorSentence } from "./transaction-error-json.ts";

/** The validator's preflight refusal (-32002) of `error`, with the simulation result it carries as data. */
export function preflightRefusal(error: ChainError, logs: readonly string[] = [], unitsConsumed = 0n): RpcAnswer {
  return refuse(RPC_ERROR.sendTransactionPreflightFailure, `Transaction simulation failed: ${transactionErrorSentence(error)}`, {
    accounts: null,
    err: transactionErrorJson(error),
    innerInstructions: null,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed,
  });
}

export async function signaturesVerify(transaction: Transaction): Promise<boolean> {
  for (const [signer, signature] of Object.entries(transaction.signatures)) {
    if (!signature) return false;
    const key = await getPublicKeyFromAddress(signer as Address);
    if (!(await verifySignature(key, signature, transaction.messageBytes))) return false;
  }
  return true;
}

const signatureRefusal = (): RpcAnswer =>
  refuse(RPC_ERROR.transactionSignatureVerificationFailure, "Transaction signature verification failure");

/**
 * What `sendTransaction` checks before queueing when preflight is on, as a validator does:
 * every signature verifies (-32003 otherwise), the blockhash is still usable, and a
 * simulation against the current state succeeds (-32002 with the runtime's error, the
 * logs and the units otherwise). The simulation verifies the signatures itself (the VM's
 * sigverify, a fraction of a verification in JavaScript), so they are checked here apart
 * only when it does not run: for an unknown blockhash, where a validator still answers a
 * bad signature first. Null: passed.
 */
export async function preflightCheck(
  devnet: Devnet,
  { transaction, message }: { readonly transaction: Transaction; readonly message: { readonly lifetimeToken: string } },
): Promise<RpcAnswer | null> {
  // An empty signature slot (64 zero bytes: a transaction nobody signed) fails verification
  // first, as on a validator; the VM would call the bytes malformed instead.
  if (Object.values(transaction.signatures).some((signature) => !signature)) return signatureRefusal();
  if (devnet.lastValidBlockHeightOf(message.lifetimeToken) === null)
    return (await signaturesVerify(transaction)) ? preflightRefusal({ kind: "blockhashNotFound" }) : signatureRefusal();
  const simulated = devnet.simulate(transaction);
  if (simulated.error?.kind === "transaction" && simulated.error.name === "SignatureFailure") return signatureRefusal();
  return simulated.error === null ? null : preflightRefusal(simulated.error, simulated.logs, simulated.computeUnits);
}
