import { Type } from "@sinclair/typebox";
import { API_ERROR_CATALOGUE, type ApiErrorBody, type ApiErrorCode, apiError } from "../../errors/index.ts";
import { VENUE_NAMES } from "../../trading/quote-venue.ts";
import { MALFORMED_JSON } from "../api-error-handler.ts";
import { EXAMPLE_ADDRESS, EXAMPLE_LAUNCH_ROW } from "../examples/record-examples.ts";
import { refTo } from "./common-parameters.ts";
import { PIPELINED_LIMITS } from "../../wire/pipelined-requests.ts";

/** The error examples name the document's placeholder launch, wallet and component. */
const EXAMPLE_LAUNCH = EXAMPLE_LAUNCH_ROW.address;
const EXAMPLE_COMPONENT = EXAMPLE_LAUNCH_ROW.components[0]!.mint;

/** The body of every 4xx and 5xx response. */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.String({ description: "One sentence for a person: what was wrong and, for a parameter, its rule.", minLength: 1 }),
    code: Type.Unsafe<ApiErrorCode>({
      type: "string",
      enum: Object.keys(API_ERROR_CATALOGUE),
      description: "Stable machine-readable code; never renamed or reused.",
    }),
  },
  {
    $id: "ErrorBody",
    additionalProperties: false,
    description: "An error: a sentence and a stable code (see the error table in the README).",
  },
);

/** One real answer per code, built by the same function the handlers use: the document's examples. */
const EXAMPLES: Record<ApiErrorCode, ApiErrorBody> = {
  INVALID_QUERY: apiError("INVALID_QUERY", {
    parameter: "limit",
    rule: "must be an integer from 1 to 100, written in decimal digits without leading zeros",
  }).body,
  INVALID_PATH: apiError("INVALID_PATH", {
    parameter: "wallet",
    rule: "must be a base58 address (32 bytes, written in 32 to 44 characters)",
  }).body,
  INVALID_BODY: apiError("INVALID_BODY", { field: "slippageBps", rule: "must be an integer from 0 to 10000" }).body,
  MALFORMED_BODY: MALFORMED_JSON.body,
  CONFLICTING_PARAMETERS: apiError("CONFLICTING_PARAMETERS", {
    parameter: "status",
    others: "cursor",
    reason: "status filters the legacy list and they select the paged list; send one or the other",
  }).body,
  INVALID_CURSOR: apiError("INVALID_CURSOR", { parameter: "before", rule: "must be slot:seq as given by nextCursor of the previous page" })
    .body,
  BAD_REQUEST: apiError("BAD_REQUEST", { detail: "the URL is not valid percent-encoded text" }).body,
  NOT_FOUND: apiError("NOT_FOUND", { resource: "launch address, primary mint or ticker", id: '"NOSUCH"' }).body,
  ROUTE_NOT_FOUND: apiError("ROUTE_NOT_FOUND", { method: "GET", path: '"/v1/nope"' }).body,
  NO_STREAM_HERE: apiError("NO_STREAM_HERE", { path: '"/v1/launches"' }).body,
  METHOD_NOT_ALLOWED: apiError("METHOD_NOT_ALLOWED", { path: '"/v1/trades/quote"', allowed: "POST", method: "GET" }).body,
  UPGRADE_REQUIRED: apiError("UPGRADE_REQUIRED", { path: "/v1/stream" }).body,
  TOO_MANY_PIPELINED: apiError("TOO_MANY_PIPELINED", PIPELINED_LIMITS).body,
  // The limits of a process allowed 32,768 open files (they follow the process's limit): the committed document is the same on every machine.
  TOO_MANY_CONNECTIONS: apiError("TOO_MANY_CONNECTIONS", { perAddress: "1024", total: "8192", which: "the first" }).body,
  HEADERS_TOO_LARGE: apiError("HEADERS_TOO_LARGE", { limit: "16384" }).body,
  REQUEST_TIMEOUT: apiError("REQUEST_TIMEOUT", { seconds: "30" }).body,
  EXPECTATION_FAILED: apiError("EXPECTATION_FAILED", { expect: '"200-ok"' }).body,
  PAYLOAD_TOO_LARGE: apiError("PAYLOAD_TOO_LARGE", { limit: "1048576" }).body,
  UNSUPPORTED_MEDIA_TYPE: apiError("UNSUPPORTED_MEDIA_TYPE", { contentType: '"text/plain"' }).body,
  INTERNAL: apiError("INTERNAL").body,
  LAUNCH_NOT_FOUND: apiError("LAUNCH_NOT_FOUND", { launch: EXAMPLE_LAUNCH }).body,
  LAUNCH_NOT_TRADABLE: apiError("LAUNCH_NOT_TRADABLE", { launch: EXAMPLE_LAUNCH, status: "migrating" }).body,
  MODE_NOT_SUPPORTED: apiError("MODE_NOT_SUPPORTED").body,
  PLAN_TAKEN: apiError("PLAN_TAKEN", { quoteId: "q_0123456789abcdef01234567", other: "q_89abcdef0123456701234567" }).body,
  COLLECTIBLE_NOT_TRADABLE: apiError("COLLECTIBLE_NOT_TRADABLE", { name: "CARD", launch: EXAMPLE_LAUNCH, stage: "acquiring" }).body,
  TRADE_REFUSED: apiError("TRADE_REFUSED", {
    venue: "curve",
    reason: "custom program error 6007 (CurveComplete): the bonding curve has sold its inventory and accepts no more trades.",
  }).body,
  BUDGET_TOO_SMALL: apiError("BUDGET_TOO_SMALL", { budget: "1000000", overhead: "12245680" }).body,
  NO_ROUTE: apiError("NO_ROUTE", { what: `1000000 base units of component ${EXAMPLE_COMPONENT}` }).body,
  QUOTE_NOT_FOUND: apiError("QUOTE_NOT_FOUND", { quoteId: "q_0123456789abcdef01234567" }).body,
  QUOTE_EXPIRED: apiError("QUOTE_EXPIRED", { quoteId: "q_0123456789abcdef01234567" }).body,
  PRICE_MOVED: apiError("PRICE_MOVED", {
    quoteId: "q_0123456789abcdef01234567",
    what: "return 1975128736 DNA units where the quote's floor is 4839142884",
  }).body,
  BUDGET_BELOW_FLOOR: apiError("BUDGET_BELOW_FLOOR", {
    quoteId: "q_0123456789abcdef01234567",
    budget: "20000000",
  }).body,
  QUOTE_VENUE_CHANGED: apiError("QUOTE_VENUE_CHANGED", {
    launch: EXAMPLE_LAUNCH,
    quoted: VENUE_NAMES.curve,
    now: VENUE_NAMES.market,
    quoteId: "q_0123456789abcdef01234567",
  }).body,
  PREVIEW_QUOTE: apiError("PREVIEW_QUOTE", { quoteId: "p_0123456789abcdef01234567" }).body,
  INSUFFICIENT_FUNDS: apiError("INSUFFICIENT_FUNDS", {
    wallet: EXAMPLE_ADDRESS,
    shortfall: "holds 0 lamports and this trade needs about 2100000 (swaps, tip, fees and token-account rent)",
  }).body,
  INVALID_TRANSACTION: apiError("INVALID_TRANSACTION", { reason: "it is not base64 of a serialized transaction" }).body,
  INVALID_SIGNATURE: apiError("INVALID_SIGNATURE", { signer: EXAMPLE_ADDRESS }).body,
  MESSAGE_MISMATCH: apiError("MESSAGE_MISMATCH", { quoteId: "q_0123456789abcdef01234567" }).body,
  SUBMISSION_REFUSED: apiError("SUBMISSION_REFUSED", { reason: "the transaction was refused: MissingSignatureForFee" }).body,
  INVALID_LAUNCH: apiError("INVALID_LAUNCH", { reason: "components' targetBps must sum to 10000, got 9000" }).body,
  DEVNET_REFUSED: apiError("DEVNET_REFUSED", { reason: "snapshots cannot be restored while a state directory journals the chain" }).body,
};

