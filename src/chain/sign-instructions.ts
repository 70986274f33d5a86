import {
  type Instruction,
  type KeyPairSigner,
  type Transaction,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
} from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import type { LatestBlockhash } from "./virtual-clock.ts";

export interface SignInstructionsInput {
  /** Pays the fee; signs first. */
  readonly feePayer: KeyPairSigner;
  /** Every other key the instructions name as a signer. */
  readonly signers?: readonly KeyPairSigner[];
  readonly instructions: readonly Instruction[];
  readonly lifetime: LatestBlockhash;
  /** Prepends SetComputeUnitLimit when the default 200k per instruction is not enough. */
  readonly computeUnitLimit?: number;
}

/**
 * A signed v0 transaction of `instructions`: the simulator's own keys (faucet, keeper,
 * bots) and the tests sign this way. Instructions name signers by address only, so the
 * key pairs are handed over here rather than embedded in the instructions.
 */
export async function signInstructions(input: SignInstructionsInput): Promise<Transaction> {
  const budget = input.computeUnitLimit === undefined ? [] : [getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit })];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.feePayer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
    (m) => appendTransactionMessageInstructions([...budget, ...input.instructions], m),
  );
  const signers = [input.feePayer, ...(input.signers ?? [])];
  const unique = [...new Map(signers.map((signer) => [signer.address, signer.keyPair])).values()];
  return signTransaction(unique, compileTransaction(message));
}
