import { readFile } from "node:fs/promises";
import {
  type KeyPairSigner,
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
} from "@solana/kit";
import type { Wallet } from "./check.ts";

/** Lamports a fresh faucet wallet gets when a check names none: 5 SOL. */
export const DEFAULT_AIRDROP_LAMPORTS = 5_000_000_000n;

const base64 = getBase64Encoder();
const toBase64 = getBase64Decoder();
const transactionDecoder = getTransactionDecoder();
const transactionEncoder = getTransactionEncoder();

/**
 * A wallet over a kit key: it signs a base64 wire transaction as any client does (decode,
 * sign the message bytes with its key, encode back). Partial signing: a transaction that
 * names another signer keeps that slot empty, so a check sees what the server built.
 */
export function walletOf(signer: KeyPairSigner): Wallet {
  return {
    address: signer.address,
    async sign(transaction) {
      const decoded = transactionDecoder.decode(base64.encode(transaction));
      const signed = await partiallySignTransaction([signer.keyPair], decoded);
      return toBase64.decode(transactionEncoder.encode(signed));
    },
  };
}

/** A fresh key: no funds until the faucet sends some. */
export async function freshWallet(): Promise<{ wallet: Wallet; signer: KeyPairSigner }> {
  const signer = await generateKeyPairSigner();
  return { wallet: walletOf(signer), signer };
}

/**
 * Reads a Solana CLI keypair file (a JSON array of the 64 secret-and-public bytes). A refusal's
 * sentence begins with the option as the user `given` it (`--keypair id.json`, `--wallet alice=id.json`).
 */
export async function walletFromKeypairFile(file: string, given = `--keypair ${file}`): Promise<Wallet> {
  let bytes: unknown;
  try {
    bytes = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new RangeError(`${given} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(bytes) || bytes.length !== 64 || !bytes.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) {
    throw new RangeError(`${given} must hold a JSON array of 64 bytes (a Solana CLI keypair file)`);
  }
  try {
    return walletOf(await createKeyPairSignerFromBytes(Uint8Array.from(bytes as number[])));
  } catch (error) {
    // kit refuses 64 bytes whose second half is not the first half's public key.
    throw new RangeError(`${given} is not a keypair: ${error instanceof Error ? error.message : String(error)}`);
  }
}
