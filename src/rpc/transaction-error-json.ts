import type { ChainError } from "../chain/chain-error.ts";

/**
 * A chain error as the validator serializes its `TransactionError` in JSON: a bare name
 * for a fieldless variant, `{InstructionError: [index, "Name" | {Custom: n}]}` for an
 * instruction that failed. A message the devnet refused as malformed is the runtime's
 * `SanitizeFailure`, the error a validator gives bytes it cannot run.
 */
export function transactionErrorJson(error: ChainError): unknown {
  switch (error.kind) {
    case "blockhashNotFound":
      return "BlockhashNotFound";
    case "malformed":
      return "SanitizeFailure";
    case "transaction":
      return error.name;
    case "instruction":
      return { InstructionError: [error.instructionIndex, error.customCode === null ? error.name : { Custom: error.customCode }] };
  }
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

/** The sentence after "Transaction simulation failed: " in a preflight refusal. */
export function transactionErrorSentence(error: ChainError): string {
  if (error.kind === "instruction") {
    const detail = error.customCode === null ? error.name : `custom program error: 0x${error.customCode.toString(16)}`;
    return `Error processing Instruction ${error.instructionIndex}: ${detail}`;
  }
  const name = transactionErrorJson(error) as string;
  return SENTENCES[name] ?? name;
}
