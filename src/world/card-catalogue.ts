import type { Address } from "@solana/kit";

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
