import {
  type Instruction,
  type KeyPairSigner,
  type Transaction,
  type TransactionSigner,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import type { LatestBlockhash } from "./virtual-clock.ts";

export interface SignInstructionsInput {
  /** Pays the fee and signs; other signers come from the instructions' signer accounts. */
  readonly feePayer: KeyPairSigner | TransactionSigner;
  readonly instructions: readonly Instruction[];
  readonly lifetime: LatestBlockhash;
  /** Prepends SetComputeUnitLimit when the default 200k per instruction is not enough. */
  readonly computeUnitLimit?: number;
}

/** A signed v0 transaction of `instructions`: the simulator's own keys (faucet, keeper, bots) sign this way. */
export function signInstructions(input: SignInstructionsInput): Promise<Transaction> {
  const budget =
    input.computeUnitLimit === undefined ? [] : [getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit })];
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(input.feePayer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, message),
      (message) => appendTransactionMessageInstructions([...budget, ...input.instructions], message),
    ),
  );
}