const WHEN = {
  400: "The request is malformed: a parameter breaks its rule, and the sentence names it.",
  404: "Nothing matches the id in the path.",
  409: "The request is well-formed but the thing it names is not in a state that allows it.",
  410: "The quote expired: quote again.",
  408: "The request did not arrive whole in time; the connection is closed.",
  413: "The body is larger than the route accepts.",
  415: "The body is not JSON, or is compressed: send `content-type: application/json` (UTF-8, no content-encoding).",
  417: "The request's `Expect` header is one the server does not meet (only `100-continue` is).",
  422: "The request is well-formed but the trade cannot be priced or routed.",
  429: "The connection pipelined more requests than the server queues without reading their answers, or its address holds more connections than the server keeps for one; the connection is closed.",
  431: "The request line and headers are larger than the server reads.",
  500: "A defect on our side; the body carries no details.",
} as const;

export type ErrorStatus = keyof typeof WHEN;

/**
 * The error responses of an operation: for each status, the codes it can answer with, each
 * listed in the description and shown as an example of the shared error body — the
 * catalogue's sample sentence for a bare code, or the route's own answer when given one.
 */
export function errorResponses<S extends ErrorStatus>(answers: { readonly [K in S]: readonly (ApiErrorCode | ApiErrorBody)[] }) {
  const entries = (Object.entries(answers) as [string, readonly (ApiErrorCode | ApiErrorBody)[]][]).map(([status, list]) => {
    const bodies = list.map((entry) => (typeof entry === "string" ? EXAMPLES[entry] : entry));
    const codes = [...new Set(bodies.map((body) => body.code))];
    // Named by code; a second example of one code is CODE_2, and so on.
    const seen = new Map<string, number>();
    const examples = Object.fromEntries(
      bodies.map((body) => {
        const n = (seen.get(body.code) ?? 0) + 1;
        seen.set(body.code, n);
        return [n === 1 ? body.code : `${body.code}_${n}`, { value: body }];
      }),
    );
    return [
      status,
      {
        description: `${WHEN[Number(status) as ErrorStatus]} Codes: ${codes.join(", ")}.`,
        content: { "application/json": { schema: refTo(ErrorBodySchema), examples } },
      },
    ];
  });
  return Object.fromEntries(entries) as {
    [K in S]: { description: string; content: { "application/json": { schema: ReturnType<typeof refTo<typeof ErrorBodySchema>> } } };
  };
}
