import {
  type Address,
  type KeyPairSigner,
  createKeyPairSignerFromPrivateKeyBytes,
  getBase64Decoder,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransaction,
} from "@solana/kit";

/**
 * A burner wallet: a key generated in this browser and kept in its localStorage. The server
 * never sees it — it builds unsigned transactions for the address, and the page signs them
 * here with @solana/kit. Devnet only: anyone with this browser profile can spend it.
 */

export const BURNER_STORAGE_KEY = "basket-devnet:burner:v1";

/** The subset of `Storage` used, so tests can pass a Map-backed one. */
export interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const base64Bytes = getBase64Encoder();
const bytesBase64 = getBase64Decoder();
const transactionDecoder = getTransactionDecoder();
const transactionEncoder = getTransactionEncoder();

/** The 32 private-key bytes as stored, or null when the entry is missing or not 32 bytes of base64. */
export function readSeed(store: KeyStore): Uint8Array | null {
  const text = store.getItem(BURNER_STORAGE_KEY);
  if (!text || !/^[A-Za-z0-9+/]{43}=$/.test(text)) return null;
  const bytes = base64Bytes.encode(text);
  return bytes.length === 32 ? new Uint8Array(bytes) : null;
}

export interface BurnerWallet {
  readonly address: Address;
  readonly signer: KeyPairSigner;
  /** Signs a base64 wire transaction built for this address; returns the signed base64 and its signature. */
  sign(base64: string): Promise<{ readonly transaction: string; readonly signature: string }>;
}

async function walletFromSeed(seed: Uint8Array): Promise<BurnerWallet> {
  // Not extractable: the seed in storage is the only copy the page keeps.
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed, false);
  return {
    address: signer.address,
    signer,
    async sign(base64) {
      const decoded = transactionDecoder.decode(base64Bytes.encode(base64));
      const signed = await signTransaction([signer.keyPair], decoded);
      return { transaction: bytesBase64.decode(transactionEncoder.encode(signed)), signature: getSignatureFromTransaction(signed) };
    },
  };
}

/** The stored burner, or a new one generated (crypto.getRandomValues) and stored. */
export async function loadOrCreateBurner(store: KeyStore): Promise<BurnerWallet> {
  let seed = readSeed(store);
  if (!seed) {
    seed = crypto.getRandomValues(new Uint8Array(32));
    store.setItem(BURNER_STORAGE_KEY, bytesBase64.decode(seed));
  }
  return walletFromSeed(seed);
}

/** Throws the stored key away and makes a new one. */
export async function replaceBurner(store: KeyStore): Promise<BurnerWallet> {
  store.removeItem(BURNER_STORAGE_KEY);
  return loadOrCreateBurner(store);
}
