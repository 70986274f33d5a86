import { type Address, type ReadonlyUint8Array, getBase58Decoder } from "@solana/kit";
import type { InnerInstruction } from "../chain/devnet.ts";
import { type SupportedMessage, isWritableKey } from "../chain/check-transaction.ts";
import type { HistoryEntry, KeyState } from "./history-entry.ts";
import { tokenAmountOf } from "./token-parsing.ts";
import { transactionErrorJson } from "./transaction-error-json.ts";
import { transactionFeeOf } from "./transaction-fee.ts";

export type TransactionEncoding = "json" | "jsonParsed" | "base64" | "base58";

/** The signature of an unsigned slot: 64 zero bytes. */
const NO_SIGNATURE = "1".repeat(64);

const tokenBalancesOf = (states: readonly KeyState[]) =>
  states.flatMap((state, accountIndex) =>
    state.token === null
      ? []
      : [
          {
            accountIndex,
            mint: state.token.mint,
            owner: state.token.owner,
            programId: state.token.program,
            uiTokenAmount: tokenAmountOf(state.token.amount, state.token.decimals),
          },
        ],
  );

/**
 * One instruction, top-level or inner: its program and accounts by index (`json`), or by
 * key (`jsonParsed`, which names them and parses no program's data here).
 */
const instructionJson = (
  keys: readonly string[],
  parsed: boolean,
  programIdIndex: number,
  accounts: readonly number[],
  data: string,
  stackHeight: number | null,
) =>
  parsed
    ? { programId: keys[programIdIndex], accounts: accounts.map((index) => keys[index]), data, stackHeight }
    : { programIdIndex, accounts, data, stackHeight };

function transactionJson(entry: HistoryEntry, message: SupportedMessage, encoding: TransactionEncoding): unknown {
  if (encoding === "base64") return [Buffer.from(entry.wire).toString("base64"), "base64"];
  const base58 = getBase58Decoder();
  if (encoding === "base58") return [base58.decode(entry.wire), "base58"];
  // kit keeps a transaction's signatures in its signers' order, the order of the wire.
  const signatures = Object.values(entry.transaction.signatures).map((bytes) => (bytes ? base58.decode(bytes) : NO_SIGNATURE));
  const keys = message.staticAccounts;
  const data = (bytes: ReadonlyUint8Array | undefined) => base58.decode(bytes ?? new Uint8Array(0));
  const parsed = encoding === "jsonParsed";
  return {
    signatures,
    message: {
      accountKeys: parsed
        ? keys.map((pubkey, index) => ({
            pubkey,
            signer: index < message.header.numSignerAccounts,
            writable: isWritableKey(message, index),
            source: "transaction",
          }))
        : keys,
      ...(parsed
        ? {}
        : {
            header: {
              numRequiredSignatures: message.header.numSignerAccounts,
              numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
              numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
            },
          }),
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((instruction) =>
        instructionJson(keys, parsed, instruction.programAddressIndex, instruction.accountIndices ?? [], data(instruction.data), null),
      ),
      // The validator names a lookup's table `accountKey` (kit's compiled message says `lookupTableAddress`).
      ...(message.version === 0
        ? {
            addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }
        : {}),
    },
  };
}

/**
 * The CPIs of each top-level instruction that made any, as the validator lists them: the
 * instruction's index and its inner instructions (see {@link instructionJson}), with their
 * stack height.
 */
export function innerInstructionsJson(
  keys: readonly Address[],
  inner: readonly (readonly InnerInstruction[])[],
  parsed: boolean,
): unknown[] {
  const base58 = getBase58Decoder();
  return inner.flatMap((instructions, index) =>
    instructions.length === 0
      ? []
      : [
          {
            index,
            instructions: instructions.map((inner) =>
              instructionJson(keys, parsed, inner.programIdIndex, [...inner.accounts], base58.decode(inner.data), inner.stackHeight),
            ),
          },
        ],
  );
}

/**
 * A remembered transaction as `getTransaction` answers it: where and when it landed, its
 * wire form in the encoding asked for, and its meta (fee, logs, units, the lamports and
 * token holdings of its account keys before and after, the CPIs the runtime recorded).
 * Address-table lookups are not resolved (`loadedAddresses` empty, balances cover the
 * static keys).
 */
export function confirmedTransactionJson(entry: HistoryEntry, encoding: TransactionEncoding, withVersion: boolean): unknown {
  const { landed } = entry;
  // Decoded once for the whole answer: the entry keeps only the transaction's bytes.
  const { message } = entry;
  const err = landed.error === null ? null : transactionErrorJson(landed.error);
  return {
    slot: landed.slot,
    blockTime: landed.unixTimestamp,
    ...(withVersion ? { version: message.version } : {}),
    transaction: transactionJson(entry, message, encoding),
    meta: {
      err,
      status: err === null ? { Ok: null } : { Err: err },
      fee: transactionFeeOf(message),
      preBalances: entry.pre.map((state) => state.lamports),
      postBalances: entry.post.map((state) => state.lamports),
      preTokenBalances: tokenBalancesOf(entry.pre),
      postTokenBalances: tokenBalancesOf(entry.post),
      logMessages: landed.logs,
      innerInstructions: innerInstructionsJson(entry.keys, entry.inner, encoding === "jsonParsed"),
      loadedAddresses: { writable: [], readonly: [] },
      rewards: [],
      computeUnitsConsumed: landed.computeUnits,
    },
  };
}
