import { describe, expect, it } from "vitest";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import { CARD_DATA_SOURCE, cardByMint, cardCatalogue, cardMintSigner } from "../card-catalogue.ts";
import { CARD_TEMPLATES, graderNamed } from "../card-templates.ts";
import { MediaLibrary } from "../media-library.ts";
import { xmlWellFormedError } from "./xml-well-formed.ts";

const fileOf = (path: string) => path.slice("/v1/media/".length);

describe("cardCatalogue", () => {
  it("is deterministic: the same seed gives the same cards, another seed other cards", () => {
    const first = cardCatalogue("catalogue-a");
    // A second computation, not the memo: the result must not depend on what was remembered.
    expect(JSON.parse(JSON.stringify(first, (_, v) => (typeof v === "bigint" ? `${v}n` : v)))).toEqual(
      JSON.parse(JSON.stringify(cardCatalogue("catalogue-a"), (_, v) => (typeof v === "bigint" ? `${v}n` : v))),
    );
    const other = cardCatalogue("catalogue-b");
    expect(other.map((card) => card.cardMint)).not.toEqual(first.map((card) => card.cardMint));
    expect(other.map((card) => card.certificate)).not.toEqual(first.map((card) => card.certificate));
  });

  it("holds every template once, at least 12 graded cards, each field valid", () => {
    for (const seed of ["catalogue-a", "catalogue-b", "1", "x.y_z-9"]) {
      const cards = cardCatalogue(seed);
      expect(cards.length).toBeGreaterThanOrEqual(12);
      expect(cards.length).toBe(CARD_TEMPLATES.length);
      expect(new Set(cards.map((card) => card.itemName + card.set)).size).toBe(cards.length);
      expect(new Set(cards.map((card) => card.cardMint)).size).toBe(cards.length);
      expect(new Set(cards.map((card) => card.ratingId)).size).toBe(cards.length);
      for (const [index, card] of cards.entries()) {
        expect(card.index).toBe(index);
        expect(card.cardMint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
        const grader = graderNamed(card.grader)!;
        expect(grader).toBeDefined();
        expect([7, 8, 9, 10]).toContain(card.grade);
        expect(card.gradeLabel).toBe(grader.labels[card.grade as 7 | 8 | 9 | 10]);
        expect(card.certificate).toMatch(new RegExp(`^[0-9]{${grader.certificateDigits}}$`));
        expect(card.ratingId).toBe(`${card.grader.toLowerCase()}-${card.certificate}`);
        expect(card.year).toBeGreaterThanOrEqual(1950);
        expect(card.year).toBeLessThanOrEqual(2026);
        expect(card.itemName.length).toBeGreaterThan(0);
        expect(card.set.length).toBeGreaterThan(0);
        expect(card.serial.length).toBeGreaterThan(0);
        expect(["pokemon", "baseball", "basketball", "football", "hockey", "soccer", "magic"]).toContain(card.category);
        expect(["pnft", "core"]).toContain(card.standard);
        // Whole tens of dollars, from $100 up to what a raise of a few hundred SOL buys.
        expect(card.listedPriceUsdc % 10_000_000n).toBe(0n);
        expect(card.listedPriceUsdc).toBeGreaterThanOrEqual(100_000_000n);
        expect(card.listedPriceUsdc).toBeLessThanOrEqual(25_000_000_000n);
        expect(card.insuredUsd).toMatch(/^[1-9][0-9]*\.[0-9]{2}$/);
        // Insured between 110% and 125% of the listed price.
        const insuredCents = BigInt(card.insuredUsd.replace(".", ""));
        expect(insuredCents * 1_000_000n).toBeGreaterThanOrEqual(card.listedPriceUsdc * 110n);
        expect(insuredCents * 1_000_000n).toBeLessThanOrEqual(card.listedPriceUsdc * 125n);
        expect(card.dataSource).toBe(CARD_DATA_SOURCE);
        for (const photo of Object.values(card.photos))
          expect(photo).toMatch(/^\/v1\/media\/card-[0-9]{2}-[A-Z]+-[0-9]+-[0-9]+-(front|back|thumb)\.svg$/);
      }
    }
  });

  it("spreads graders, grades and standards over the catalogue", () => {
    const cards = ["s1", "s2", "s3", "s4"].flatMap((seed) => cardCatalogue(seed));
    expect(new Set(cards.map((card) => card.grader)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cards.map((card) => card.grade)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(cards.map((card) => card.standard))).toEqual(new Set(["pnft", "core"]));
  });

  it("names each card's mint after the seed's key for it, the key the world mints the card with", async () => {
    const cards = cardCatalogue("catalogue-keys");
    for (const card of cards.slice(0, 4)) {
      expect((await cardMintSigner("catalogue-keys", card.index)).address).toBe(card.cardMint);
    }
    expect((await deriveKeyPairSigner("catalogue-keys", "card-mint:0")).address).toBe(cards[0]!.cardMint);
  });

  it("finds a card by its mint, and nothing for another mint or another seed's card", () => {
    const cards = cardCatalogue("catalogue-a");
    for (const card of cards) expect(cardByMint("catalogue-a", card.cardMint)).toBe(card);
    expect(cardByMint("catalogue-a", "So11111111111111111111111111111111111111112")).toBeUndefined();
    expect(cardByMint("catalogue-b", cards[0]!.cardMint)).toBeUndefined();
  });

  it("has photos the media library serves as well-formed SVG showing the card, the same for every process", () => {
    const media = new MediaLibrary();
    for (const card of cardCatalogue("catalogue-photos")) {
      const [front, back, thumb] = [card.photos.front, card.photos.back, card.photos.thumb].map((path) => media.get(fileOf(path)));
      for (const photo of [front, back, thumb]) {
        expect(photo?.contentType).toBe("image/svg+xml");
        expect(xmlWellFormedError(photo!.body)).toBeNull();
        expect(photo!.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
      const escapedName = card.itemName.replace(/&/g, "&amp;").replace(/'/g, "&apos;");
      expect(front!.body).toContain(escapedName);
      expect(front!.body).toContain(`>${card.grade}</text>`);
      expect(front!.body).toContain(card.gradeLabel.replace(/&/g, "&amp;"));
      expect(front!.body).toContain(card.certificate);
      expect(back!.body).toContain(card.certificate);
      expect(thumb!.body).toContain('width="120"');
      expect(new Set([front!.body, back!.body, thumb!.body]).size).toBe(3);
      expect(new MediaLibrary().get(fileOf(card.photos.front))).toEqual(front);
    }
  });
});
