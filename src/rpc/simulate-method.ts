import { Type } from "@sinclair/typebox";
import {
  type Address,
  type Blockhash,
  type EncodedAccount,
  type Transaction,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
} from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { readWireTransaction } from "../chain/read-wire-transaction.ts";
import { badPubkey } from "./account-methods.ts";
import { innerInstructionsJson } from "./confirmed-transaction.ts";
import { encodeAccount, encodingRefusal } from "./encode-account.ts";
import { RPC_ERROR, type RpcAnswer, invalidParams, refuse } from "./json-rpc-envelope.ts";
import { signaturesVerify } from "./preflight-check.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcDeps, type ScanBudget, method } from "./rpc-method.ts";
import { AccountEncoding, CONFIG_FIELDS, Pubkey } from "./rpc-schemas.ts";
import { wireBase64Of } from "./send-encoding.ts";
import { transactionErrorJson } from "./transaction-error-json.ts";

export const SimulateTransactionConfig = Type.Object({
  ...CONFIG_FIELDS,
  encoding: Type.Optional(Type.Union([Type.Literal("base58"), Type.Literal("base64")], { description: "default base58" })),
  sigVerify: Type.Optional(Type.Boolean({ description: "default false" })),
  replaceRecentBlockhash: Type.Optional(Type.Boolean({ description: "default false; excludes sigVerify" })),
  accounts: Type.Optional(Type.Object({ addresses: Type.Array(Pubkey, { maxItems: 64 }), encoding: Type.Optional(AccountEncoding) })),
  innerInstructions: Type.Optional(
    Type.Boolean({ description: "default false; true reports the CPIs of each instruction, as getTransaction's jsonParsed lists them" }),
  ),
});

/** `transaction` with its message's lifetime replaced by the latest blockhash (its signatures then no longer verify). */
function withLatestBlockhash(transaction: Transaction, blockhash: Blockhash): Transaction {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...message, lifetimeToken: blockhash });
  return { ...transaction, messageBytes: messageBytes as Transaction["messageBytes"] };
}

function simulationValue(devnet: Devnet, err: unknown, extra: Record<string, unknown> = {}) {
  return {
    err,
    logs: [],
    accounts: null,
    unitsConsumed: 0n,
    returnData: null,
    innerInstructions: null,
    replacementBlockhash: null,
    ...extra,
  };
}

/**
 * Runs a transaction against the current state without keeping anything, as the validator
 * does: an unknown blockhash is `BlockhashNotFound` in the value (not an RPC error) unless
 * `replaceRecentBlockhash` swaps in the latest; signatures are checked only with `sigVerify`.
 */
async function simulateTransaction(
  [encoded, config = {}]: readonly any[],
  { devnet }: RpcDeps,
  _session: unknown,
  scans: ScanBudget,
): Promise<RpcAnswer> {
  if (config.sigVerify && config.replaceRecentBlockhash) return invalidParams("sigVerify may not be used with replaceRecentBlockhash");
  const refused = minContextSlotRefusal(devnet, config) ?? (config.accounts ? badPubkey(...config.accounts.addresses) : null);
  if (refused) return refused;
  const bytes = wireBase64Of(encoded, config.encoding ?? "base58");
  if (!("base64" in bytes)) return bytes;
  const reading = readWireTransaction(bytes.base64);
  if (!reading.ok) return invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${reading.reason}`);
  let transaction = reading.transaction;
  let replacementBlockhash: unknown = null;
  if (config.replaceRecentBlockhash) {
    const latest = devnet.latestBlockhash();
    transaction = withLatestBlockhash(transaction, latest.blockhash);
    replacementBlockhash = { blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight };
  } else {
    const lifetime = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken;
    if (devnet.lastValidBlockHeightOf(lifetime) === null) return inContext(devnet, simulationValue(devnet, "BlockhashNotFound"));
  }
  if (config.sigVerify && !(await signaturesVerify(transaction)))
    return refuse(RPC_ERROR.transactionSignatureVerificationFailure, "Transaction signature verification failure");
  // The validator sends a simulation's accounts in base64 unless told otherwise, and never in base58.
  const accountsEncoding = config.accounts?.encoding ?? "base64";
  if (accountsEncoding === "binary" || accountsEncoding === "base58") return invalidParams("base58 encoding not supported");
  const simulated = devnet.simulate(transaction, { sigVerify: config.sigVerify ?? false, accounts: config.accounts !== undefined });
  const after = new Map(simulated.accounts.map((account) => [account.address, account]));
  const read: (EncodedAccount | null)[] | undefined = config.accounts?.addresses.map(
    (key: Address) => after.get(key) ?? devnet.getAccount(key),
  );
  const tooMuch = read && encodingRefusal(read, accountsEncoding, undefined, scans);
  if (tooMuch) return tooMuch;
  const accounts = read?.map((account) => account && encodeAccount(devnet, account, accountsEncoding));
  return inContext(
    devnet,
    simulationValue(devnet, simulated.error && transactionErrorJson(simulated.error), {
      logs: simulated.logs,
      unitsConsumed: simulated.computeUnits,
      accounts: accounts ?? null,
      replacementBlockhash,
      // The validator parses a simulation's CPIs (program and accounts by key) whatever the transaction's encoding.
      innerInstructions: config.innerInstructions
        ? innerInstructionsJson(reading.message.staticAccounts, simulated.innerInstructions(), true)
        : null,
    }),
  );
}

export const SIMULATE_METHODS = { simulateTransaction: method([Type.String(), SimulateTransactionConfig], 1, simulateTransaction) };
