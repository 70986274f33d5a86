import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signCurveBuy } from "../../world/world-transactions.ts";
import { LAUNCH_SORTS, LAUNCH_TABS } from "../routes/launches/launches-schemas.ts";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

/**
 * Paging through HTTP, as a client does it: launch pages are disjoint and, followed to the
 * end, complete, for any page size, tab, sort and kind; a trade tape followed by `before`
 * never repeats or skips a trade.
 */
let seeded: SeededApi;
let everyLaunch: any[];

beforeAll(async () => {
  seeded = await startSeededApi();
  everyLaunch = (await get(seeded.app, "/v1/launches?limit=100")).body.launches;
});
afterAll(async () => seeded?.app.close());

/** Follows `nextCursor` to the end; `cursorAlone` sends each later page's cursor (and limit) without the first page's query. */
async function launchPages(base: string, limit: number, cursorAlone = false): Promise<any[][]> {
  const pages: any[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? base : `${cursorAlone ? "/v1/launches?" : `${base}&`}cursor=${encodeURIComponent(cursor)}`;
    const url = `${query}&limit=${limit}`;
    const { status, body } = await get(seeded.app, url);
    expect(status, url).toBe(200);
    pages.push(body.launches);
    expect(body.launches.length).toBeLessThanOrEqual(limit);
    cursor = body.nextCursor;
    expect(pages.length, "pages never end").toBeLessThan(200);
  } while (cursor !== null);
  return pages;
}

async function tradePages(launch: string, limit: number): Promise<{ pages: any[][]; cursors: (string | null)[] }> {
  const pages: any[][] = [];
  const cursors: (string | null)[] = [];
  let before: string | null = null;
  do {
    const { status, body }: { status: number; body: any } = await get(
      seeded.app,
      `/v1/launches/${launch}/trades?limit=${limit}${before === null ? "" : `&before=${before}`}`,
    );
    expect(status).toBe(200);
    pages.push(body.trades);
    cursors.push(body.nextCursor);
    before = body.nextCursor;
    expect(pages.length, "pages never end").toBeLessThan(500);
  } while (before !== null);
  return { pages, cursors };
}

/** Which launches a tab keeps (the specification's words; kind and state filter further). */
function expectedIn(tab: string, kind: string | undefined, row: any): boolean {
  if (kind && kind !== "all" && row.kind !== kind) return false;
  if (tab === "almost") return row.status === "activeBonding" && row.progressBps >= 7000;
  if (tab === "graduated") return row.status !== "activeBonding";
  return true;
}

describe("launch pages", () => {
  it("the world is big enough to page through", () => {
    expect(everyLaunch.length).toBeGreaterThanOrEqual(50);
  });

  it("are disjoint and complete for random limits, tabs, sorts and kinds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LAUNCH_TABS),
        fc.option(fc.constantFrom(...LAUNCH_SORTS), { nil: undefined }),
        fc.option(fc.constantFrom("pairs", "collectibles", "all"), { nil: undefined }),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 100 })),
        // A cursor names its walk: sent alone, it goes on with the query that began it.
        fc.boolean(),
        async (tab, sort, kind, limit, cursorAlone) => {
          const base = `/v1/launches?tab=${tab}${sort ? `&sort=${sort}` : ""}${kind ? `&kind=${kind}` : ""}`;
          const pages = await launchPages(base, limit, cursorAlone);
          const addresses = pages.flat().map((row) => row.address);
          expect(new Set(addresses).size, "a launch appeared on two pages").toBe(addresses.length);
          // Every page but the last (which may be short or empty) is full.
          for (const page of pages.slice(0, -1)) expect(page.length).toBe(limit);
          const expected = everyLaunch.filter((row) => expectedIn(tab, kind, row)).map((row) => row.address);
          expect([...addresses].sort()).toEqual([...expected].sort());
          // The order does not depend on the page size.
          const whole = (await launchPages(base, 100)).flat().map((row) => row.address);
          expect(addresses).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("trade pages", () => {
  it("follow `before` without repeating or skipping a trade", async () => {
    const traded = everyLaunch.filter((row) => row.trades24 > 0 || row.status !== "activeBonding");
    expect(traded.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: traded.length - 1 }),
        fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 200 })),
        async (index, limit) => {
          const launch = traded[index].address;
          const { pages, cursors } = await tradePages(launch, limit);
          const trades = pages.flat();
          const keys = trades.map((trade) => `${trade.slot}:${trade.seq}`);
          expect(new Set(keys).size, "a trade appeared twice").toBe(keys.length);
          for (const trade of trades) expect(trade.launch).toBe(launch);
          // Strictly newest first, across page boundaries too.
          for (let i = 1; i < trades.length; i++) {
            const [a, b] = [trades[i - 1], trades[i]];
            expect(a.slot > b.slot || (a.slot === b.slot && a.seq > b.seq), `${keys[i - 1]} before ${keys[i]}`).toBe(true);
          }
          // A full page may have older rows; a short page reached the start.
          pages.forEach((page, i) => {
            if (page.length < limit) expect(cursors[i]).toBeNull();
            if (cursors[i] !== null) expect(cursors[i]).toBe(`${page.at(-1).slot}:${page.at(-1).seq}`);
          });
          // Nothing skipped: the same tape as the fewest, largest pages.
          const whole = (await tradePages(launch, 200)).pages.flat().map((trade) => `${trade.slot}:${trade.seq}`);
          expect(keys).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a cursor between two trades of one slot continues inside that slot", async () => {
    // Two buys land in the same slot (seq 0 and 1 of it): paging one by one must split them.
    const launch = seeded.population.launches.find((candidate) => candidate.status === "activeBonding")!;
    const [first, second] = seeded.population.traders;
    for (const [trader, amount] of [
      [first!, 1_000_000n],
      [second!, 2_000_000n],
    ] as const) {
      const result = seeded.devnet.send(await signCurveBuy(seeded.devnet, trader, launch, amount));
      expect(result.landed && result.transaction.ok).toBe(true);
    }
    const { pages, cursors } = await tradePages(launch.address, 1);
    const [newest, older] = [pages[0]![0], pages[1]![0]];
    expect(newest.slot).toBe(older.slot);
    expect(newest.seq).toBeGreaterThan(older.seq);
    expect(newest.trader).toBe(second!.address);
    expect(older.trader).toBe(first!.address);
    expect(cursors[0]).toBe(`${newest.slot}:${newest.seq}`);
    // Any cursor the rule's pattern admits (20 and 10 digits) is honoured: a seq past every
    // trade's means the whole slot, a slot past every slot's the whole tape.
    const trades = async (before: string) => (await get(seeded.app, `/v1/launches/${launch.address}/trades?before=${before}`)).body;
    const wholeSlot = await trades(`${newest.slot}:9999999999`);
    expect(wholeSlot.trades[0]).toEqual(newest);
    expect(await trades(`${newest.slot}:2147483648`)).toEqual(wholeSlot);
    const wholeTape = await trades("99999999999999999999:9999999999");
    expect(wholeTape).toEqual(await trades(`18446744073709551615:0`));
    expect(wholeTape.trades[0]).toEqual(newest);
  });
});
