import type { SwaggerOptions } from "@fastify/swagger";

/** Tags of the document, one per route group, in the order a reader meets them. */
export const OPENAPI_TAGS = [
  { name: "launches", description: "Launch lists, one launch, its trade tape and its candles." },
  { name: "search", description: "Find launches by ticker, name, address or mint." },
  { name: "trades", description: "The latest trades across launches." },
  { name: "assets", description: "Component tokens and their sampled prices." },
  { name: "collectibles", description: "Collectibles (launches that raise for a graded card), their vaults and vault cards." },
  { name: "wallets", description: "Balances read from the chain, and launches a wallet created." },
  { name: "media", description: "Generated images that records link to." },
  { name: "trade flow", description: "Quote, build (unsigned transactions), submit (signed), status; and launch creation." },
  {
    name: "devnet",
    description:
      "The simulator's own controls, outside /v1: faucet, clock, prices, forced graduation, snapshots and faults. A real deployment has none of them.",
  },
];

/** The address of `basket-devnet up` with its defaults: the committed document's server. */
export const DEFAULT_SERVER = { url: "http://127.0.0.1:8790", description: "basket-devnet up (default address)" };

/**
 * @fastify/swagger's options: OpenAPI 3.1 (JSON Schema 2020-12, so `type: ["x", "null"]`
 * and `const` mean what they say), shared schemas named by their `$id` in
 * `components.schemas` instead of `def-0`, `def-1`.
 */
export const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: "3.1.0",
    info: {
      title: "basket-devnet API",
      version: "v1",
      description: [
        "The basket-token launch and trading service's HTTP API, as served by the basket-devnet simulator:",
        "",
        "- **launches**, **search**, **trades**, **assets**, **wallets** and **media**: the read routes (lists, one launch, its trade tape and candles, balances, images);",
        "- **trade flow**: quote a trade, build its unsigned transactions, submit them signed by your own key, follow their status; and create a launch;",
        "- **devnet** (outside `/v1`, this simulator only): faucet, clock, prices, forced graduation, snapshots and faults.",
        "",
        "Amounts are decimal strings of base units; addresses are base58 of 32 bytes. No route needs credentials.",
        'Every error is `{"error": <sentence>, "code": <CODE>}`, a 4xx for a client\'s mistake; the codes are listed in the README.',
        "The stream of change announcements (`/v1/stream`, WebSocket) is described by openapi/asyncapi.yaml, which `GET /asyncapi.yaml` of a running server serves with its own address.",
        "`GET /openapi.json` of a running server serves this document with that server's own address in `servers`.",
      ].join("\n"),
      license: { name: "MIT", identifier: "MIT" },
      "x-generated": "by npm run openapi; do not edit",
    } as SwaggerOptions extends { openapi?: infer O } ? (O extends { info?: infer I } ? I : never) : never,
    servers: [DEFAULT_SERVER],
    // No route needs credentials: said at the root, so no tool reads the absence as an oversight.
    security: [],
    tags: OPENAPI_TAGS,
  },
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`),
  },
};
