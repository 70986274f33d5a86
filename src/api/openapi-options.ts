import type { SwaggerOptions } from "@fastify/swagger";

/** Tags of the document, one per route group, in the order a reader meets them. */
export const OPENAPI_TAGS = [
  { name: "launches", description: "Launch lists, one launch, its trade tape and its candles." },
  { name: "search", description: "Find launches by ticker, name, address or mint." },
  { name: "trades", description: "The latest trades across launches." },
  { name: "assets", description: "Component tokens and their sampled prices." },
  { name: "wallets", description: "Balances read from the chain, and launches a wallet created." },
  { name: "media", description: "Generated images that records link to." },
  { name: "trade flow", description: "Quote, build (unsigned transactions), submit (signed), status; and launch creation." },
  {
    name: "devnet",
    description:
      "The simulator's own controls, outside /v1: faucet, clock, prices, forced graduation, snapshots and faults. A real deployment has none of them.",
  },
];

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
      description:
        'The read routes of the basket-token launch and trading service, as served by the basket-devnet simulator. Every error is `{"error": <sentence>, "code": <CODE>}` with a 4xx for a client\'s mistake; the codes are listed in the README.',
      "x-generated": "by npm run openapi; do not edit",
    } as SwaggerOptions extends { openapi?: infer O } ? (O extends { info?: infer I } ? I : never) : never,
    servers: [{ url: "http://127.0.0.1:8790", description: "basket-devnet up (default address)" }],
    tags: OPENAPI_TAGS,
  },
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`),
  },
};
