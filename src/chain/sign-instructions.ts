import { type Instruction, type KeyPairSigner, type SignatureBytes, type Transaction, signBytes } from "@solana/kit";
import { compileUnsignedTransaction } from "./unsigned-transaction.ts";
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
  const unsigned = compileUnsignedTransaction({ ...input, feePayer: input.feePayer.address });
  const signers = [input.feePayer, ...(input.signers ?? [])];
  const unique = [...new Map(signers.map((signer) => [signer.address, signer])).values()];
  // Each signer's address is known: kit's signTransaction would export every public key
  // again (an async WebCrypto call per key) to learn it, which was most of an airdrop's signing.
  const signatures: Record<string, SignatureBytes> = { ...unsigned.signatures } as Record<string, SignatureBytes>;
  for (const signer of unique) {
    if (!(signer.address in signatures)) throw new Error(`${signer.address} is not a signer of this transaction`);
    signatures[signer.address] = await signBytes(signer.keyPair.privateKey, unsigned.messageBytes);
  }
  const missing = Object.entries(signatures).filter(([, signature]) => signature === null);
  if (missing.length > 0) throw new Error(`no key given for signer ${missing.map(([address]) => address).join(", ")}`);
  return { ...unsigned, signatures: signatures as Transaction["signatures"] };
}
