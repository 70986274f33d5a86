import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

/**
 * A trade tape's prices, as the specification states them: the page's `dnaUnitSol` is "the
 * unit every priceE12 is in", and "multiply priceE12 by dnaUnitSol to get SOL" (with the
 * 10^12 scale of its name). So every trade's `priceSol` on a page converts by the page's one
 * unit, whenever the trade landed, and follows the unit when prices move.
 */
let seeded: SeededApi;

beforeAll(async () => {
  seeded = await startSeededApi({ control: true });
});
afterAll(async () => seeded?.app.close());

/** Relative difference, 0 for two zeros. */
const apart = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));

/** Every tape page of the launches listed first, checked against its own unit; returns how many trades were judged. */
async function expectPagesInTheirUnit(): Promise<number> {
  // Paged mode: the legacy list may be 3 s old.
  const { body: list } = await get(seeded.app, "/v1/launches?tab=new&limit=100");
  let judged = 0;
  for (const row of list.launches) {
    const { status, body } = await get(seeded.app, `/v1/launches/${row.address}/trades?limit=200`);
    expect(status).toBe(200);
    if (body.dnaUnitSol === null || body.trades.length === 0) continue;
    for (const trade of body.trades) {
      const expected = (Number(trade.priceE12) / 1e12) * body.dnaUnitSol;
      expect(apart(trade.priceSol, expected), `${row.symbol} ${trade.signature}`).toBeLessThan(1e-9);
      judged++;
    }
    // The newest trade priced the launch last: its price is the row's, in the row's unit.
    const newest = body.trades[0];
    if (newest.priceE12 === row.priceE12) expect(apart(newest.priceSol, row.priceSol)).toBeLessThan(1e-9);
  }
  return judged;
}

describe("a trade tape's prices", () => {
  it("are each the trade's priceE12 in the page's dnaUnitSol, for trades from every part of the history", async () => {
    expect(await expectPagesInTheirUnit()).toBeGreaterThan(100);
  });

  it("follow the unit when a component's price moves, and the trade's SOL value stays what it was", async () => {
    const { body: list } = await get(seeded.app, "/v1/launches?limit=100");
    const row = list.launches.find((launch: any) => launch.dnaUnitSol !== null && launch.trades24 > 0);
    const before = (await get(seeded.app, `/v1/launches/${row.address}/trades?limit=5`)).body;
    const { mint, priceSol } = row.recipeTarget.components[0];
    const moved = await seeded.app.inject({ method: "POST", url: "/devnet/prices", payload: { mint, priceSol: priceSol * 1.5 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await get(seeded.app, `/v1/launches/${row.address}/trades?limit=5`)).body;
    expect(after.dnaUnitSol).toBeGreaterThan(before.dnaUnitSol);
    expect(after.trades.map((trade: any) => trade.signature)).toEqual(before.trades.map((trade: any) => trade.signature));
    for (const [i, trade] of after.trades.entries()) {
      expect(trade.priceSol).toBeGreaterThan(before.trades[i].priceSol);
      expect(trade.solLamports).toBe(before.trades[i].solLamports);
    }
    await expectPagesInTheirUnit();
  });
});
