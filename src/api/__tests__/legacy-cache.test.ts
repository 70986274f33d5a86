import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signCurveBuy } from "../../world/world-transactions.ts";
import { LEGACY_CACHE_MILLIS } from "../routes/launches/legacy-launch-cache.ts";
import { type SeededApi, get, startSeededApi } from "./seeded-api.ts";

/**
 * The legacy `GET /v1/launches` answer is cached for 3 s of wall-clock time per query: the
 * same answer within 3 s even after the world moved, a fresh one from the 3rd second on.
 * The virtual clock never moves here: the cache ages with real time, not chain time.
 */
let seeded: SeededApi;
let wallMillis = 1_000_000;

beforeAll(async () => {
  seeded = await startSeededApi({ launchCount: 12, wallClock: () => wallMillis });
});
afterAll(async () => seeded?.app.close());

const rowOf = (body: any, address: string) => body.launches.find((row: any) => row.address === address);

async function buy(amount: bigint) {
  const launch = seeded.population.launches.find((candidate) => candidate.status === "activeBonding")!;
  const result = seeded.devnet.send(await signCurveBuy(seeded.devnet, seeded.population.traders[0]!, launch, amount));
  expect(result.landed && result.transaction.ok).toBe(true);
  return launch.address;
}

describe("the legacy list cache", () => {
  it("answers the same within 3 s and afresh after", async () => {
    expect(LEGACY_CACHE_MILLIS).toBe(3_000);
    const first = (await get(seeded.app, "/v1/launches?limit=100")).body;
    const launch = await buy(5_000_000_000n);
    const slotBefore = seeded.devnet.now().slot;

    wallMillis += 2_999;
    const cached = (await get(seeded.app, "/v1/launches?limit=100")).body;
    expect(cached).toEqual(first);

    // Other questions are not answered from that entry: another limit, or paged mode.
    const otherKey = (await get(seeded.app, "/v1/launches?limit=99")).body;
    expect(rowOf(otherKey, launch).curveInventoryRemaining).not.toBe(rowOf(first, launch).curveInventoryRemaining);
    const paged = (await get(seeded.app, "/v1/launches?tab=new&limit=100")).body;
    expect(rowOf(paged, launch).curveInventoryRemaining).not.toBe(rowOf(first, launch).curveInventoryRemaining);

    wallMillis += 1;
    const fresh = (await get(seeded.app, "/v1/launches?limit=100")).body;
    expect(rowOf(fresh, launch).curveInventoryRemaining).toBe(rowOf(otherKey, launch).curveInventoryRemaining);
    expect(seeded.devnet.now().slot).toBe(slotBefore);

    // The fresh answer is now the cached one, for its own 3 seconds.
    await buy(7_000_000_000n);
    wallMillis += 2_000;
    expect((await get(seeded.app, "/v1/launches?limit=100")).body).toEqual(fresh);
    wallMillis += 1_000;
    expect((await get(seeded.app, "/v1/launches?limit=100")).body).not.toEqual(fresh);
  });

  it("keys on status and kind too", async () => {
    wallMillis += 10_000;
    const all = (await get(seeded.app, "/v1/launches?limit=100")).body;
    const bonding = (await get(seeded.app, "/v1/launches?limit=100&status=activeBonding")).body;
    const pairs = (await get(seeded.app, "/v1/launches?limit=100&kind=pairs")).body;
    expect(bonding.launches.every((row: any) => row.status === "activeBonding")).toBe(true);
    expect(bonding.launches.length).toBeLessThan(all.launches.length);
    expect(pairs.launches.every((row: any) => row.kind === "pairs")).toBe(true);
    expect(all.nextCursor).toBeUndefined();
  });
});
