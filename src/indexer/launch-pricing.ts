import { type ComponentPrice, dnaUnitLamportsE9, realisedBps } from "../economics/index.ts";
import type { LaunchState } from "./launch-state.ts";
import { ratioToNumber } from "./number-format.ts";
import type { PriceBook } from "./price-book.ts";

/** A launch's recipe valued at the sampled price book. */
export interface LaunchPricing {
  /** Realised lamports per 10^9 DNA units (floor of the exact sum), null when a component is unpriced. */
  readonly dnaUnitLamportsE9: bigint | null;
  /** SOL per DNA unit: dnaUnitLamportsE9 / 10^18. */
  readonly dnaUnitSol: number | null;
  /** Per component, its sampled venue price (null when unpriced). */
  readonly prices: readonly (ComponentPrice | null)[];
  /** Per component, its realised share of a DNA's value; null when a component is unpriced. */
  readonly realisedBps: readonly number[] | null;
}

const E18 = 10n ** 18n;
const cache = new WeakMap<LaunchState, { epoch: number; pricing: LaunchPricing }>();

/** The recipe of `launch` valued at `book`'s sampled prices; cached until the book moves. */
export function launchPricing(launch: LaunchState, book: PriceBook): LaunchPricing {
  const cached = cache.get(launch);
  if (cached && cached.epoch === book.epoch) return cached.pricing;
  const pricing = priceRecipe(
    launch.components.map((component) => component.quantity),
    launch.components.map((component) => book.price(component.mint)),
  );
  cache.set(launch, { epoch: book.epoch, pricing });
  return pricing;
}

/** Values `quantities` at `prices` (null entries are unpriced components). */
export function priceRecipe(quantities: readonly bigint[], prices: readonly (ComponentPrice | null)[]): LaunchPricing {
  const known = prices.every((price) => price !== null) ? (prices as ComponentPrice[]) : null;
  const lamportsE9 = known === null ? null : dnaUnitLamportsE9(quantities, known);
  return {
    dnaUnitLamportsE9: lamportsE9,
    dnaUnitSol: lamportsE9 === null ? null : ratioToNumber(lamportsE9, E18),
    prices,
    realisedBps: known === null ? null : realisedBps(quantities, known),
  };
}
