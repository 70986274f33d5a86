/** kit's base64 alphabet, checked once the "=" padding is dropped (as kit's encoder checks it). */
const BASE64_ALPHABET = /^[A-Za-z0-9+/]*$/;

/**
 * The bytes of base64 `text`, or null when kit's base64 encoder would refuse it: its rule (the
 * alphabet, "=" anywhere ignored) and node's decoder, which kit's encoder also uses. kit builds
 * a new RegExp to check every string and decodes it twice; every landed transaction's event
 * lines and every submitted transaction come through here.
 */
export function base64ToBytes(text: string): Uint8Array | null {
  if (!BASE64_ALPHABET.test(text.replaceAll("=", ""))) return null;
  const buffer = Buffer.from(text, "base64");
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
