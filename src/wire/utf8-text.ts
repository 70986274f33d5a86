/**
 * One decoder for every request body: fatal, so bytes that are not UTF-8 (Latin-1 text sent
 * without its charset, most often) are refused rather than read with U+FFFD in their place,
 * which a launch's name would then keep on chain for good. A leading byte-order mark is
 * dropped, as JSON parsers do.
 */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The text `bytes` encode as UTF-8, or null when they are not UTF-8. */
export function utf8TextOf(bytes: Uint8Array): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}
