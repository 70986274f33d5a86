import type { AnswerExpectationSpec } from "../runner/scenario-schema.ts";
import type { WalletNames } from "./wallet-names.ts";

/**
 * Fields whose value belongs to one moment or one run, never to the situation: times
 * (`at`, `t`, anything ending in `At`/`Time`/`Timestamp`/`Millis`, `ageSeconds`), ids and keys minted
 * per call (`quoteId`, `id`), signatures and signed bytes, chain positions (`slot`,
 * `blockHeight`, `lastValidBlockHeight`, `blockhash`) and cursors and sequence numbers.
 * A recorded answer keeps them only as present.
 */
export const VOLATILE_FIELD =
  /^(at|t|id|quoteId|signature|signatures|transaction|blockhash|recentBlockhash|slot|blockHeight|lastValidBlockHeight|ageSeconds|nextCursor|cursor|seq|prev|serverTime)$|(At|Time|Timestamp|Millis)$/;

/** How many levels of an answer's objects are compared: the body's own fields and one level in (`quote.expectedOut`). */
const DEPTH = 2;

/** A fresh object each time: a shared one would be written as YAML anchors and aliases. */
const present = () => ({ exists: true });

/** Text the runner would read as a `${…}` reference cannot be a literal: it is kept as present. */
const LOOKS_LIKE_REFERENCE = /\$\{/;

/** An absolute http(s) URL: the recorded server's own (media, images) carries its host and port. */
const ABSOLUTE_URL = /^https?:\/\/[^/]+(\/.*)$/;

/**
 * A recorded string as a pattern: a wallet address its `${wallets.NAME}`, an absolute URL its
 * path on any host (a replay runs on another server, at another port), other text itself.
 */
function stableText(value: string, wallets: WalletNames): unknown {
  const wallet = wallets.nameOf(value);
  if (wallet) return `\${wallets.${wallet}}`;
  if (LOOKS_LIKE_REFERENCE.test(value)) return present();
  const url = ABSOLUTE_URL.exec(value);
  return url ? { matches: `^https?://[^/]+${url[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$` } : value;
}

function stablePattern(body: Record<string, unknown>, depth: number, wallets: WalletNames): Record<string, unknown> {
  const pattern: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (VOLATILE_FIELD.test(key)) pattern[key] = present();
    else if (typeof value === "string") pattern[key] = stableText(value, wallets);
    else if (typeof value === "boolean" || value === null || (typeof value === "number" && Number.isInteger(value))) pattern[key] = value;
    // Floating point figures (prices, USD values) are derived from a clock-sampled price: present, not equal.
    else if (typeof value === "number") pattern[key] = present();
    else if (Array.isArray(value)) pattern[key] = { length: value.length };
    else if (typeof value === "object" && depth < DEPTH) pattern[key] = stablePattern(value as Record<string, unknown>, depth + 1, wallets);
    else pattern[key] = present();
  }
  return pattern;
}

/**
 * What a replay must answer, from what the recorded server answered: the same status; for
 * an error body (an `error` sentence) that a sentence is there and the same `code`; for any
 * other JSON object, field equality for the stable scalars (strings, booleans, integers,
 * null) of the body and of its objects one level in, the length of every array, and mere
 * presence for volatile fields and floating point figures. A wallet address becomes its
 * `${wallets.NAME}`, an absolute URL its path on any host. A body that is not a JSON object is judged by its status alone.
 */
export function stableExpectation(status: number, body: unknown, wallets: WalletNames): AnswerExpectationSpec {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { status };
  const { error, code, ...rest } = body as Record<string, unknown>;
  if (typeof error === "string") {
    const pattern = stablePattern(rest, 1, wallets);
    return {
      status,
      error: ".",
      ...(typeof code === "string" ? { code } : {}),
      ...(Object.keys(pattern).length > 0 ? { body: pattern } : {}),
    };
  }
  return { status, body: stablePattern(body as Record<string, unknown>, 1, wallets) };
}
