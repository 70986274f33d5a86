import { randomUUID } from "node:crypto";
import { Type } from "@sinclair/typebox";
import type { Address, Signature } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { MAX_AIRDROP_LAMPORTS } from "../chain/devnet.ts";
import { readWireTransaction } from "../chain/read-wire-transaction.ts";
import { MEMO_PROGRAM_ADDRESS } from "../programs/index.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import { badPubkey } from "./account-methods.ts";
import { LAMPORTS_PER_SIGNATURE } from "./transaction-fee.ts";
import { type RpcAnswer, answer, invalidParams } from "./json-rpc-envelope.ts";
import { preflightCheck, preflightRefusal } from "./preflight-check.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcDeps, type RpcMethodTable, method } from "./rpc-method.ts";
import { CommitmentConfig, Lamports, Pubkey, SendTransactionConfig, SignatureStatusesConfig, TransactionSignature } from "./rpc-schemas.ts";
import { wireBase64Of } from "./send-encoding.ts";
import { rpcSignatureStatus } from "./signature-status.ts";

/** The validator's limit on `getSignatureStatuses`. */
const MAX_SIGNATURE_STATUSES = 256;

/**
 * Queues a client's signed transaction on the devnet's one landing queue (so it appears on
 * the REST status route, the tape and the stream like any other) and answers its signature.
 */
async function sendTransaction([encoded, config = {}]: readonly any[], { devnet }: RpcDeps): Promise<RpcAnswer> {
  const bytes = wireBase64Of(encoded, config.encoding ?? "base58");
  if (!("base64" in bytes)) return bytes;
  const reading = readWireTransaction(bytes.base64);
  if (!reading.ok) return invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${reading.reason}`);
  const refused = minContextSlotRefusal(devnet, config) ?? (config.skipPreflight ? null : await preflightCheck(devnet, reading));
  if (refused) return refused;
  const submitted = devnet.submit(reading.transaction);
  if (submitted.accepted) return answer(submitted.signature);
  if (submitted.error.kind === "malformed") return invalidParams(`invalid transaction: ${submitted.error.reason}`);
  return preflightRefusal(submitted.error);
}

/**
 * Lamports from the faucet by a real transfer transaction (topped up by the devnet's
 * airdrop when it runs low), so the answer is a signature that lands, confirms and
 * finalizes like any other. A memo keeps two equal airdrops in one slot distinct.
 */
async function requestAirdrop([key, lamports]: readonly any[], { devnet, faucet }: RpcDeps): Promise<RpcAnswer> {
  const refused = badPubkey(key);
  if (refused) return refused;
  const amount = BigInt(lamports);
  if (amount > MAX_AIRDROP_LAMPORTS) return invalidParams(`Invalid params: an airdrop gives at most ${MAX_AIRDROP_LAMPORTS} lamports`);
  // A program's account is read-only to a transfer: the grant could never land.
  if (devnet.getAccount(key as Address)?.executable) return invalidParams("Invalid params: an airdrop cannot pay a program account");
  const needed = amount + LAMPORTS_PER_SIGNATURE;
  if (devnet.getBalance(faucet!.address) < needed) {
    const topped = devnet.airdrop(faucet!.address, needed);
    if (!topped.ok) return invalidParams(`the faucet cannot hold ${amount} more lamports`);
  }
  const transaction = await signInstructions({
    feePayer: faucet!,
    instructions: [
      { programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(`airdrop ${randomUUID()}`) },
      getTransferSolInstruction({ source: faucet!, destination: key as Address, amount }),
    ],
    lifetime: devnet.latestBlockhash(),
  });
  const submitted = devnet.submit(transaction);
  return submitted.accepted ? answer(submitted.signature) : preflightRefusal(submitted.error);
}

export function transactionMethods(deps: RpcDeps): RpcMethodTable {
  return {
    sendTransaction: method([Type.String(), SendTransactionConfig], 1, sendTransaction),
    getSignatureStatuses: method(
      [Type.Array(TransactionSignature, { maxItems: MAX_SIGNATURE_STATUSES }), SignatureStatusesConfig],
      1,
      ([signatures, config = {}], { devnet }) =>
        inContext(
          devnet,
          (signatures as Signature[]).map((signature) => rpcSignatureStatus(devnet, signature, config.searchTransactionHistory ?? false)),
        ),
    ),
    // Served only where there is a faucet to pay it: elsewhere the method does not exist (-32601).
    ...(deps.faucet ? { requestAirdrop: method([Pubkey, Lamports, CommitmentConfig], 2, requestAirdrop) } : {}),
  };
}
