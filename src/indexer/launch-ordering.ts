import { type LaunchCursor, type LaunchOrder, encodeLaunchCursor, parseLaunchCursor } from "./launch-cursor.ts";
import { change24Of, launchTokensToUsd, progressBpsOf, spotPriceE12 } from "./launch-figures.ts";
import { ALMOST_PAIRED_MIN_PROGRESS_BPS, type KindFilter, type LaunchListQuery, type LaunchTab } from "./launch-list-query.ts";
import { launchPricing } from "./launch-pricing.ts";
import { categoryOf } from "./launch-row-renderer.ts";
import type { LaunchState } from "./launch-state.ts";
import type { LaunchWalks } from "./launch-walks.ts";
import type { ReadContext } from "./read-context.ts";

type PagedQuery = Extract<LaunchListQuery, { mode: "paged" }>;

/** The order of each tab when the query names no `sort`. */
const TAB_ORDER: Record<LaunchTab, LaunchOrder> = {
  trending: "trending",
  new: "newest",
  almost: "bonding",
  graduated: "mcap",
  volume: "vol",
};

/** The order a paged query lists in: its `sort`, else its tab's. */
export function orderOf(query: PagedQuery): LaunchOrder {
  return query.sort ?? TAB_ORDER[query.tab];
}

/** The row's market cap in USD, computed exactly as the launch row's `marketCap`. */
export function marketCapUsdOf(launch: LaunchState, context: ReadContext): number {
  const lamportsE9 = launchPricing(launch, context.book).dnaUnitLamportsE9;
  return launchTokensToUsd(launch, launch.totalSupply, spotPriceE12(launch), lamportsE9, context.solUsd);
}

/**
 * The key a launch sorts by in `order` (every order is descending, ties by address
 * ascending): trending = trades in the last 24 h; mcap = market cap in USD; vol = the last
 * 24 h's volume in lamports; change = change24Bps; bonding = progressBps; newest = creation
 * order.
 */
export function sortKeyOf(launch: LaunchState, order: LaunchOrder, context: ReadContext): number | bigint {
  const now = Number(context.nowUnix);
  switch (order) {
    case "trending":
      return launch.window.advance(launch.tape, now).trades;
    case "mcap":
      return marketCapUsdOf(launch, context);
    case "vol": {
      const window = launch.window.advance(launch.tape, now);
      return window.buyLamports + window.sellLamports;
    }
    case "change":
      return change24Of(launch, context.nowUnix).bps;
    case "bonding":
      return progressBpsOf(launch);
    case "newest":
      return launch.ordinal;
  }
}

export function kindMatches(launch: LaunchState, kind: KindFilter): boolean {
  return kind === "all" || launch.kind === kind;
}

/** On the curve with at least 70% of its inventory sold. */
export function isAlmostPaired(launch: LaunchState): boolean {
  return launch.status === "activeBonding" && progressBpsOf(launch) >= ALMOST_PAIRED_MIN_PROGRESS_BPS;
}

/**
 * The filters of a paged query: kind; tab (almost = on the curve at ≥ 7000 bps, graduated =
 * past the curve); state (bonding = activeBonding, graduated = past the curve); cat (the
 * row's category) and asset (a component symbol), both case-insensitive; creator.
 */
export function pagedFilter(query: PagedQuery, context: ReadContext): (launch: LaunchState) => boolean {
  const cat = query.cat?.toLowerCase();
  const asset = query.asset?.toUpperCase();
  return (launch) => {
    if (!kindMatches(launch, query.kind)) return false;
    if (query.tab === "almost" && !isAlmostPaired(launch)) return false;
    if (query.tab === "graduated" && launch.status === "activeBonding") return false;
    if (query.state === "bonding" && launch.status !== "activeBonding") return false;
    if (query.state === "graduated" && launch.status === "activeBonding") return false;
    if (query.creator !== undefined && launch.creator !== query.creator) return false;
    if (cat !== undefined && categoryOf(launch, context).toLowerCase() !== cat) return false;
    if (asset !== undefined && !launch.components.some((c) => context.listing(c.mint)?.symbol.toUpperCase() === asset)) return false;
    return true;
  };
}

interface Entry {
  readonly launch: LaunchState;
  readonly key: number | bigint;
}

