/**
 * What a transaction's `status` says, read the way the specification leaves it: it names
 * `failed` ("a transaction the network rejected") and `expired`, and "values of `status`
 * other than `failed` and `expired`: not shown". So a landed transaction is any other
 * status but the usual names of one still on its way: our `confirmed` and `finalized`,
 * another server's `landed`, `processed` or `success` alike.
 */

/** Names a server may give a transaction still on its way (our `pending` and `unknown` among them). */
const ON_ITS_WAY: ReadonlySet<string> = new Set(["pending", "unknown", "processing", "submitted", "received", "queued", "sent"]);

/** Whether `status` says the transaction is still on its way: read again after the clock moves. */
export function isOnItsWay(status: string): boolean {
  return ON_ITS_WAY.has(status);
}

/** Whether `status` (of a 200 answer of the status route) says the transaction landed and succeeded. */
export function hasLanded(status: string): boolean {
  return status !== "failed" && status !== "expired" && !ON_ITS_WAY.has(status);
}

/** Whether `status` is final: landed, failed or expired. */
export function isSettled(status: string): boolean {
  return !ON_ITS_WAY.has(status);
}
