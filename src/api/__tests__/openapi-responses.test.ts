import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "../openapi-document.ts";
import { OpenApiValidator } from "./openapi-validator.ts";
import { MEDIA_BASE_URL, type SeededApi, get, startSeededApi } from "./seeded-api.ts";

/**
 * Every route's answers over a whole seeded world validate against the committed OpenAPI
 * document (the one clients read), with ajv's Draft 2020-12 validator.
 */
let seeded: SeededApi;
let validator: OpenApiValidator;
const failures: string[] = [];

async function check(url: string): Promise<any> {
  const response = await get(seeded.app, url);
  const errors = validator.errorsOf("GET", url, response.status, response.contentType, response.body);
  if (errors.length > 0) failures.push(`${url} → ${response.status}: ${errors.slice(0, 5).join("; ")}`);
  return response;
}

beforeAll(async () => {
  // With the trade flow and the controls, so the served document is the committed one.
  seeded = await startSeededApi({ trading: true, control: true });
  validator = new OpenApiValidator(JSON.parse(readFileSync(join(import.meta.dirname, "../../..", OPENAPI_PATH), "utf8")));
});
afterAll(async () => seeded?.app.close());

describe("responses against the OpenAPI document", () => {
  it("lists: legacy for every status and kind, paged for every tab and sort", async () => {
    for (const kind of ["", "&kind=pairs", "&kind=collectibles", "&kind=all"]) {
      await check(`/v1/launches?limit=100${kind}`);
      for (const status of ["activeBonding", "graduationPending", "migrating", "graduated"])
        await check(`/v1/launches?status=${status}${kind}`);
    }
    for (const tab of ["trending", "new", "almost", "graduated", "volume"]) {
      for (const sort of ["", "&sort=mcap", "&sort=vol", "&sort=change", "&sort=bonding", "&sort=newest"]) {
        let url = `/v1/launches?tab=${tab}${sort}&limit=7`;
        for (let page = 0; page < 20; page++) {
          const { body } = await check(url);
          if (!body.nextCursor) break;
          url = `/v1/launches?tab=${tab}${sort}&limit=7&cursor=${encodeURIComponent(body.nextCursor)}`;
        }
      }
    }
    const { body } = await check("/v1/launches?limit=100");
    const first = body.launches[0];
    await check(`/v1/launches?state=bonding&cat=${encodeURIComponent(first.category)}`);
    await check(`/v1/launches?asset=${first.components[0].symbol}&state=graduated`);
    await check(`/v1/launches?creator=${first.creator}`);
    await check(
      `/v1/launches?ids=${body.launches
        .slice(0, 10)
        .map((row: any) => row.address)
        .join(",")}`,
    );
    await check("/v1/launches/trending");
    await check("/v1/launches/trending?kind=pairs");
    await check("/v1/launches/almost-paired");
    await check("/v1/launches/almost-paired?kind=collectibles");
    expect(failures).toEqual([]);
  });

  it("every launch by address, mint and ticker, its whole trade tape and charts of several buckets", async () => {
    const { body } = await check("/v1/launches?limit=100");
    expect(body.launches.length).toBeGreaterThanOrEqual(50);
    for (const row of body.launches) {
      await check(`/v1/launches/${row.address}`);
      await check(`/v1/launches/${row.primaryMint}`);
      await check(`/v1/launches/${row.symbol}`);
      let url = `/v1/launches/${row.address}/trades?limit=10`;
      for (let page = 0; page < 100; page++) {
        const { body: tape } = await check(url);
        if (!tape.nextCursor) break;
        url = `/v1/launches/${row.address}/trades?limit=10&before=${tape.nextCursor}`;
      }
    }
    for (const row of body.launches.slice(0, 12)) {
      for (const bucket of [1, 60, 300, 3600, 86400])
        await check(`/v1/launches/${row.address}/chart?bucket=${bucket}&limit=${bucket === 1 ? 1000 : 200}`);
      await check(`/v1/launches/${row.primaryMint}/chart`);
    }
    expect(failures).toEqual([]);
  });

  it("search, live trades, assets", async () => {
    const { body } = await check("/v1/launches?limit=100");
    for (const row of body.launches.slice(0, 10)) {
      await check(`/v1/search?q=${encodeURIComponent(row.symbol)}`);
      await check(`/v1/search?q=${encodeURIComponent(row.name.slice(0, 3))}&kind=pairs`);
      await check(`/v1/search?q=${row.address}`);
    }
    await check("/v1/search?q=");
    await check("/v1/search");
    const live = await check("/v1/trades/live");
    expect(live.body.trades).toHaveLength(12);
    const assets = await check("/v1/assets");
    expect(assets.body.assets.length).toBe(seeded.world.components.length);
    expect(failures).toEqual([]);
  });

  it("wallets: creators, traders, the keeper and a stranger", async () => {
    const wallets = [
      ...new Set(seeded.population.launches.map((launch) => launch.creator)),
      ...seeded.population.traders.map((trader) => trader.address),
      seeded.population.keeper.address,
      (await generateKeyPairSigner()).address,
    ];
    for (const wallet of wallets) {
      await check(`/v1/wallets/${wallet}/balances`);
      await check(`/v1/wallets/${wallet}/created`);
    }
    expect(failures).toEqual([]);
  });

  it("every image a record links to is served", async () => {
    const { body } = await check("/v1/launches?limit=100");
    const assets = (await check("/v1/assets")).body.assets;
    const uris = [
      ...body.launches.flatMap((row: any) => [row.imageUri, ...row.components.map((c: any) => c.logoUri)]),
      ...assets.map((a: any) => a.logoUri),
    ];
    const local = [...new Set(uris.filter((uri: string) => uri.startsWith(`${MEDIA_BASE_URL}/v1/media/`)))] as string[];
    expect(local.length).toBeGreaterThan(10);
    for (const uri of local) {
      const response = await check(uri.slice(MEDIA_BASE_URL.length));
      expect(response.status, uri).toBe(200);
      expect(response.contentType).toMatch(/^image\/svg\+xml/);
      expect(response.raw).toMatch(/^<svg /);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    }
    expect(failures).toEqual([]);
  });

  it("error answers of the documented routes", async () => {
    await check("/v1/launches?limit=0");
    await check("/v1/launches/ZZZZ");
    await check("/v1/launches/ZZZZ/trades");
    await check("/v1/launches/ZZZZ/chart");
    await check("/v1/launches/!!/chart");
    await check("/v1/wallets/nope/balances");
    await check("/v1/media/nope.png");
    expect(failures).toEqual([]);
  });

  it("serves the committed document at /openapi.json, with its own address in servers", async () => {
    const served = await get(seeded.app, "/openapi.json");
    expect({ ...served.body, servers: undefined }).toEqual({ ...validator.document, servers: undefined });
    // light-my-request's default Host.
    expect(served.body.servers).toEqual([{ url: "http://localhost:80", description: "this server" }]);
  });

  it("the document's examples are valid answers", () => {
    expect(validator.exampleCount()).toBeGreaterThan(30);
    expect(validator.exampleErrors()).toEqual([]);
  });

  it("collectibles: pages for every sort and stage, each record, vault and vault card, and their refusals", async () => {
    for (const sort of ["newest", "oldest", "name"]) {
      let url = `/v1/collectibles?sort=${sort}&limit=3`;
      for (let page = 0; page < 20; page++) {
        const { body } = await check(url);
        if (!body.nextCursor) break;
        url = `/v1/collectibles?sort=${sort}&limit=3&cursor=${encodeURIComponent(body.nextCursor)}`;
      }
    }
    for (const filter of ["stage=raising", "stage=tradable", "group=acquisition", "row=sol", "q=a", "limit=0", "stage=nope", "cursor=x"])
      await check(`/v1/collectibles?${filter}`);
    const { body } = await check("/v1/collectibles?limit=50");
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) {
      await check(`/v1/collectibles/${item.launch}`);
      const vault = (await check(`/v1/collectibles/${item.launch}/vault`)).body;
      for (const card of vault.cards) await check(`/v1/collectibles/${item.launch}/vault/${card.asset}`);
    }
    await check("/v1/collectibles/11111111111111111111111111111111");
    await check("/v1/collectibles/nope/vault");
    await check(`/v1/collectibles/${body.items[0].launch}/vault/11111111111111111111111111111111`);
    expect(failures).toEqual([]);
  });

  it("sends records exactly as the read model renders them (no serializer adds, drops or coerces a field)", async () => {
    const { body } = await get(seeded.app, "/v1/launches?limit=5");
    for (const row of body.launches) {
      const response = await seeded.app.inject(`/v1/launches/${row.address}`);
      expect(response.body).toBe(JSON.stringify(seeded.readModel.getLaunch(row.address)));
      const tape = await seeded.app.inject(`/v1/launches/${row.address}/trades?limit=200`);
      expect(tape.body).toBe(JSON.stringify(seeded.readModel.trades(row.address, { limit: 200 })));
    }
  });

  it("exercised every documented success response of the read routes", () => {
    // The trade flow and the /devnet controls are exercised by trade-flow.test.ts and devnet-control.test.ts.
    const successes = validator
      .documented()
      .filter((entry) => entry.startsWith("GET /v1/") && !entry.startsWith("GET /v1/transactions/") && entry.endsWith(" 200"));
    expect(successes.filter((entry) => !validator.exercised.has(entry))).toEqual([]);
  });
});
