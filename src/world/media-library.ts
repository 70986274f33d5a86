import { createHash } from "node:crypto";

/** A generated image as the media route serves it. */
export interface MediaFile {
  readonly contentType: string;
  readonly body: string;
}

const SVG = "image/svg+xml";
// A file name says everything its image shows, so the library needs no state and no disk:
// any process (a restart, another seed) draws the same picture for the same name.
const LAUNCH_FILE = /^launch-([A-Z0-9]{2,10})-([0-9a-f]{6})\.svg$/;
const TOKEN_FILE = /^token-([A-Za-z0-9]{1,10})\.svg$/;

/** The media file of a launch's image: its ticker and a 6-hex-digit key telling launches that share a ticker apart. */
export function launchImageFile(symbol: string, key: string): string {
  const file = `launch-${symbol}-${key}.svg`;
  if (!LAUNCH_FILE.test(file)) throw new RangeError(`no launch image can be named for ${symbol}/${key}`);
  return file;
}

/** The media file of a component's logo. */
export function tokenLogoFile(symbol: string): string {
  const file = `token-${symbol}.svg`;
  if (!TOKEN_FILE.test(file)) throw new RangeError(`no token logo can be named for ${symbol}`);
  return file;
}

/** The path records carry for `file`; the read model prefixes the service's base URL. */
export function mediaUri(file: string): string {
  return `/v1/media/${file}`;
}

/**
 * Deterministic generated SVGs behind `GET /v1/media/{file}`: launch images
 * (`launch-<TICKER>-<key>.svg`) and component logos (`token-<SYMBOL>.svg`). Colours and
 * shapes come from a hash of the name; nothing is read from the file system.
 */
export class MediaLibrary {
  get(file: string): MediaFile | null {
    const launch = LAUNCH_FILE.exec(file);
    if (launch) return { contentType: SVG, body: launchImage(launch[1]!, launch[2]!) };
    const token = TOKEN_FILE.exec(file);
    if (token) return { contentType: SVG, body: tokenLogo(token[1]!) };
    return null;
  }
}

function digestOf(text: string): Buffer {
  return createHash("sha256").update(`basket-devnet:media:${text}`).digest();
}

const hue = (byte: number) => Math.round((byte / 255) * 359);

function launchImage(symbol: string, key: string): string {
  const digest = digestOf(`launch:${symbol}:${key}`);
  const [from, to] = [hue(digest[0]!), hue(digest[1]!)];
  // Five discs placed by the hash: enough variety to tell cards apart at a glance.
  const discs = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 16 + (digest[2 + i * 3]! % 224);
      const y = 16 + (digest[3 + i * 3]! % 224);
      const r = 12 + (digest[4 + i * 3]! % 48);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.14"/>`;
    })
    .join("");
  const size = symbol.length > 6 ? 34 : 46;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${from},70%,45%)"/><stop offset="1" stop-color="hsl(${to},70%,30%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="256" height="256" rx="32" fill="url(#g)"/>${discs}` +
    `<text x="128" y="140" font-family="sans-serif" font-size="${size}" font-weight="700" ` +
    `fill="#fff" text-anchor="middle">$${symbol}</text></svg>`
  );
}

function tokenLogo(symbol: string): string {
  const digest = digestOf(`token:${symbol}`);
  const size = symbol.length > 4 ? 18 : 24;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="46" fill="hsl(${hue(digest[0]!)},65%,42%)"/>` +
    `<circle cx="48" cy="48" r="38" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>` +
    `<text x="48" y="56" font-family="sans-serif" font-size="${size}" font-weight="700" ` +
    `fill="#fff" text-anchor="middle">${symbol}</text></svg>`
  );
}
