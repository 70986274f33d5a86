import type { LaunchStatus } from "../programs/index.ts";

/** Which kinds of launch a list shows. */
export type KindFilter = "pairs" | "collectibles" | "all";
export type LaunchTab = "trending" | "new" | "almost" | "graduated" | "volume";
export type LaunchSort = "mcap" | "vol" | "change" | "bonding" | "newest";

/** `GET /v1/launches` as the API hands it to the read model (validated and defaulted). */
export type LaunchListQuery =
  | { mode: "legacy"; limit: number; status?: LaunchStatus; kind: KindFilter }
  | {
      mode: "paged";
      limit: number;
      kind: KindFilter;
      tab: LaunchTab;
      sort?: LaunchSort;
      state?: "bonding" | "graduated";
      cat?: string;
      asset?: string;
      creator?: string;
      ids?: string[];
      cursor?: string;
    };

/** What a paged query selects and in which order: all of it but the page's size and position. */
export type PagedSelection = Omit<Extract<LaunchListQuery, { mode: "paged" }>, "limit" | "cursor">;

/** Launches kept by the almost tab and the almost-paired route: on the curve, at least this far. */
export const ALMOST_PAIRED_MIN_PROGRESS_BPS = 7_000;
/** Rows of the almost-paired and trending routes. */
export const ALMOST_PAIRED_LIMIT = 24;
export const TRENDING_LIMIT = 24;
/** Rows of a search. */
export const SEARCH_LIMIT = 20;
