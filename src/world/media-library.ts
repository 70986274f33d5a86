import { createHash } from "node:crypto";
import { CARD_TEMPLATES, type CardGrade, graderNamed } from "./card-templates.ts";

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
// A card photo names the printed card (its template), the grader, the grade and the
// certificate: everything the slab shows, so any seed's catalogue card is drawable by name.
const CARD_FILE = /^card-([0-9]{2})-([A-Z]{2,4})-(7|8|9|10)-([0-9]{6,12})-(front|back|thumb)\.svg$/;

/** The sides of a graded card a catalogue listing has photos of. */
export type CardPhotoSide = "front" | "back" | "thumb";

/** What a card photo shows: the catalogue template's index, the grader's name, the grade and the certificate. */
export interface CardPhotoSubject {
  readonly template: number;
  readonly grader: string;
  readonly grade: CardGrade;
  readonly certificate: string;
}

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

/** The media files of a graded card's photos, front, back and thumbnail. */
export function cardPhotoFiles(subject: CardPhotoSubject): Record<CardPhotoSide, string> {
  const { template, grader, grade, certificate } = subject;
  const name = (side: CardPhotoSide) => `card-${String(template).padStart(2, "0")}-${grader}-${grade}-${certificate}-${side}.svg`;
  const files = { front: name("front"), back: name("back"), thumb: name("thumb") };
  if (!CARD_FILE.test(files.front) || cardSubject(CARD_FILE.exec(files.front)!) === null) {
    throw new RangeError(`no card photo can be named for ${JSON.stringify(subject)}`);
  }
  return files;
}

/** The path records carry for `file`; the read model prefixes the service's base URL. */
export function mediaUri(file: string): string {
  return `/v1/media/${file}`;
}

/**
 * Deterministic generated SVGs behind `GET /v1/media/{file}`: launch images
 * (`launch-<TICKER>-<key>.svg`), component logos (`token-<SYMBOL>.svg`) and graded card
 * photos (`card-<template>-<grader>-<grade>-<certificate>-<front|back|thumb>.svg`). Colours
 * and shapes come from a hash of the name; nothing is read from the file system.
 */
export class MediaLibrary {
  get(file: string): MediaFile | null {
    const launch = LAUNCH_FILE.exec(file);
    if (launch) return { contentType: SVG, body: launchImage(launch[1]!, launch[2]!) };
    const token = TOKEN_FILE.exec(file);
    if (token) return { contentType: SVG, body: tokenLogo(token[1]!) };
    const card = CARD_FILE.exec(file);
    const subject = card && cardSubject(card);
    if (subject) return { contentType: SVG, body: cardPhoto(subject, card![5] as CardPhotoSide) };
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

/** The subject a card file name names, or null when its template or grader does not exist. */
function cardSubject(match: RegExpExecArray): CardPhotoSubject | null {
  const template = Number(match[1]);
  if (template >= CARD_TEMPLATES.length || !graderNamed(match[2]!)) return null;
  return { template, grader: match[2]!, grade: Number(match[3]) as CardGrade, certificate: match[4]! };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * A graded card in its slab: the grader's label (name, grade, certificate) above the card,
 * whose art is drawn from a hash of what it is. The back shows the label's reverse and a
 * barcode of the certificate; the thumbnail is the front, smaller.
 */
function cardPhoto(subject: CardPhotoSubject, side: CardPhotoSide): string {
  const template = CARD_TEMPLATES[subject.template]!;
  const grader = graderNamed(subject.grader)!;
  const label = grader.labels[subject.grade];
  const digest = digestOf(`card:${subject.template}:${subject.grader}:${subject.grade}:${subject.certificate}`);
  const [from, to] = [hue(digest[0]!), hue(digest[1]!)];
  const width = side === "thumb" ? 120 : 300;
  const height = side === "thumb" ? 168 : 420;
  const open =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 300 420">` +
    `<rect width="300" height="420" rx="18" fill="#d9dde3"/><rect x="8" y="8" width="284" height="404" rx="14" fill="#eef1f4"/>`;
  const labelBand = `<rect x="20" y="20" width="260" height="70" rx="6" fill="hsl(${hue(digest[2]!)},55%,38%)"/>`;
  if (side === "back") {
    // Bars of the certificate's digits: each digit gives a bar's width.
    let x = 40;
    const bars = [...subject.certificate]
      .map((digit) => {
        const barWidth = 2 + (Number(digit) % 5);
        const bar = `<rect x="${x}" y="330" width="${barWidth}" height="50" fill="#111"/>`;
        x += barWidth + 3;
        return bar;
      })
      .join("");
    return (
      open +
      labelBand +
      `<text x="150" y="62" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(grader.name)}</text>` +
      `<rect x="30" y="110" width="240" height="200" rx="8" fill="hsl(${from},25%,30%)"/>` +
      `<text x="150" y="200" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Certification</text>` +
      `<text x="150" y="228" font-family="monospace" font-size="20" fill="#fff" text-anchor="middle">${subject.certificate}</text>` +
      `${bars}<text x="150" y="400" font-family="monospace" font-size="12" fill="#333" text-anchor="middle">${escapeXml(grader.name)} ${subject.certificate}</text></svg>`
    );
  }
  const discs = [0, 1, 2, 3]
    .map((i) => {
      const x = 50 + (digest[3 + i * 3]! % 200);
      const y = 140 + (digest[4 + i * 3]! % 200);
      const r = 14 + (digest[5 + i * 3]! % 40);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.18"/>`;
    })
    .join("");
  const title = template.itemName.length > 16 ? 20 : 24;
  return (
    open +
    labelBand +
    `<text x="32" y="46" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${template.year} ${escapeXml(template.set)} ${escapeXml(template.serial)}</text>` +
    `<text x="32" y="66" font-family="sans-serif" font-size="13" fill="#fff">${escapeXml(template.itemName)}</text>` +
    `<text x="32" y="83" font-family="monospace" font-size="11" fill="#fff">${escapeXml(grader.name)} ${subject.certificate}</text>` +
    `<text x="268" y="56" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="end">${subject.grade}</text>` +
    `<text x="268" y="80" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="end">${escapeXml(label)}</text>` +
    `<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${from},65%,50%)"/><stop offset="1" stop-color="hsl(${to},65%,30%)"/>` +
    `</linearGradient></defs>` +
    `<rect x="40" y="105" width="220" height="295" rx="10" fill="url(#c)"/>${discs}` +
    `<text x="150" y="360" font-family="sans-serif" font-size="${title}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(template.itemName)}</text>` +
    `<text x="150" y="385" font-family="sans-serif" font-size="12" fill="#fff" text-anchor="middle">${escapeXml(template.category)}</text></svg>`
  );
}
