import type { Query } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";
import { walkPages } from "./launch-pages.ts";

/** A collectible list item as the checks read it. */
export interface CollectibleItem {
  readonly launch: string;
  readonly name: string;
  readonly symbol: string;
  readonly stage: string;
  readonly row: string;
  readonly createdAt: number;
  readonly card?: { readonly itemName?: string | null };
  readonly [field: string]: unknown;
}

export interface CollectibleWalk {
  readonly pages: readonly (readonly CollectibleItem[])[];
  readonly queries: readonly Query[];
}

/** The page's array: `items` in the specification's sample, `collectibles` in its text; either is read. */
export function itemsOf(body: Record<string, unknown>): CollectibleItem[] | null {
  const items = Array.isArray(body.items) ? body.items : Array.isArray(body.collectibles) ? body.collectibles : null;
  return items as CollectibleItem[] | null;
}

/** `GET /v1/collectibles` to the page whose `nextCursor` is null, absent or empty (see {@link walkPages}). */
export function walkCollectiblePages(context: CheckContext, query: Query, limit: number): Promise<CollectibleWalk> {
  return walkPages(
    context,
    "/v1/collectibles",
    query,
    limit,
    (body) => ({ items: itemsOf(body), next: typeof body.nextCursor === "string" && body.nextCursor !== "" ? body.nextCursor : null }),
    "a collectibles page answered without an items array",
    "items",
  );
}

/** Every collectible (pages of 50, oldest first) with its stage: what tells a list that held still from one that moved. */
export async function collectiblesFingerprint(context: CheckContext): Promise<string> {
  const walk = await walkCollectiblePages(context, { sort: "oldest" }, 50);
  return walk.pages
    .flat()
    .map((item) => `${item.launch}:${item.stage}`)
    .join(",");
}
