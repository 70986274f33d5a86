/**
 * Every error the HTTP API answers with, as data: a stable code, its HTTP status and the
 * sentence template of the body's `error`. Codes are never renamed or reused; a client may
 * branch on `code` and show `error` to a person. `{name}` marks a value filled in per
 * request. The README's error table is generated from this list (`errorTableMarkdown`).
 */
export const API_ERROR_CATALOGUE = {
  INVALID_QUERY: {
    status: 400,
    template: "query parameter {parameter} {rule}",
    meaning: "a query parameter is malformed or out of range; the sentence names it and its rule",
  },
  INVALID_PATH: {
    status: 400,
    template: "path parameter {parameter} {rule}",
    meaning: "a path segment is malformed (for example a wallet that is not a base58 address)",
  },
  INVALID_BODY: {
    status: 400,
    template: "body field {field} {rule}",
    meaning: "a field of a JSON body is missing, malformed or out of range",
  },
  MALFORMED_BODY: {
    status: 400,
    template: "request body {rule}",
    meaning: "the body is not JSON, or not the JSON value the route reads",
  },
  CONFLICTING_PARAMETERS: {
    status: 400,
    template: "query parameter {parameter} cannot be combined with {others}: {reason}",
    meaning: "two parameters that select different behaviours were sent together",
  },
  INVALID_CURSOR: {
    status: 400,
    template: "query parameter {parameter} {rule}",
    meaning:
      "a paging cursor is not one this server issues, or was issued for a list in another order; pass nextCursor back unchanged, with the same order",
  },
  BAD_REQUEST: {
    status: 400,
    template: "the request could not be read: {detail}",
    meaning: "the request is malformed below the level of any parameter (URL encoding, headers)",
  },
  NOT_FOUND: {
    status: 404,
    template: "no {resource} matches {id}",
    meaning: "the route exists but the launch or media file named in the path does not",
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    template: "no route answers {method} {path}; GET /openapi.json lists the routes",
    meaning: "no route has this path",
  },
  NO_STREAM_HERE: {
    status: 404,
    template: "no WebSocket answers at {path}; the stream is at /v1/stream",
    meaning: "a WebSocket handshake asked for a path other than the stream's (plain HTTP requests to it may still have a route)",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    template: "the path {path} answers {allowed}, not {method}",
    meaning: "a route has this path, but not for this method (the Allow header lists those it has)",
  },
  LAUNCH_NOT_FOUND: {
    status: 404,
    template: "no launch at address {launch}",
    meaning: "a quote named an address that holds no launch (quotes take an address, not a ticker)",
  },
  LAUNCH_NOT_TRADABLE: {
    status: 409,
    template: "launch {launch} is {status}: trading resumes on its pair pools once it graduates",
    meaning: "the launch is between its curve and its pair pools (graduationPending or migrating)",
  },
  COLLECTIBLE_NOT_TRADABLE: {
    status: 409,
    template:
      "collectible {name} ({launch}) is at stage {stage}: its curve has sold out, and it trades again at stage tradable, once the acquisition crank (funding, swapping, acquiring, pooling) has opened its token↔wSOL pool",
    meaning: "a collectible between its curve and its pool (stages funding, swapping, acquiring, pooling) cannot be quoted or built",
  },
  QUOTE_VENUE_CHANGED: {
    status: 409,
    template:
      "launch {launch} has moved from its {quoted} to its {now} since quote {quoteId} was made, and amountIn counts differently there: quote again",
    meaning:
      "a stored quote's launch left the venue it was priced on (its curve completed and it graduated, or a collectible's pool opened) before the build; building it there would trade another amount than the one quoted",
  },
  PRICE_MOVED: {
    status: 409,
    template: "the price has moved past the slippage of quote {quoteId} since it was made: built now, the trade would {what}; quote again",
    meaning:
      "a build keeps the limits its quote promised (the settle's floor, a fixed-amount buy's buffer); others' trades since the quote moved the price so far that the trade built now could not meet them",
  },
  BUDGET_BELOW_FLOOR: {
    status: 409,
    template:
      "quote {quoteId} was made for another wallet: built for this one, whose holdings, fees and rent differ, the budget of {budget} lamports buys less than the quote promised; quote again naming this wallet",
    meaning:
      "an exactInSol budget buys what is left after the wallet's own swaps, fees and rent, and the build keeps the quote's floor: a quote made for a wallet holding components or with its token accounts open, built for one that must buy or open them, can fall short of it",
  },
  PLAN_TAKEN: {
    status: 409,
    template:
      "quote {quoteId} would build the very transactions already built for quote {other} (the same trade by the same wallet), and every recent blockhash that would set them apart is taken: build again after the next slot",
    meaning:
      "each quote's plan is its own transactions (identical ones would share their signatures, and the second trade would report the first's landing); a build dates its blockhash up to 75 slots back to keep them apart, and refuses past that",
  },
  MODE_NOT_SUPPORTED: {
    status: 400,
    template: "a sell on the curve takes mode exactIn: amountIn is the launch tokens given up",
    meaning: "the mode does not apply to that direction on the curve",
  },
  TRADE_REFUSED: {
    status: 422,
    template: "the {venue} would refuse this trade: {reason}",
    meaning:
      "the trade is well-formed but the program would refuse it (zero amount, curve complete, an empty pool…); the sentence names the curve or the collectible's pool, and the program error",
  },
  BUDGET_TOO_SMALL: {
    status: 422,
    template: "a budget of {budget} lamports does not cover this trade's fees and rent ({overhead} lamports) with anything left to buy",
    meaning:
      "an exactInSol budget is a ceiling on everything the trade costs the wallet; this one is spent by the signature, priority and tip fees and the rent of the token accounts the plan opens before any swap",
  },
  NO_ROUTE: {
    status: 422,
    template: "no venue can supply {what}",
    meaning: "a component cannot be bought with SOL here, or no pair pool takes the trade",
  },
  QUOTE_NOT_FOUND: {
    status: 404,
    template: "no stored quote has id {quoteId}",
    meaning:
      "build or submit named a quote id this server never stored, or forgot (300 s after it expired, or the oldest once it held 20,000)",
  },
  QUOTE_EXPIRED: {
    status: 410,
    template: "quote {quoteId} expired (quotes live 30 seconds): quote again",
    meaning: "the quote is older than 30 seconds of the simulator's clock",
  },
  PREVIEW_QUOTE: {
    status: 400,
    template: "quote {quoteId} was a preview: quote again with preview false to build it",
    meaning: "preview quotes are priced but never stored",
  },
  INSUFFICIENT_FUNDS: {
    status: 400,
    template: "wallet {wallet} {shortfall}",
    meaning: "the signing wallet cannot fund the trade (SOL for swaps, tip, fees and rent; or the tokens a sell gives up)",
  },
  INVALID_TRANSACTION: {
    status: 400,
    template: "transaction cannot be executed: {reason}",
    meaning:
      "submit could not decode the transaction, or it breaks a limit the network enforces (1,232 bytes, account and signature counts, instruction indexes); the reason says which",
  },
  INVALID_SIGNATURE: {
    status: 400,
    template: "the signature of {signer} is missing or does not sign this message",
    meaning: "a required signature is absent or was made by another key or over other bytes",
  },
  MESSAGE_MISMATCH: {
    status: 400,
    template: "the transaction's message differs from every transaction built for quote {quoteId}",
    meaning: "the signed transaction is not one that build returned for that quote (tampered or foreign)",
  },
  SUBMISSION_REFUSED: {
    status: 400,
    template: "the devnet refused the transaction: {reason}",
    meaning: "the transaction was refused before it could be queued",
  },
  INVALID_LAUNCH: {
    status: 400,
    template: "launch cannot be created: {reason}",
    meaning: "build-create's body breaks a rule the launch program enforces (weights, duplicates, fees, supply)",
  },
  DEVNET_REFUSED: {
    status: 409,
    template: "the devnet cannot do that now: {reason}",
    meaning: "a /devnet/ control request is well-formed but not possible in the simulator's state",
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    template: "the request's headers are larger than the server reads ({limit} bytes)",
    meaning: "the request line and headers together exceed node's limit; the body does not count",
  },
  EXPECTATION_FAILED: {
    status: 417,
    template: "the request's Expect header {expect} is not one this server meets: only 100-continue is",
    meaning: "the request carries an Expect header other than 100-continue",
  },
  REQUEST_TIMEOUT: {
    status: 408,
    template: "the request did not arrive whole within {seconds} seconds",
    meaning: "the client sent its headers or body too slowly",
  },
  TOO_MANY_PIPELINED: {
    status: 429,
    template:
      "this connection sent more than {waiting} requests beyond the {inFlight} being answered without reading their answers (HTTP pipelining); this one is refused and the connection closed",
    meaning: "a client wrote requests faster than it read answers on one connection; the requests it sent after this one are not answered",
  },
  TOO_MANY_CONNECTIONS: {
    status: 429,
    template:
      "this port keeps at most {perAddress} connections from one address and {total} in all, and this one would pass {which}: close some before opening another",
    meaning:
      "one address opened more connections than the server keeps for it (or the server holds all it keeps); this one is answered and closed",
  },
  UPGRADE_REQUIRED: {
    status: 426,
    template: "{path} is a WebSocket: open it with an Upgrade: websocket request (ws:// or wss://), not plain HTTP",
    meaning: "a plain HTTP request reached the stream's path; connect a WebSocket client there",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    template: "request body is larger than {limit} bytes",
    meaning: "the body exceeds the server's limit",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    template: "content type {contentType} is not accepted; send application/json",
    meaning: "a body was sent with a content type the route does not read, compressed (content-encoding), or in a charset other than UTF-8",
  },
  INTERNAL: {
    status: 500,
    template: "the server failed while answering this request; the failure was logged",
    meaning: "a defect on our side; the body never carries its details",
  },
} as const satisfies Record<string, { status: number; template: string; meaning: string }>;

export type ApiErrorCode = keyof typeof API_ERROR_CATALOGUE;

/** The placeholder names of a template: `"no {resource} matches {id}"` → `"resource" | "id"`. */
type PlaceholdersOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;

/** The values a code's sentence needs, typed from its template. */
export type ApiErrorParams<C extends ApiErrorCode> = Record<PlaceholdersOf<(typeof API_ERROR_CATALOGUE)[C]["template"]>, string>;
