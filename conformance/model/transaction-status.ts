import type { CheckContext } from "../engine/check.ts";

/**
 * What a transaction's `status` says, read the way the specification leaves it: it names
 * `failed` ("a transaction the network rejected") and `expired`, and "values of `status`
 * other than `failed` and `expired`: not shown". So the harness knows the usual names of a
 * landed transaction (our `confirmed` and `finalized`, another server's `landed`, `processed`
 * or `success`) and of one still on its way (our `pending` and `unknown`, another's `queued`
 * or `inFlight`), and reads any other name as unread: a check that needs to know whether it
 * landed skips (see skipUnread), and none reads it as landed or not.
 */
export type StatusReading = "landed" | "failed" | "expired" | "onItsWay" | "unread";

/** A name as compared: case, spaces, `_` and `-` left out (`in_flight`, `inFlight` and `In-Flight` alike). */
const normalized = (status: string) => status.toLowerCase().replace(/[\s_-]/g, "");

const LANDED: ReadonlySet<string> = new Set([
  "confirmed",
  "finalized",
  "finalised",
  "processed",
  "landed",
  "rooted",
  "success",
  "succeeded",
  "successful",
  "settled",
  "executed",
  "included",
  "complete",
  "completed",
  "done",
  "ok",
]);

const ON_ITS_WAY: ReadonlySet<string> = new Set([
  "pending",
  "unknown",
  "processing",
  "submitted",
  "received",
  "queued",
  "sent",
  "sending",
  "inflight",
  "notfound",
  "notseen",
  "broadcast",
  "broadcasted",
  "accepted",
  "waiting",
  "unconfirmed",
  "notlanded",
]);

/** How the harness reads `status`, the `status` field of a 200 answer of the status route. */
export function readStatus(status: string): StatusReading {
  const name = normalized(status);
  if (name === "failed") return "failed";
  if (name === "expired") return "expired";
  if (LANDED.has(name)) return "landed";
  if (ON_ITS_WAY.has(name)) return "onItsWay";
  return "unread";
}

/**
 * Whether `status` may yet change: on its way, or a name the harness cannot read (which may
 * be either), so it is read again after the clock moves. Final: landed, failed, expired.
 */
export function isOnItsWay(status: string): boolean {
  const reading = readStatus(status);
  return reading === "onItsWay" || reading === "unread";
}

/** Whether `status` says the transaction landed and succeeded. */
export function hasLanded(status: string): boolean {
  return readStatus(status) === "landed";
}

/**
 * Skips the check when `status` is a name the harness cannot read: the specification leaves
 * every name but `failed` and `expired` to the server, and a check that must know whether a
 * transaction landed cannot judge it.
 */
export function skipUnread(context: CheckContext, status: string, what: string): void {
  if (readStatus(status) === "unread")
    context.skip(
      `the server reports ${what} as status ${JSON.stringify(status)}, which the harness cannot read as landed or on its way (the specification names only failed and expired)`,
    );
}
