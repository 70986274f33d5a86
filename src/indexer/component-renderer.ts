import { createHash } from "node:crypto";
import { TOKEN_PROGRAM_ADDRESS } from "../programs/index.ts";
import type { LaunchPricing } from "./launch-pricing.ts";
import type { LaunchState } from "./launch-state.ts";
import { isoOf, ratioToNumber } from "./number-format.ts";
import type { ReadContext } from "./read-context.ts";
import type { Component } from "./records/index.ts";

const E9 = 1_000_000_000n;

/**
 * The generated image of a launch without one of its own, named as the media library
 * draws it: `/v1/media/launch-<TICKER>-<key>.svg`, the key being 6 hex digits of
 * sha256(launch address).
 */
export function generatedLaunchImage(symbol: string, address: string): string {
  const ticker = symbol
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 10);
  const key = createHash("sha256").update(address).digest("hex").slice(0, 6);
  return `/v1/media/launch-${ticker.length >= 2 ? ticker : "TOKEN"}-${key}.svg`;
}

/** The generated logo of an unlisted component: `/v1/media/token-<first 4 characters of the mint>.svg`. */
export function generatedTokenLogo(mint: string): string {
  return `/v1/media/token-${mint.slice(0, 4)}.svg`;
}

/** SOL per whole component token at the sampled venue price; 0 when unpriced. */
export function componentPriceSol(pricing: LaunchPricing, index: number, decimals: number): number {
  const price = pricing.prices[index];
  if (!price) return 0;
  return ratioToNumber(price.lamportsReserve * 10n ** BigInt(decimals), price.componentReserve * E9);
}

/** The launch's recipe as Component records, valued at the sampled prices. */
export function renderComponents(launch: LaunchState, pricing: LaunchPricing, context: ReadContext): Component[] {
  const checkedAt = isoOf(launch.createdAt);
  return launch.components.map((component, i) => {
    const listing = context.listing(component.mint);
    const price = pricing.prices[i];
    return {
      mint: component.mint,
      symbol: listing?.symbol ?? component.mint.slice(0, 4),
      name: listing?.name ?? component.mint,
      decimals: component.decimals,
      quantity: component.quantity.toString(),
      logoUri: context.mediaUrl(listing?.logoUri || generatedTokenLogo(component.mint)),
      category: listing?.category ?? "unlisted",
      check: {
        pass: true,
        code: null,
        reason: null,
        checkedAt,
        source: "ourRegistry",
        warnings: [],
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      },
      valueBps: pricing.realisedBps?.[i] ?? component.targetBps,
      launchBps: launch.launchBps[i] ?? component.targetBps,
      targetBps: component.targetBps,
      valueSol: price ? ratioToNumber(component.quantity * price.lamportsReserve, price.componentReserve * E9) : 0,
    };
  });
}
