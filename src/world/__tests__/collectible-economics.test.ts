/**
 * The collectible model (src/economics/collectible-math.ts) predicts the chain exactly: for
 * generated raises (a few partial buys, then the buy that sells the curve out) and
 * generated terms (the pool's share, the listed price from below to above what the card's
 * share swaps to), the predicted fund, swap (or its refusal), acquisition and pool opening
 * equal what LiteSVM executed, to the lamport and the USDC base unit.
 */
import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import {
  type CurveState,
  U64_MAX,
  buyExactOut as predictBuyExactOut,
  collectiblePoolOpening,
  initialCurveState,
  listedPriceForBuffer,
  predictAcquisition,
  swapExactIn,
} from "../../economics/index.ts";
import { type ProgramEvent, decodeProgramEvents, deriveCollectibleMigrateAccounts } from "../../programs/index.ts";
import { type GenesisWorld, VENUE_FEE_BPS } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import { crank, createCollectibleLaunch, fullRaiseLamports, listCollectible, readCollectible, wrapSol } from "./collectible-fixture.ts";
import { buyExactOut, outcomeOf, startWorld } from "./world-fixture.ts";

const SOL = 1_000_000_000n;

let devnet: Devnet;
let world: GenesisWorld;
let creator: KeyPairSigner;
let buyer: KeyPairSigner;
let start: DevnetSnapshot;
/** What a default collectibles curve raises when sold out in one buy. */
let wholeRaise: bigint;
let runs = 0;

beforeAll(async () => {
  ({ devnet, world } = await startWorld("collectible-economics", 1));
  [creator, buyer] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  devnet.airdrop(creator.address, 100n * SOL);
  devnet.airdrop(buyer.address, 300n * SOL);
  await wrapSol(world, buyer, 250n * SOL);
  const probe = devnet.snapshot();
  wholeRaise = fullRaiseLamports(await createCollectibleLaunch(world, creator, 99n));
  devnet.restore(probe);
  start = devnet.snapshot();
});

function eventsOf(result: SendResult | null): readonly ProgramEvent[] {
  if (result === null || !result.landed || !result.transaction.ok) throw new Error(`crank failed: ${result && outcomeOf(result)}`);
  return decodeProgramEvents(result.transaction.logs);
}

const stageEvent = (events: readonly ProgramEvent[]) => {
  const found = events.find((event) => event.kind === "collectibleStage");
  if (found?.kind !== "collectibleStage") throw new Error("no collectibleStage event");
  return found;
};

const raise = fc.record({
  /** Partial buys before the sell-out, in thousandths of the inventory still unsold. */
  partials: fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 3 }),
  poolShareBps: fc.integer({ min: 500, max: 5_000 }),
  /** The listed price's buffer below the card share's worth; negative lists above it (the swap is refused). */
  bufferBps: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 1_500 }), weight: 4 },
    { arbitrary: fc.integer({ min: -500, max: -1 }), weight: 1 },
  ),
});

describe("the collectible model against the chain", () => {
  it("predicts fund, swap, acquire and the pool opening exactly, for generated raises and terms", async () => {
    await fc.assert(
      fc.asyncProperty(raise, async ({ partials, poolShareBps, bufferBps }) => {
        devnet.restore(start);
        // A fresh blockhash per run: a buy identical to an earlier run's would be AlreadyProcessed.
        devnet.advanceSlots(++runs);
        const venue = world.component("USDC").venue;
        const reserves = {
          wsolReserve: tokenBalance(devnet, venue.vaultA),
          usdcReserve: tokenBalance(devnet, venue.vaultB),
          feeBps: VENUE_FEE_BPS,
        };
        const poolLamports = (wholeRaise * BigInt(poolShareBps)) / 10_000n;
        const worth = swapExactIn(reserves.wsolReserve, reserves.usdcReserve, wholeRaise - poolLamports, VENUE_FEE_BPS, 0n);
        if (!worth.ok) throw new Error("the venue prices the card share");
        const listedPriceUsdc =
          bufferBps >= 0 ? listedPriceForBuffer(worth.amountOut, bufferBps) : (worth.amountOut * BigInt(10_000 - bufferBps)) / 10_000n;
        const terms = { listedPriceUsdc, targetLamports: wholeRaise, poolLamports };
        const listed = await listCollectible(world, creator, 1n, terms);

        // The raise, predicted buy by buy on the curve model.
        let state: CurveState = initialCurveState(listed.launched.curve, listed.launched.quantities);
        let deposited = 0n;
        // Thousandths of what is left, then one more than what is left: the sell-out, clamped.
        const asks = [
          ...partials.map((thousandths) => (left: bigint) => (left * BigInt(thousandths)) / 1_000n),
          (left: bigint) => left + 1n,
        ];
        for (const ask of asks) {
          const amount = ask(state.inventoryRemaining);
          if (amount === 0n) continue;
          const predicted = predictBuyExactOut(state, amount, U64_MAX, null);
          if (!predicted.ok) throw new Error(`buy predicted refused: ${predicted.error}`);
          expect(outcomeOf(await buyExactOut(world, buyer, listed.launched, amount, U64_MAX))).toBe("ok");
          deposited += predicted.trade.componentAmounts[0]!;
          state = predicted.next;
        }
        expect(state.complete).toBe(true);
        const predicted = predictAcquisition(deposited, terms, reserves);

        const fund = stageEvent(eventsOf(await crank(world, creator, listed)));
        expect(fund.fundedLamports).toBe(deposited);
        const swap = await crank(world, creator, listed);
        if (!predicted.ok) {
          expect(outcomeOf(swap!)).toBe(predicted.error);
          expect(readCollectible(devnet, listed).stage).toBe("swapping");
          return;
        }
        const swapped = stageEvent(eventsOf(swap));
        const acquired = stageEvent(eventsOf(await crank(world, creator, listed)));
        const { fundedLamports, wsolIn, usdcOut, spentUsdc, surplusUsdc } = acquired;
        expect({ ok: true, fundedLamports, wsolIn, usdcOut, spentUsdc, surplusUsdc }).toEqual(predicted);
        expect([swapped.wsolIn, swapped.usdcOut]).toEqual([predicted.wsolIn, predicted.usdcOut]);
        eventsOf(await crank(world, creator, listed));
        const pool = await deriveCollectibleMigrateAccounts(listed.launched.accounts.launch);
        expect({
          launchReserve: tokenBalance(devnet, pool.poolPrimaryVault),
          wsolReserve: tokenBalance(devnet, pool.poolComponentVault),
        }).toEqual(collectiblePoolOpening(listed.launched.curve.migrationInventory, poolLamports));
      }),
      {
        numRuns: 20,
        // Both ends are always visited: a swap refused below the price, and a raise in several buys.
        examples: [
          [{ partials: [], poolShareBps: 2_000, bufferBps: -100 }],
          [{ partials: [300, 600], poolShareBps: 2_000, bufferBps: 800 }],
        ],
      },
    );
  });
});
