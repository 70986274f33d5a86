import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIBLE_STAGES, findCollectiblePda, getCollectibleAccountDecoder } from "../../../../programs/index.ts";
import { OpenApiValidator } from "../../../__tests__/openapi-validator.ts";
import { type SeededApi, get, startSeededApi } from "../../../__tests__/seeded-api.ts";

/**
 * The collectible routes of a real seeded world (the world's collectibles, raised, cranked
 * and traded on chain): every answer validates against the served document, and every
 * figure a record shows equals the launch program's Collectible account, to the unit.
 */
let seeded: SeededApi;
let validator: OpenApiValidator;
let items: any[];

beforeAll(async () => {
  seeded = await startSeededApi();
  validator = new OpenApiValidator((await get(seeded.app, "/openapi.json")).body);
  const list = await get(seeded.app, "/v1/collectibles?limit=50&sort=oldest");
  expect(list.status).toBe(200);
  items = list.body.items;
});
afterAll(async () => seeded?.app.close());

async function valid(url: string): Promise<any> {
  const response = await get(seeded.app, url);
  expect(response.status, `${url}: ${response.raw.slice(0, 300)}`).toBe(200);
  expect(validator.errorsOf("GET", url, response.status, response.contentType, response.body), url).toEqual([]);
  return response.body;
}

describe("collectibles of a seeded world", () => {
  it("are listed at every stage, and every route's answer validates against the served document", async () => {
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(new Set(items.map((item) => item.stage))).toEqual(new Set(COLLECTIBLE_STAGES));
    await valid("/v1/collectibles?limit=50&sort=oldest");
    for (const item of items) {
      const detail = await valid(`/v1/collectibles/${item.launch}`);
      const { serverTime, targetCardImage, ...listed } = detail;
      expect(listed.stage).toBe(item.stage);
      expect(typeof serverTime).toBe("number");
      expect(targetCardImage === null).toBe(COLLECTIBLE_STAGES.indexOf(item.stage) >= COLLECTIBLE_STAGES.indexOf("pooling"));
      const vault = await valid(`/v1/collectibles/${item.launch}/vault`);
      for (const card of vault.cards) await valid(`/v1/collectibles/${item.launch}/vault/${card.asset}`);
      expect(detail.card.itemName, "the catalogue knows every seeded card").not.toBeNull();
      expect(detail.row).toBe("sol");
    }
  });

  it("show exactly the launch program's Collectible account: stage, terms, accounting and custody", async () => {
    const decoder = getCollectibleAccountDecoder();
    for (const item of items) {
      const [pda] = await findCollectiblePda({ launch: item.launch });
      const account = seeded.devnet.getAccount(pda);
      expect(account, item.launch).not.toBeNull();
      const chain = decoder.decode(account!.data);
      const record = (await get(seeded.app, `/v1/collectibles/${item.launch}`)).body;
      const stage = COLLECTIBLE_STAGES.indexOf(record.stage);
      // launch.c keeps the record at `raising` while the launch is graduationPending: that is `funding`.
      const pending = chain.stage === "raising" && record.status === "graduationPending";
      expect(record.stage).toBe(pending ? "funding" : chain.stage);
      expect(record.card).toMatchObject({
        nftMint: chain.cardMint,
        vault: chain.custody,
        standard: chain.standard,
        targetLamports: String(chain.targetLamports),
        listedPriceUsdc: String(chain.listedPriceUsdc),
      });
      expect(record.curve.poolLamports).toBe(String(chain.poolLamports));
      expect(record.acquisition.surplusToTreasuryUsdc).toBe(String(chain.surplusUsdc));
      if (stage >= COLLECTIBLE_STAGES.indexOf("swapping"))
        expect(record.acquisition.funded.fundedLamports).toBe(String(chain.fundedLamports));
      if (stage >= COLLECTIBLE_STAGES.indexOf("acquiring")) {
        expect(record.acquisition.swap).toMatchObject({ wsolIn: String(chain.wsolIn), usdcOut: String(chain.usdcOut), pool: chain.venue });
      }
      if (stage >= COLLECTIBLE_STAGES.indexOf("pooling")) {
        expect(record.acquisition.acquired.spentUsdc).toBe(String(chain.spentUsdc));
        expect(record.custody.cards).toHaveLength(1);
        expect(record.custody.cards[0].stillHeld).toBe(chain.stillHeld);
        const vault = (await get(seeded.app, `/v1/collectibles/${item.launch}/vault`)).body;
        expect(vault.totals.held).toBe(chain.stillHeld ? 1 : 0);
      } else {
        expect(record.custody.cards).toEqual([]);
      }
      if (record.stage === "tradable") expect(record.status).toBe("graduated");
    }
  });

  it("appear as launch rows of kind collectibles, priced through wrapped SOL", async () => {
    const rows = (await get(seeded.app, "/v1/launches?tab=new&kind=collectibles&limit=100")).body.launches;
    expect(rows.map((row: any) => row.address).sort()).toEqual(items.map((item) => item.launch).sort());
    for (const row of rows) {
      expect(row.dnaUnitSol).toBe(1e-9);
      expect(row.priceSol).toBeGreaterThan(0);
    }
  });

  it("show no liquidity from the raise released to buy the card, until the pool opens", async () => {
    const rows = (await get(seeded.app, "/v1/launches?tab=new&kind=collectibles&limit=100")).body.launches;
    const rowOf = (launch: string) => rows.find((row: any) => row.address === launch);
    const released = ["swapping", "acquiring", "pooling"];
    const byStage = (stages: string[]) => items.filter((item) => stages.includes(item.stage));
    expect(byStage(released).length).toBeGreaterThan(0);
    for (const item of byStage(released)) {
      expect(item.market.liquidityUsd, item.stage).toBe(0);
      expect(rowOf(item.launch).liquidityUsd, item.stage).toBe(0);
    }
    // A raise still on its curve, and a pool, are liquidity.
    for (const item of byStage(["raising", "tradable"]).filter(
      (item) => BigInt(item.curve.poolLamports) > 0n || item.stage === "tradable",
    )) {
      expect(item.market.liquidityUsd, item.stage).toBeGreaterThan(0);
      expect(rowOf(item.launch).liquidityUsd).toBe(item.market.liquidityUsd);
    }
  });
});
