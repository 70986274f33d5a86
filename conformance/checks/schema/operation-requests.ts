import type { ExchangeRequest } from "../../../src/client/basket-client.ts";
import type { CheckContext, SampleLaunch } from "../../engine/check.ts";

/** A request of one documented operation, with real inputs from the server. */
export interface OperationRequest {
  readonly method: "GET" | "POST";
  /** The document's path template the request instantiates. */
  readonly template: string;
  readonly request: ExchangeRequest;
}

/** An address that is a valid base58 key and no launch: the system program's. */
export const UNKNOWN_ADDRESS = "11111111111111111111111111111111";

const get = (template: string, path: string, query: Record<string, string> = {}): OperationRequest => ({
  method: "GET",
  template,
  request: { method: "GET", path, query },
});
const post = (template: string, json: unknown): OperationRequest => ({
  method: "POST",
  template,
  request: { method: "POST", path: template, json },
});

function launchOf(context: CheckContext, status: string): SampleLaunch | undefined {
  return context.samples.launches.find((launch) => launch.status === status && launch.kind === "pairs");
}

/**
 * One or more real requests for every operation of the document that can be called without
 * changing the server's world: reads with discovered addresses, mints and tickers; preview
 * quotes; a build when a wallet is at hand; requests the server must refuse (to see its
 * error bodies). State-changing `/devnet/` operations are left to the checks that need them.
 */
export async function operationRequests(context: CheckContext): Promise<OperationRequest[]> {
  const requests: OperationRequest[] = [
    get("/v1/launches", "/v1/launches"),
    get("/v1/launches", "/v1/launches", { limit: "5" }),
    get("/v1/launches", "/v1/launches", { status: "activeBonding", limit: "3" }),
    get("/v1/launches", "/v1/launches", { tab: "new" }),
    get("/v1/launches", "/v1/launches", { limit: "0" }),
    get("/v1/launches/trending", "/v1/launches/trending"),
    get("/v1/launches/almost-paired", "/v1/launches/almost-paired"),
    get("/v1/launches/{id}", `/v1/launches/${UNKNOWN_ADDRESS}`),
    get("/v1/trades/live", "/v1/trades/live"),
    get("/v1/assets", "/v1/assets"),
    get("/v1/search", "/v1/search", { q: "" }),
    post("/v1/trades/quote", {}),
    post("/v1/transactions/submit", { transaction: "AAAA" }),
  ];
  const launches = [launchOf(context, "activeBonding"), launchOf(context, "graduated")].filter((launch) => launch !== undefined);
  for (const launch of launches) {
    for (const id of [launch.address, launch.primaryMint, launch.symbol])
      requests.push(get("/v1/launches/{id}", `/v1/launches/${encodeURIComponent(id)}`));
    requests.push(
      get("/v1/launches/{id}/trades", `/v1/launches/${launch.address}/trades`, { limit: "10" }),
      get("/v1/launches/{id}/chart", `/v1/launches/${launch.address}/chart`, { bucket: "300", limit: "50" }),
      get("/v1/search", "/v1/search", { q: launch.symbol }),
      post("/v1/trades/quote", { launch: launch.address, direction: "buy", amountIn: "10000000", mode: "exactInSol", preview: true }),
      post("/v1/trades/quote", { launch: launch.address, direction: "sell", amountIn: "1000000", mode: "exactIn", preview: true }),
    );
  }
  requests.push(...(await collectibleRequests(context)));
  const creator = context.samples.creators[0];
  if (creator) {
    requests.push(
      get("/v1/wallets/{wallet}/balances", `/v1/wallets/${creator}/balances`),
      get("/v1/wallets/{wallet}/created", `/v1/wallets/${creator}/created`),
    );
    const mint = context.samples.componentMints[0];
    if (mint) {
      requests.push(
        post("/v1/launches/build-create", { symbol: "CONF", name: "Conformance", components: [{ mint, targetBps: 10_000 }], creator }),
      );
    }
  }
  const signature = context.samples.signatures[0];
  if (signature) requests.push(get("/v1/transactions/{signature}", `/v1/transactions/${signature}`));
  if (context.capabilities.has("control")) requests.push(get("/devnet/clock", "/devnet/clock"));
  const bonding = launchOf(context, "activeBonding");
  if (context.capabilities.has("wallet") && bonding) {
    const wallet = await context.wallet();
    const quote = await context.exchange({
      method: "POST",
      path: "/v1/trades/quote",
      json: { launch: bonding.address, direction: "buy", amountIn: "10000000", mode: "exactInSol", wallet: wallet.address },
    });
    const quoteId = (quote.body as { quote?: { quoteId?: unknown } } | undefined)?.quote?.quoteId;
    if (typeof quoteId === "string") requests.push(post("/v1/trades/build", { quoteId, wallet: wallet.address }));
  }
  return requests;
}

/**
 * The collectible routes: the list (and a refused limit), an
 * unknown id, and for one collectible of each stage the server lists, its record, its vault
 * and each card of the vault.
 */
async function collectibleRequests(context: CheckContext): Promise<OperationRequest[]> {
  const requests = [
    get("/v1/collectibles", "/v1/collectibles"),
    get("/v1/collectibles", "/v1/collectibles", { limit: "0" }),
    get("/v1/collectibles/{id}", `/v1/collectibles/${UNKNOWN_ADDRESS}`),
  ];
  const list = await context.exchangeOnce({ method: "GET", path: "/v1/collectibles", query: { limit: "50" } });
  const body = list.body as { items?: { launch?: unknown; stage?: unknown }[] } | undefined;
  const oneOfEachStage = new Map((Array.isArray(body?.items) ? body.items : []).map((item) => [String(item.stage), String(item.launch)]));
  for (const launch of oneOfEachStage.values()) {
    const id = encodeURIComponent(launch);
    requests.push(
      get("/v1/collectibles/{id}", `/v1/collectibles/${id}`),
      get("/v1/collectibles/{id}/vault", `/v1/collectibles/${id}/vault`),
    );
    const vault = await context.exchangeOnce({ method: "GET", path: `/v1/collectibles/${id}/vault` });
    const cards = (vault.body as { cards?: { asset?: unknown }[] } | undefined)?.cards;
    for (const card of Array.isArray(cards) ? cards : [])
      requests.push(get("/v1/collectibles/{id}/vault/{asset}", `/v1/collectibles/${id}/vault/${encodeURIComponent(String(card.asset))}`));
  }
  return requests;
}

/** Whether a template is one of the specification's routes (`/v1`), not one of our own (`/devnet/`). */
export function isSpecified(template: string): boolean {
  return template.startsWith("/v1/");
}
