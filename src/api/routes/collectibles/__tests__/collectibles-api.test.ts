import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Devnet } from "../../../../chain/devnet.ts";
import { SyntheticChain } from "../../../../indexer/__tests__/synthetic-chain.ts";
import {
  type SyntheticCollectible,
  advanceTo,
  handMadeCard,
  listCollectible,
  releaseCard,
} from "../../../../indexer/__tests__/synthetic-collectibles.ts";
import { COLLECTIBLE_GROUPS } from "../../../../indexer/records/index.ts";
import { COLLECTIBLE_STAGES, type CollectibleStage } from "../../../../programs/index.ts";
import { MediaLibrary } from "../../../../world/media-library.ts";
import { OpenApiValidator } from "../../../__tests__/openapi-validator.ts";
import { get } from "../../../__tests__/seeded-api.ts";
import { buildApp } from "../../../app.ts";

/**
 * The collectible routes over HTTP, behind a read model fed synthetic transactions carrying
 * the programs' collectible events: 30 collectibles spread over every stage (one released),
 * a pairs launch and an unlisted collectibles launch beside them.
 */
const NAMES = ["ACE", "BOLT", "CROWN", "DART", "EMBER", "FABLE", "GLINT", "HALO", "IVORY", "JADE"];
let app: FastifyInstance;
let chain: SyntheticChain;
let validator: OpenApiValidator;
const collectibles: SyntheticCollectible[] = [];
let pairsLaunch: string;
let unlisted: string;

beforeAll(async () => {
  const cards = Array.from({ length: 30 }, (_, i) => handMadeCard(i));
  chain = new SyntheticChain({ cards, componentSymbol: "USDC" });
  pairsLaunch = chain.createLaunch("PAIRS").address;
  unlisted = chain.createLaunch("BARE", "collectibles").address;
  for (let i = 0; i < 30; i++) {
    const collectible = listCollectible(chain, `${NAMES[i % 10]}${Math.floor(i / 10)}`, cards[(i * 7) % 30]!);
    advanceTo(chain, collectible, COLLECTIBLE_STAGES[i % COLLECTIBLE_STAGES.length]!);
    collectibles.push(collectible);
  }
  releaseCard(chain, collectibles[5]!); // tradable
  chain.model.samplePrices();
  app = await buildApp({ readModel: chain.model, devnet: Devnet.start({ seed: "collectibles-api" }), media: new MediaLibrary() });
  await app.ready();
  validator = new OpenApiValidator((await get(app, "/openapi.json")).body);
});
afterAll(async () => app?.close());

async function valid(url: string, status = 200): Promise<any> {
  const response = await get(app, url);
  expect(response.status, `${url}: ${response.raw.slice(0, 300)}`).toBe(status);
  expect(validator.errorsOf("GET", url, response.status, response.contentType, response.body), url).toEqual([]);
  return response.body;
}

async function pages(query: string, limit: number): Promise<any[][]> {
  const found: any[][] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/v1/collectibles?${query}&limit=${limit}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
    const body = await valid(url);
    expect(body.items.length).toBeLessThanOrEqual(limit);
    // The specification names the key both ways: both carry the page.
    expect(body.collectibles).toEqual(body.items);
    found.push(body.items);
    cursor = body.nextCursor;
    if (cursor !== null) expect(body.items.length).toBe(limit);
    expect(found.length, "pages never end").toBeLessThan(100);
  } while (cursor !== null);
  return found;
}

