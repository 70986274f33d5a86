import type { Address, KeyPairSigner } from "@solana/kit";
import { deriveAddress, deriveKeyPairSigner } from "../chain/deterministic-keys.ts";
import { type CardGrade, CARD_TEMPLATES, GRADERS, GRADE_PRICE_FACTOR } from "./card-templates.ts";
import { cardPhotoFiles, mediaUri } from "./media-library.ts";
import { seededInteger, seededJitter, seededOrder, seededUnit } from "./seeded-random.ts";

/**
 * One graded card of the simulator's catalogue: what a collectible launch raises for. The
 * catalogue is the simulator's own data source (deterministic from the world seed); the
 * chain knows only the card's mint and the terms of its listing, so every identity field a
 * record shows comes from here, looked up by `cardMint`.
 */
export interface CardListing {
  /** Position in the catalogue. */
  readonly index: number;
  /** The card's SPL mint (supply 1, 0 decimals), deterministic from the seed. */
  readonly cardMint: Address;
  readonly itemName: string;
  readonly grader: string;
  readonly grade: number;
  readonly gradeLabel: string;
  readonly year: number;
  readonly set: string;
  readonly serial: string;
  readonly certificate: string;
  readonly category: string;
  readonly standard: "pnft" | "core";
  readonly ratingId: string;
  /** Listed price, USDC base units (6 decimals). */
  readonly listedPriceUsdc: bigint;
  /** Insured value in USD, a decimal string with two places. */
  readonly insuredUsd: string;
  /** The data provider named as identity and value source. */
  readonly dataSource: string;
  /** Media paths (`/v1/media/...`) of the card's generated photos. */
  readonly photos: { readonly front: string; readonly back: string; readonly thumb: string };
}

/** The data provider every catalogue card names as its identity and value source. */
export const CARD_DATA_SOURCE = "basket-devnet card catalogue (simulated)";

/** The label of a card's mint key in the world of a seed (deterministic-keys). */
export function cardMintLabel(index: number): string {
  return `card-mint:${index}`;
}

/** The signer of the catalogue card `index`'s mint: the world creates the mint account with it. */
export function cardMintSigner(seed: string, index: number): Promise<KeyPairSigner> {
  return deriveKeyPairSigner(seed, cardMintLabel(index));
}

const CATALOGUES = new Map<string, readonly CardListing[]>();
/** Catalogues remembered at once: a process serves one seed, tests a handful. */
const MAX_CATALOGUES = 32;

/**
 * The card catalogue of the world of `seed`: every template once, in a seeded order, each
 * with a seeded grader, grade, certificate, standard and price. Pure and deterministic: the
 * same seed gives the same cards, mints and photos in every process.
 */
export function cardCatalogue(seed: string): readonly CardListing[] {
  const known = CATALOGUES.get(seed);
  if (known) return known;
  const order = seededOrder(seed, [...CARD_TEMPLATES.keys()], (template) => `card-order:${template}`);
  const cards = Object.freeze(order.map((template, index) => Object.freeze(listing(seed, index, template))));
  if (CATALOGUES.size >= MAX_CATALOGUES) CATALOGUES.delete(CATALOGUES.keys().next().value!);
  CATALOGUES.set(seed, cards);
  return cards;
}

/** The catalogue card whose mint is `mint`, or undefined (not a card of this world). */
export function cardByMint(seed: string, mint: string): CardListing | undefined {
  return cardCatalogue(seed).find((card) => card.cardMint === mint);
}

function listing(seed: string, index: number, templateIndex: number): CardListing {
  const template = CARD_TEMPLATES[templateIndex]!;
  const label = (name: string) => `card:${index}:${name}`;
  const grader = GRADERS[seededInteger(seed, label("grader"), 0, GRADERS.length - 1)]!;
  // Mostly 9s and 10s, as graded cards worth tokenizing are.
  const roll = seededUnit(seed, label("grade"));
  const grade: CardGrade = roll < 0.35 ? 10 : roll < 0.75 ? 9 : roll < 0.92 ? 8 : 7;
  const first = grader.certificateDigits === 10 ? "00" : "";
  const certificate = `${first}${seededInteger(seed, label("certificate"), 10 ** (grader.certificateDigits - first.length - 1), 10 ** (grader.certificateDigits - first.length) - 1)}`;
  // Whole tens of dollars: listings read like listings.
  const priceUsd = Math.max(
    100,
    Math.round(seededJitter(seed, label("price"), template.priceUsd * GRADE_PRICE_FACTOR[grade], 0.2) / 10) * 10,
  );
  const insuredCents = Math.round(priceUsd * (110 + 15 * seededUnit(seed, label("insured"))));
  const photos = cardPhotoFiles({ template: templateIndex, grader: grader.name, grade, certificate });
  return {
    index,
    cardMint: deriveAddress(seed, cardMintLabel(index)),
    itemName: template.itemName,
    grader: grader.name,
    grade,
    gradeLabel: grader.labels[grade],
    year: template.year,
    set: template.set,
    serial: template.serial,
    certificate,
    category: template.category,
    standard: seededUnit(seed, label("standard")) < 0.7 ? "pnft" : "core",
    ratingId: `${grader.name.toLowerCase()}-${certificate}`,
    listedPriceUsdc: BigInt(priceUsd) * 1_000_000n,
    insuredUsd: `${Math.floor(insuredCents / 100)}.${String(insuredCents % 100).padStart(2, "0")}`,
    dataSource: CARD_DATA_SOURCE,
    photos: { front: mediaUri(photos.front), back: mediaUri(photos.back), thumb: mediaUri(photos.thumb) },
  };
}
