import type { Static } from "@sinclair/typebox";
import { type ApiError, apiError } from "../../../errors/index.ts";
import { orderOf } from "../../../indexer/launch-ordering.ts";
import { type LaunchCursor, type PagedSelection, type ReadModel, parseLaunchCursor } from "../../../indexer/read-model.ts";
import { UNISSUED_CURSOR, cursorOfAnotherOrder } from "../../cursor-refusal.ts";
import { type LaunchListQuerySchema, PAGED_PARAMETERS } from "./launches-schemas.ts";

export type LaunchListQuery = Parameters<ReadModel["listLaunches"]>[0];

/** Default page size of `GET /v1/launches` (the schema applies it; repeated for the types). */
const DEFAULT_LIMIT = 50;

/** `status` sent with paged-mode parameters `present`. */
export function conflictingStatus(present: readonly string[]): ApiError {
  return apiError("CONFLICTING_PARAMETERS", {
    parameter: "status",
    others: present.join(", "),
    reason: "status filters the legacy list and they select the paged list; send one or the other",
  });
}

/**
 * The read model's query for a validated `GET /v1/launches` query string: legacy mode unless
 * a paged-mode parameter is present. Refuses `status` next to paging parameters (the two
 * modes answer different questions), a cursor the read model cannot read, and a cursor of a
 * list in another order (its position means nothing in this one).
 *
 * A `cursor` sent alone (with `limit` and `kind` at most) goes on with the selection its page
 * was served for, as `walkSelection` remembers it; when that is forgotten, with the cursor's
 * own order over every launch. The specification lists `cursor` among the paged-mode
 * parameters, so a request of the cursor alone is a paged request, not one of the trending tab.
 */
export function launchListQueryOf(
  query: Static<typeof LaunchListQuerySchema>,
  walkSelection: (cursor: LaunchCursor) => PagedSelection | null,
): LaunchListQuery | ApiError {
  const pagedPresent = PAGED_PARAMETERS.filter((name) => query[name] !== undefined);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const kind = query.kind ?? "all";
  if (pagedPresent.length === 0) {
    return { mode: "legacy", limit, kind, ...(query.status === undefined ? {} : { status: query.status }) };
  }
  if (query.status !== undefined) return conflictingStatus(pagedPresent);
  const cursor = query.cursor === undefined ? null : parseLaunchCursor(query.cursor);
  if (query.cursor !== undefined && cursor === null) return UNISSUED_CURSOR;
  if (cursor !== null && pagedPresent.length === 1) {
    const { order } = cursor;
    const selection: PagedSelection =
      walkSelection(cursor) ??
      (order === "trending" ? { mode: "paged", kind, tab: "trending" } : { mode: "paged", kind, tab: "trending", sort: order });
    return { ...selection, kind: query.kind ?? selection.kind, limit, cursor: query.cursor! };
  }
  const paged: LaunchListQuery = {
    mode: "paged",
    limit,
    kind,
    tab: query.tab ?? "trending",
    ...(query.sort === undefined ? {} : { sort: query.sort }),
    ...(query.state === undefined ? {} : { state: query.state }),
    ...(query.cat === undefined ? {} : { cat: query.cat }),
    ...(query.asset === undefined ? {} : { asset: query.asset }),
    ...(query.creator === undefined ? {} : { creator: query.creator }),
    ...(query.ids === undefined ? {} : { ids: query.ids.split(",") }),
    ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
  };
  if (cursor !== null) {
    const order = orderOf(paged);
    if (cursor.order !== order) return cursorOfAnotherOrder(cursor.order, order);
  }
  return paged;
}

/** The cache key of a legacy query: the parameters that change its answer, in a fixed order. */
export function legacyCacheKey(query: LaunchListQuery): string {
  return query.mode === "legacy" ? `${query.limit}|${query.status ?? ""}|${query.kind}` : "";
}