describe("GET /v1/collectibles*", () => {
  it("answers every route with bodies the served document describes, examples included", async () => {
    const list = await valid("/v1/collectibles");
    expect(list.items).toHaveLength(24);
    expect(typeof list.serverTime).toBe("number");
    for (const collectible of collectibles) {
      const { address } = collectible.launch;
      const detail = await valid(`/v1/collectibles/${address}`);
      expect(detail.stage).toBe(collectible.stage);
      const vault = await valid(`/v1/collectibles/${address}/vault`);
      for (const card of vault.cards) expect(await valid(`/v1/collectibles/${address}/vault/${card.asset}`)).toEqual(card);
    }
    expect(validator.exampleErrors()).toEqual([]);
  });

  it("answers 404 with a sentence for a launch that is no listed collectible and for a card not in the vault", async () => {
    for (const id of [pairsLaunch, unlisted, collectibles[0]!.listing.cardMint]) {
      const body = await valid(`/v1/collectibles/${id}`, 404);
      expect(body.error).toContain(id);
      await valid(`/v1/collectibles/${id}/vault`, 404);
    }
    const raising = collectibles[0]!;
    expect(raising.stage).toBe("raising");
    const early = await valid(`/v1/collectibles/${raising.launch.address}/vault/${raising.listing.cardMint}`, 404);
    expect(early.error).toContain(raising.listing.cardMint);
    const tradable = collectibles[5]!;
    await valid(`/v1/collectibles/${tradable.launch.address}/vault/${collectibles[4]!.listing.cardMint}`, 404);
    const released = await valid(`/v1/collectibles/${tradable.launch.address}/vault/${tradable.listing.cardMint}`);
    expect(released.stillHeld).toBe(false);
  });

  it("refuses a malformed address, every bad filter value and limits past their bounds with a 400 naming the parameter", async () => {
    for (const url of [
      "/v1/collectibles/not-an-address",
      "/v1/collectibles/abc/vault",
      `/v1/collectibles/${collectibles[5]!.launch.address}/vault/xyz`,
    ]) {
      const body = await valid(url, 400);
      expect(body.error).toMatch(/id|asset/);
    }
    const bad: [string, string][] = [
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["limit=-3", "limit"],
      ["limit=abc", "limit"],
      ["limit=2.5", "limit"],
      ["stage=minting", "stage"],
      ["group=selling", "group"],
      ["row=gold", "row"],
      ["sort=price", "sort"],
      [`q=${"x".repeat(101)}`, "q"],
      ["cursor=%21%21", "cursor"],
      [`cursor=${Buffer.from('["newest",-1,"x"]').toString("base64url")}`, "cursor"],
    ];
    for (const [query, parameter] of bad) {
      const body = await valid(`/v1/collectibles?${query}`, 400);
      expect(typeof body.error, query).toBe("string");
      expect(body.error, query).toContain(parameter);
    }
    // The bounds themselves are accepted (30 collectibles exist).
    for (const limit of [1, 50]) expect((await valid(`/v1/collectibles?limit=${limit}`)).items).toHaveLength(Math.min(limit, 30));
  });

  it("pages are disjoint, ordered by sort, hold every filter and together list exactly the matching collectibles", async () => {
    const every = (await pages("sort=oldest", 50)).flat();
    expect(every.map((item) => item.launch)).toEqual(collectibles.map((c) => c.launch.address));
    const stage = fc.option(fc.constantFrom(...COLLECTIBLE_STAGES), { nil: undefined });
    const group = fc.option(fc.constantFrom(...(Object.keys(COLLECTIBLE_GROUPS) as (keyof typeof COLLECTIBLE_GROUPS)[])), {
      nil: undefined,
    });
    const row = fc.option(fc.constantFrom("sol", "oneAsset", "dna"), { nil: undefined });
    const q = fc.option(fc.constantFrom("a", "E", "ro", "player 1", "halo2", "zzz"), { nil: undefined });
    const sort = fc.constantFrom("newest", "oldest", "name");
    await fc.assert(
      fc.asyncProperty(stage, group, row, q, sort, fc.integer({ min: 1, max: 50 }), async (stage, group, row, q, sort, limit) => {
        const query = Object.entries({ stage, group, row, q, sort })
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
          .join("&");
        const found = await pages(query, limit);
        const items = found.flat();
        const addresses = items.map((item) => item.launch);
        expect(new Set(addresses).size, "pages are disjoint").toBe(addresses.length);
        const matches = every.filter(
          (item) =>
            (stage === undefined || item.stage === stage) &&
            (group === undefined || (COLLECTIBLE_GROUPS[group] as readonly CollectibleStage[]).includes(item.stage)) &&
            (row === undefined || item.row === row) &&
            (q === undefined ||
              [item.name, item.symbol, item.card.itemName ?? ""].some((text: string) => text.toLowerCase().includes(q.toLowerCase()))),
        );
        expect([...addresses].sort(), "complete, and only matches").toEqual(matches.map((item) => item.launch).sort());
        const position = new Map(every.map((item, i) => [item.launch, i]));
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [items[i - 1], items[i]];
          if (sort === "oldest") expect(position.get(a.launch)!).toBeLessThan(position.get(b.launch)!);
          if (sort === "newest") expect(position.get(a.launch)!).toBeGreaterThan(position.get(b.launch)!);
          if (sort === "name")
            expect(
              a.name.toLowerCase() < b.name.toLowerCase() || (a.name.toLowerCase() === b.name.toLowerCase() && a.launch < b.launch),
            ).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a cursor sent alone goes on with the order and the filters of the page that issued it", async () => {
    for (const query of ["sort=name", "sort=oldest", "sort=newest", "group=trading&sort=name", "row=sol&q=a", "stage=raising"]) {
      const whole = (await pages(query, 50)).flat().map((item) => item.launch);
      const walked: string[] = [];
      let url = `/v1/collectibles?${query}&limit=1`;
      for (let page = 0; page < 100; page++) {
        const body = await valid(url);
        walked.push(...body.items.map((item: any) => item.launch));
        if (body.nextCursor === null) break;
        url = `/v1/collectibles?limit=1&cursor=${encodeURIComponent(body.nextCursor)}`;
      }
      expect(walked, query).toEqual(whole);
    }
  });

  it("lists collectibles in /v1/launches per kind (absent means all), in search and by id", async () => {
    const addresses = new Set(collectibles.map((c) => c.launch.address));
    const rows = (kind: string) => get(app, `/v1/launches?tab=new&limit=100${kind}`).then((response) => response.body.launches as any[]);
    const all = await rows("");
    expect(all.filter((row) => addresses.has(row.address))).toHaveLength(30);
    expect((await rows("&kind=collectibles")).every((row) => row.kind === "collectibles")).toBe(true);
    expect((await rows("&kind=pairs")).some((row) => addresses.has(row.address))).toBe(false);
    const found = (await get(app, `/v1/search?q=${collectibles[3]!.launch.symbol}`)).body.launches;
    expect(found.map((row: any) => row.address)).toContain(collectibles[3]!.launch.address);
    const one = (await get(app, `/v1/launches/${collectibles[3]!.launch.address}`)).body;
    expect(one).toMatchObject({ kind: "collectibles", address: collectibles[3]!.launch.address });
  });
});
