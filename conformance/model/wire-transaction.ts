import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";

/** What a judge reads in a base64 wire transaction: who pays, who must sign, what is signed. */
export interface WireTransaction {
  /** The first static account: the fee payer. */
  readonly feePayer: string;
  /** The accounts whose signatures the message requires, in order. */
  readonly signers: readonly string[];
  /** Per signer, its signature in base58, or null where the slot is empty (all zero bytes). */
  readonly signatures: readonly (string | null)[];
  /** Bytes of the whole transaction. */
  readonly bytes: Uint8Array;
  /** Offset of the message within `bytes` (after the signature count and slots). */
  readonly messageOffset: number;
}

/** Decodes a base64 wire transaction, or returns the reason it cannot be read. */
export function readWireTransaction(base64: string): WireTransaction | { readonly error: string } {
  try {
    const bytes = new Uint8Array(getBase64Encoder().encode(base64));
    const transaction = getTransactionDecoder().decode(bytes);
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts).map(String);
    const base58 = getBase58Decoder();
    const signatures = signers.map((signer) => {
      const signature = (transaction.signatures as Record<string, Uint8Array | null>)[signer];
      return signature && signature.some((byte) => byte !== 0) ? base58.decode(signature) : null;
    });
    return {
      feePayer: String(message.staticAccounts[0]),
      signers,
      signatures,
      bytes,
      messageOffset: bytes.length - transaction.messageBytes.length,
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The transaction's own signature (the fee payer's), by which the network and the status route know it. */
export function signatureOfSigned(base64: string): string {
  const read = readWireTransaction(base64);
  if ("error" in read) throw new Error(`a signed transaction could not be read: ${read.error}`);
  const signature = read.signatures[0];
  if (!signature) throw new Error("the signed transaction has no fee payer signature");
  return signature;
}

/** The same transaction with one byte flipped at `offset` (taken modulo its length). */
export function flipByte(base64: string, offset: number): string {
  const bytes = new Uint8Array(getBase64Encoder().encode(base64));
  const index = offset % bytes.length;
  bytes[index] = bytes[index]! ^ 0xff;
  return getBase64Decoder().decode(bytes);
}
