/**
 * The cards a world's catalogue draws from: what is printed on the card itself (name, year,
 * set, number) and a reference price of a mid grade (9). Illustrative figures, not market
 * data: the seed picks each card's grader, grade, certificate and a jittered price.
 */
export interface CardTemplate {
  readonly itemName: string;
  readonly year: number;
  readonly set: string;
  /** The card's number in its set, as printed. */
  readonly serial: string;
  readonly category: "pokemon" | "baseball" | "basketball" | "football" | "hockey" | "soccer" | "magic";
  /** Reference price of a grade 9 in whole USD. */
  readonly priceUsd: number;
}

/**
 * Prices stay in the hundreds to low thousands of dollars on purpose: a raise then needs
 * tens of SOL, which the world's traders can buy out and the USDC venue can swap with a
 * price impact far inside the listing's buffer.
 */
export const CARD_TEMPLATES: readonly CardTemplate[] = [
  { itemName: "Charizard Holo", year: 1999, set: "Pokémon Base Set", serial: "4/102", category: "pokemon", priceUsd: 6_000 },
  { itemName: "Blastoise Holo", year: 1999, set: "Pokémon Base Set", serial: "2/102", category: "pokemon", priceUsd: 1_400 },
  { itemName: "Venusaur Holo", year: 1999, set: "Pokémon Base Set", serial: "15/102", category: "pokemon", priceUsd: 1_100 },
  { itemName: "Mewtwo Holo", year: 1999, set: "Pokémon Base Set", serial: "10/102", category: "pokemon", priceUsd: 700 },
  { itemName: "Lugia Holo", year: 2000, set: "Pokémon Neo Genesis", serial: "9/111", category: "pokemon", priceUsd: 2_600 },
  { itemName: "Pikachu", year: 1999, set: "Pokémon Jungle", serial: "60/64", category: "pokemon", priceUsd: 350 },
  { itemName: "Ken Griffey Jr.", year: 1989, set: "Upper Deck", serial: "#1", category: "baseball", priceUsd: 900 },
  { itemName: "Derek Jeter", year: 1993, set: "SP Foil", serial: "#279", category: "baseball", priceUsd: 2_200 },
  { itemName: "Michael Jordan", year: 1986, set: "Fleer", serial: "#57", category: "basketball", priceUsd: 9_500 },
  { itemName: "LeBron James", year: 2003, set: "Topps Chrome", serial: "#111", category: "basketball", priceUsd: 4_000 },
  { itemName: "Kobe Bryant", year: 1996, set: "Topps Chrome", serial: "#138", category: "basketball", priceUsd: 3_300 },
  { itemName: "Tom Brady", year: 2000, set: "Bowman Chrome", serial: "#236", category: "football", priceUsd: 5_200 },
  { itemName: "Wayne Gretzky", year: 1979, set: "O-Pee-Chee", serial: "#18", category: "hockey", priceUsd: 8_000 },
  { itemName: "Lionel Messi", year: 2004, set: "Panini Mega Cracks", serial: "#71", category: "soccer", priceUsd: 7_500 },
  { itemName: "Shivan Dragon", year: 1993, set: "Magic Unlimited", serial: "R", category: "magic", priceUsd: 1_500 },
  { itemName: "Serra Angel", year: 1993, set: "Magic Unlimited", serial: "U", category: "magic", priceUsd: 450 },
];

/** A grading company: its grade labels (grade 7 to 10) and how many digits its certificates have. */
export interface Grader {
  readonly name: string;
  readonly labels: Readonly<Record<7 | 8 | 9 | 10, string>>;
  readonly certificateDigits: number;
}

export const GRADERS: readonly Grader[] = [
  { name: "PSA", labels: { 10: "GEM MT", 9: "MINT", 8: "NM-MT", 7: "NM" }, certificateDigits: 8 },
  { name: "BGS", labels: { 10: "PRISTINE", 9: "MINT", 8: "NM-MT", 7: "NEAR MINT" }, certificateDigits: 10 },
  { name: "CGC", labels: { 10: "GEM MINT", 9: "MINT", 8: "NM/MINT", 7: "NEAR MINT" }, certificateDigits: 10 },
  { name: "SGC", labels: { 10: "GEM MINT", 9: "MINT", 8: "NM/MT", 7: "NM" }, certificateDigits: 7 },
];

/** The grades a catalogue card can have: the labels every grader above names. */
export type CardGrade = 7 | 8 | 9 | 10;

/** A grade's price against the reference grade 9: gem mints fetch far more, lower grades less. */
export const GRADE_PRICE_FACTOR: Readonly<Record<CardGrade, number>> = { 10: 1.8, 9: 1, 8: 0.6, 7: 0.4 };

/** The grader named `name`, or undefined. */
export function graderNamed(name: string): Grader | undefined {
  return GRADERS.find((grader) => grader.name === name);
}
