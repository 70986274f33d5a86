import {
  type Address,
  type Transaction,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  verifySignature,
} from "@solana/kit";
import type { ChainError } from "../chain/chain-error.ts";
import type { Devnet } from "../chain/devnet.ts";
import { LAMPORTS_PER_SIGNATURE } from "./cluster-methods.ts";
import { RPC_ERROR, type RpcAnswer, refuse } from "./json-rpc-envelope.ts";
import { transactionErrorJson, transactionErrorSentence } from "./transaction-error-json.ts";

/** The validator's preflight refusal (-32002) of `error`, with the simulation result it carries as data. */
export function preflightRefusal(error: ChainError, logs: readonly string[] = []): RpcAnswer {
  return refuse(RPC_ERROR.sendTransactionPreflightFailure, `Transaction simulation failed: ${transactionErrorSentence(error)}`, {
    accounts: null,
    err: transactionErrorJson(error),
    innerInstructions: null,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: 0,
  });
}

async function signaturesVerify(transaction: Transaction): Promise<boolean> {
  for (const [signer, signature] of Object.entries(transaction.signatures)) {
    if (!signature) return false;
    const key = await getPublicKeyFromAddress(signer as Address);
    if (!(await verifySignature(key, signature, transaction.messageBytes))) return false;
  }
  return true;
}

/**
 * What `sendTransaction` checks before queueing when preflight is on: every signature
 * verifies (-32003 otherwise), the blockhash is still usable, and the fee payer exists and
 * can pay the signatures' fee (-32002 with the runtime's error otherwise). The devnet does
 * not simulate the instructions ahead of landing (that would run the transaction twice):
 * an instruction that fails lands as a failed transaction, seen in its status. Null: passed.
 */
export async function preflightCheck(devnet: Devnet, transaction: Transaction): Promise<RpcAnswer | null> {
  if (!(await signaturesVerify(transaction)))
    return refuse(RPC_ERROR.transactionSignatureVerificationFailure, "Transaction signature verification failure");
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  if (devnet.lastValidBlockHeightOf(message.lifetimeToken) === null) return preflightRefusal({ kind: "blockhashNotFound" });
  const feePayer = message.staticAccounts[0]!;
  const account = devnet.getAccount(feePayer);
  if (account === null || account.lamports === 0n) return preflightRefusal({ kind: "transaction", name: "AccountNotFound" });
  if (account.lamports < LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts))
    return preflightRefusal({ kind: "transaction", name: "InsufficientFundsForFee" });
  return null;
}
