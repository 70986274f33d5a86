import type { ChainError } from "../chain/chain-error.ts";

/**
 * A chain error as the validator serializes its `TransactionError` in JSON: a bare name
 * for a fieldless variant, an object for one with a field (see transactionVariantJson),
 * `{InstructionError: [index, "Name" | {Custom: n}]}` for an instruction that failed. A message the devnet refused as malformed is the runtime's
 * `SanitizeFailure`, the error a validator gives bytes it cannot run.
 */
export function transactionErrorJson(error: ChainError): unknown {
  switch (error.kind) {
    case "blockhashNotFound":
      return "BlockhashNotFound";
    case "malformed":
      return "SanitizeFailure";
    case "transaction":
      return transactionVariantJson(error.name, error.index);
    case "instruction":
      return { InstructionError: [error.instructionIndex, error.customCode === null ? error.name : { Custom: error.customCode }] };
  }
}

/**
 * A transaction-level error as the validator serializes it: a fieldless variant is its name;
 * a variant with a field is an object, its struct field named as in Rust
 * (`{"InsufficientFundsForRent":{"account_index":1}}`) and a tuple's value bare
 * (`{"DuplicateInstruction":0}`). Clients read those fields: kit's errors take `account_index`.
 */
function transactionVariantJson(name: string, index: number | undefined): unknown {
  if (index === undefined) return name;
  if (name === "DuplicateInstruction") return { [name]: index };
  return { [name]: { account_index: index } };
}

/** The validator's sentences for the errors clients most often meet (its `Display` of them). */
const SENTENCES: Readonly<Record<string, string>> = {
  BlockhashNotFound: "Blockhash not found",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  InsufficientFundsForFee: "Insufficient funds for fee",
  SignatureFailure: "Transaction did not pass signature verification",
  AlreadyProcessed: "This transaction has already been processed",
  SanitizeFailure: "Transaction failed to sanitize accounts offsets correctly",
  MissingSignatureForFee: "Transaction requires a fee but has no signature present",
};

/** The validator's sentences for the variants that carry an index. */
const INDEXED_SENTENCES: Readonly<Record<string, (index: number) => string>> = {
  InsufficientFundsForRent: (index) => `Transaction results in an account (${index}) with insufficient funds for rent`,
  DuplicateInstruction: (index) => `Transaction contains a duplicate instruction (${index}) that is not allowed`,
  ProgramExecutionTemporarilyRestricted: (index) =>
    `Execution of the program referenced by account at index ${index} is temporarily restricted.`,
};

/** The sentence after "Transaction simulation failed: " in a preflight refusal. */
export function transactionErrorSentence(error: ChainError): string {
  if (error.kind === "instruction") {
    const detail = error.customCode === null ? error.name : `custom program error: 0x${error.customCode.toString(16)}`;
    return `Error processing Instruction ${error.instructionIndex}: ${detail}`;
  }
  if (error.kind === "transaction" && error.index !== undefined) return INDEXED_SENTENCES[error.name]?.(error.index) ?? error.name;
  const name = transactionErrorJson(error) as string;
  return SENTENCES[name] ?? name;
}