function compareEntries(a: Entry, b: Entry): number {
  if (a.key !== b.key) return a.key > b.key ? -1 : 1;
  return a.launch.address < b.launch.address ? -1 : a.launch.address > b.launch.address ? 1 : 0;
}

function isAfter(entry: Entry, cursor: LaunchCursor): boolean {
  if (entry.key !== cursor.key) return entry.key < cursor.key;
  return entry.launch.address > cursor.address;
}

/** What a paged list needs to follow a walk its cursor names (see {@link LaunchWalks}). */
export interface WalkContext {
  readonly walks: LaunchWalks;
  /** The query without its cursor and limit: a walk serves the query that began it. */
  readonly query: string;
  /** A launch by address, as it is now. */
  readonly resolve: (address: string) => LaunchState | null;
  /** Whether a launch still belongs in the list (the query's filters). */
  readonly matches: (launch: LaunchState) => boolean;
}

type Page = { launches: LaunchState[]; nextCursor: string | null };

/**
 * One page of `candidates` in `order`: the first `limit` rows after `cursor` (when given),
 * and the cursor of the page's last row when more rows follow. A cursor of another order
 * yields an empty page (the API refuses it first).
 *
 * With `walk`, a page that has more behind it freezes the order of the rows after it as a
 * walk, and a cursor naming a remembered walk pages through that order: every launch that
 * still matches comes once, in the page its position puts it in (sorted within the page by
 * its key now). Without a remembered walk the page is a keyset page: rows strictly after
 * the cursor's key and address.
 */
export function keysetPage(
  candidates: readonly LaunchState[],
  order: LaunchOrder,
  limit: number,
  cursorText: string | undefined,
  context: ReadContext,
  walk?: WalkContext,
): Page {
  const cursor = cursorText === undefined ? null : parseLaunchCursor(cursorText);
  if (cursorText !== undefined && (cursor === null || cursor.order !== order)) return { launches: [], nextCursor: null };
  if (cursor?.walk && walk) {
    const frozen = walk.walks.recall(walk.query, cursor.walk.id);
    if (frozen) return walkPage(frozen, cursor.walk, order, limit, context, walk);
  }
  let entries: Entry[] = candidates.map((launch) => ({ launch, key: sortKeyOf(launch, order, context) }));
  if (cursor !== null) entries = entries.filter((entry) => isAfter(entry, cursor));
  entries.sort(compareEntries);
  const page = entries.slice(0, Math.max(0, limit));
  const more = entries.length > page.length;
  // Only a page with more behind it needs its walk remembered: a last page issues no cursor.
  const id =
    more && walk
      ? walk.walks.remember(
          walk.query,
          entries.map((entry) => entry.launch.address),
        )
      : undefined;
  return pageOf(page, more, order, id === undefined ? undefined : { id, position: page.length });
}

/** A page's launches and, when `more` follow, the cursor of its last row (in `walk` when one is given). */
function pageOf(page: readonly Entry[], more: boolean, order: LaunchOrder, walk?: LaunchCursor["walk"]): Page {
  const launches = page.map((entry) => entry.launch);
  const last = page[page.length - 1];
  if (!more || last === undefined) return { launches, nextCursor: null };
  return { launches, nextCursor: encodeLaunchCursor({ order, key: last.key, address: last.launch.address, ...(walk ? { walk } : {}) }) };
}

/** The page of a remembered walk that starts at `from.position`. */
function walkPage(
  addresses: readonly string[],
  from: { readonly id: string; readonly position: number },
  order: LaunchOrder,
  limit: number,
  context: ReadContext,
  walk: WalkContext,
): Page {
  const still = (index: number): LaunchState | null => {
    const launch = walk.resolve(addresses[index]!);
    return launch !== null && walk.matches(launch) ? launch : null;
  };
  const page: Entry[] = [];
  let position = from.position;
  for (; position < addresses.length && page.length < limit; position++) {
    const launch = still(position);
    if (launch) page.push({ launch, key: sortKeyOf(launch, order, context) });
  }
  let more = false;
  for (let index = position; index < addresses.length && !more; index++) more = still(index) !== null;
  page.sort(compareEntries);
  return pageOf(page, more, order, { id: from.id, position });
}
