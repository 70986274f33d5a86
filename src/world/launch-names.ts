import { seededInteger, seededUnit } from "./seeded-random.ts";

// Word lists for generated launches: plausible, harmless, and long enough that a world of
// a few hundred launches rarely repeats a name by chance.
const ADJECTIVES = [
  "Solar",
  "Quiet",
  "Lunar",
  "Brave",
  "Golden",
  "Rapid",
  "Silent",
  "Cosmic",
  "Amber",
  "Crimson",
  "Frosty",
  "Neon",
  "Velvet",
  "Iron",
  "Hidden",
  "Lucky",
  "Mighty",
  "Nimble",
  "Polar",
  "Royal",
  "Stormy",
  "Tidal",
  "Urban",
  "Vivid",
  "Wild",
  "Zesty",
  "Cobalt",
  "Dusky",
  "Electric",
  "Feral",
];
const NOUNS = [
  "Otter",
  "Basket",
  "Harbor",
  "Comet",
  "Falcon",
  "Garden",
  "Lantern",
  "Meadow",
  "Nebula",
  "Orchard",
  "Pebble",
  "Quarry",
  "Rocket",
  "Summit",
  "Tundra",
  "Voyage",
  "Willow",
  "Anchor",
  "Beacon",
  "Canyon",
  "Dynamo",
  "Ember",
  "Fjord",
  "Glacier",
  "Horizon",
  "Island",
  "Jungle",
  "Kernel",
  "Lagoon",
  "Mosaic",
];
const PITCHES = [
  "A hands-off way to hold",
  "One token for",
  "A community basket of",
  "Set-and-forget exposure to",
  "A weekend experiment bundling",
  "The index our group chat wanted:",
];
const CLOSERS = [
  "Rebalanced by nobody, held by everybody.",
  "Backed by what is in the basket, nothing else.",
  "No roadmap, just the recipe.",
  "Made on basket-devnet for testing; not financial advice.",
  "Graduates into pair pools when the curve sells out.",
];

export interface LaunchName {
  readonly name: string;
  readonly symbol: string;
}

/** A name and a ticker (`^[A-Z0-9]{2,10}$`) for launch `index` of the world of `seed`. */
export function launchName(seed: string, index: number): LaunchName {
  const adjective = ADJECTIVES[seededInteger(seed, `name-adjective:${index}`, 0, ADJECTIVES.length - 1)]!;
  const noun = NOUNS[seededInteger(seed, `name-noun:${index}`, 0, NOUNS.length - 1)]!;
  const indexSuffix = seededUnit(seed, `name-index:${index}`) < 0.3;
  const name = indexSuffix ? `${adjective} ${noun} Index` : `${adjective} ${noun}`;
  const digits = seededUnit(seed, `symbol-digits:${index}`) < 0.2 ? String(seededInteger(seed, `symbol-digit:${index}`, 2, 99)) : "";
  const symbol = (adjective.slice(0, 2) + noun.slice(0, 3)).toUpperCase() + digits;
  return { name, symbol };
}

/** A one-paragraph description naming the recipe, e.g. "One token for 60% Bonk and 40% Jupiter." */
export function launchDescription(seed: string, index: number, recipe: readonly { name: string; targetBps: number }[]): string {
  const parts = recipe.map((component) => `${component.targetBps / 100}% ${component.name}`);
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]!}`;
  const pitch = PITCHES[seededInteger(seed, `pitch:${index}`, 0, PITCHES.length - 1)]!;
  const closer = CLOSERS[seededInteger(seed, `closer:${index}`, 0, CLOSERS.length - 1)]!;
  return `${pitch} ${list}. ${closer}`;
}
