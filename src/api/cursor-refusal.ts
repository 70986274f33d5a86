import { type ApiError, apiError } from "../errors/index.ts";

/** A `cursor` this server could not have issued: not the text of any page's `nextCursor`. */
export const UNISSUED_CURSOR: ApiError = apiError("INVALID_CURSOR", {
  parameter: "cursor",
  rule: "is not a cursor this server issued; pass nextCursor of the previous page unchanged",
});

/**
 * A `cursor` issued for a list in another order than the query's. Its position means nothing
 * in this order, and an empty page would read as the end of the list.
 */
export function cursorOfAnotherOrder(issuedFor: string, queried: string): ApiError {
  return apiError("INVALID_CURSOR", {
    parameter: "cursor",
    rule: `was issued for a list in ${issuedFor} order and this query lists in ${queried} order; keep the order between pages, or start again without a cursor`,
  });
}
