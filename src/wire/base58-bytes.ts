/**
 * Base58 (Bitcoin alphabet) byte by byte: several times faster than kit's conversion through
 * a bigint, which matters at one signature per indexed trade, up to 200 per trades page, and
 * every address and signature a request names (checked by its decoded length).
 */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ALPHABET_CODES = Uint16Array.from(ALPHABET, (character) => character.charCodeAt(0));
const ONE = ALPHABET_CODES[0]!;
const DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGITS[ALPHABET.charCodeAt(i)] = i;

/** The bytes of `text`, written right-aligned into `size` bytes; null when it does not fit or is not base58. */
export function base58ToBytes(text: string, size: number): Uint8Array | null {
  const decoded = decodeInto(text, size);
  return decoded === null ? null : decoded.bytes;
}

/**
 * Whether `text` is base58 of exactly `size` bytes (each leading "1" a zero byte, then the
 * number's bytes without leading zeros): what kit's decoder returning `size` bytes means.
 */
export function isBase58OfSize(text: string, size: number): boolean {
  return base58OfSize(text, size) !== null;
}

/** The bytes of `text` when it is base58 of exactly `size` bytes (see {@link isBase58OfSize}), else null. */
export function base58OfSize(text: string, size: number): Uint8Array | null {
  const decoded = decodeInto(text, size);
  return decoded?.length === size ? decoded.bytes : null;
}

/**
 * Digits taken per pass over the bytes: 58³ · 255 plus the carry stays below 2³¹, so every
 * step is small-integer arithmetic (bit operations, no doubles), in a third of the passes
 * that one digit at a time makes.
 */
const DIGITS_PER_PASS = 3;

/** `text` decoded right-aligned into `size` bytes, with its decoded length; null when it does not fit or is not base58. */
function decodeInto(text: string, size: number): { readonly bytes: Uint8Array; readonly length: number } | null {
  const bytes = new Uint8Array(size);
  let length = 0; // significant bytes so far, little-end at bytes[size - 1]
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  for (let i = zeros; i < text.length;) {
    // The next digits as one number, and the power of 58 that shifts the bytes past them.
    let carry = 0;
    let scale = 1;
    for (const end = Math.min(i + DIGITS_PER_PASS, text.length); i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGITS[code]! : -1;
      if (digit < 0) return null;
      carry = carry * 58 + digit;
      scale *= 58;
    }
    let j = 0;
    for (let k = size - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += scale * bytes[k]!;
      bytes[k] = carry & 0xff;
      carry >>>= 8;
    }
    // The number only grows pass by pass: once it overflows `size` bytes, so does the whole.
    if (carry !== 0) return null;
    length = j;
  }
  return zeros + length > size ? null : { bytes, length: zeros + length };
}

/** Bytes taken per pass over the digits when writing: 256³ · 57 plus the carry stays below 2³¹ (small integers again). */
const BYTES_PER_PASS = 3;

/** The base58 text of `bytes` (each leading zero byte becomes a leading "1"). */
export function bytesToBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const digits = new Uint8Array(Math.ceil(((bytes.length - zeros) * 138) / 100) + 1);
  let length = 0;
  for (let i = zeros; i < bytes.length;) {
    // The next bytes as one number, and the power of 256 that shifts the digits past them.
    let carry = 0;
    let scale = 1;
    for (const end = Math.min(i + BYTES_PER_PASS, bytes.length); i < end; i++) {
      carry = carry * 256 + bytes[i]!;
      scale *= 256;
    }
    let j = 0;
    for (let k = digits.length - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += scale * digits[k]!;
      digits[k] = carry % 58;
      carry = (carry / 58) | 0;
    }
    length = j;
  }
  // One flat string from its char codes: appended character by character, the text would be a
  // rope of one piece per character, which V8 keeps as such: about 2.4 KB for a signature
  // instead of 105 bytes, for as long as the chain or the read model holds it.
  const codes = new Array<number>(zeros + length).fill(ONE, 0, zeros);
  for (let k = 0; k < length; k++) codes[zeros + k] = ALPHABET_CODES[digits[digits.length - length + k]!]!;
  return String.fromCharCode.apply(null, codes);
}
