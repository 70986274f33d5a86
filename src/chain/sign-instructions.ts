import { KeyObject, sign, type webcrypto } from "node:crypto";
import type { Instruction, KeyPairSigner, SignatureBytes, Transaction } from "@solana/kit";
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

/** Each private key's node KeyObject, made once: the same key, usable by node's synchronous signing. */
const keyObjects = new WeakMap<webcrypto.CryptoKey, KeyObject>();

/**
 * The Ed25519 signature of `message` by `privateKey`, the very bytes WebCrypto's sign (kit's
 * signBytes) gives, Ed25519 being deterministic. Signed synchronously by node: each WebCrypto
 * sign is a job on the thread pool and a promise, about 330 µs a signature where this takes
 * under 60, and building the world signs about 800 transactions.
 */
function signatureOf(privateKey: webcrypto.CryptoKey, message: Uint8Array): SignatureBytes {
  let key = keyObjects.get(privateKey);
  if (key === undefined) {
    key = KeyObject.from(privateKey);
    keyObjects.set(privateKey, key);
  }
  return new Uint8Array(sign(null, message, key)) as SignatureBytes;
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
    signatures[signer.address] = signatureOf(signer.keyPair.privateKey, unsigned.messageBytes as unknown as Uint8Array);
  }
  const missing = Object.entries(signatures).filter(([, signature]) => signature === null);
  if (missing.length > 0) throw new Error(`no key given for signer ${missing.map(([address]) => address).join(", ")}`);
  return { ...unsigned, signatures: signatures as Transaction["signatures"] };
}
