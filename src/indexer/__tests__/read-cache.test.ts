import { generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../economics/index.ts";
import { type LaunchedLaunch, buyExactOut, launch, outcomeOf, trader } from "../../world/__tests__/world-fixture.ts";
import { ReadCache } from "../read-cache.ts";
import { type IndexedWorld, SOL, startIndexedWorld } from "./indexed-world.ts";

describe("ReadCache", () => {
  it("computes once per key, second and version, and forgets the oldest past its capacity", () => {
    const cache = new ReadCache(2);
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = cache.get("a", 1n, compute);
    expect(cache.get("a", 1n, compute)).toBe(first);
    expect(cache.get("a", 2n, compute)).not.toBe(first); // a new second
    cache.get("b", 2n, compute);
    cache.get("c", 2n, compute); // evicts "a" at second 2
    expect(computed).toBe(4);
    cache.invalidate();
    expect(cache.get("c", 2n, compute).n).toBe(5);
  });
});

describe("the read model's answers", () => {
  let indexed: IndexedWorld;
  let launched: LaunchedLaunch;

  beforeAll(async () => {
    indexed = await startIndexedWorld("read-cache", 2);
    const creator = await generateKeyPairSigner();
    await indexed.world.fund(creator.address, { lamports: 10n * SOL });
    launched = await launch(indexed.world, creator, { count: 2 });
  });

  it("are the same object until a transaction lands or time moves, then exactly a fresh computation", async () => {
    const { model, devnet, world } = indexed;
    const address = launched.accounts.launch;
    const row = model.getLaunch(address)!;
    const page = model.listLaunches({ mode: "paged", limit: 10, kind: "all", tab: "volume" });
    expect(model.getLaunch(address)).toBe(row);
    expect(model.listLaunches({ mode: "paged", limit: 10, kind: "all", tab: "volume" })).toBe(page);

    const wallet = await trader(world, launched, 10n ** 15n);
    expect(outcomeOf(await buyExactOut(world, wallet, launched, 10n ** 12n, U64_MAX))).toBe("ok");
    const after = model.getLaunch(address)!;
    expect(after).not.toBe(row);
    expect(after.trades24).toBe(row.trades24 + 1);
    expect(model.trades(address, { limit: 5 })!.trades).toHaveLength(1);

    devnet.advanceSlots(3); // 1.2 s: a new second
    const later = model.getLaunch(address)!;
    expect(later).not.toBe(after);
    expect(later.ageSeconds).toBeGreaterThan(after.ageSeconds);
  });
});
