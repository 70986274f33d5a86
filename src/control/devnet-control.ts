import { randomUUID } from "node:crypto";
import type { Address } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction, getMintDecoder } from "@solana-program/token";
import type { Devnet, DevnetSnapshot } from "../chain/devnet.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import type { ClockMode } from "../chain/virtual-clock.ts";
import { U64_MAX, buyExactOut } from "../economics/index.ts";
import { curveStateOf } from "../economics/curve-state-of.ts";
import { type Failure, type Result, fail } from "../errors/result.ts";
import type { PriceSamplePoint } from "../indexer/price-sample-log.ts";
import type { ReadModel } from "../indexer/read-model.ts";
import {
  TOKEN_PROGRAM_ADDRESS,
  deriveMigrateAccounts,
  deriveTradeAccounts,
  describeProgramError,
  getBuyExactOutInstruction,
  getMigrateInstruction,
} from "../programs/index.ts";
import type { MarketReader } from "../trading/market-reader.ts";
import type { GenesisWorld } from "../world/genesis-world.ts";
import { CollectibleControl } from "./collectible-control.ts";
import { moveVenuePrice } from "./venue-price-mover.ts";

/** What a stream fault can be; the stream server implements them. */
export interface StreamFaults {
  resync(): void;
  closeSockets(): void;
  injectFault(fault: { kind: "drop" | "duplicate"; frames: number; kinds?: readonly string[] }): void;
  clearFaults(): void;
}

export interface DevnetControlOptions {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly reader: MarketReader;
  readonly stream?: StreamFaults;
  /** With a state directory the journal is the truth: going back to a snapshot would fork it. */
  readonly snapshotsAllowed: boolean;
  /** Told after a restore, once the clock is back: what was issued in the future undone (the trade desk's quotes). */
  readonly onRestored?: () => void;
  /**
   * Samples prices as the simulator's cadence does: journaled with a state directory, so a
   * restart samples at the same place among the landings (the read model's own is not).
   */
  readonly samplePrices: () => void;
}

/** A chain snapshot with where the read model's price samples fell up to it. */
interface ControlSnapshot {
  readonly chain: DevnetSnapshot;
  readonly priceSamples: readonly PriceSamplePoint[];
}

const refuse = (reason: string): Failure => fail("DEVNET_REFUSED", { reason });
/** Transaction faults armed and not yet applied, at most. */
export const MAX_ARMED_FAULTS = 100;

/** Snapshots kept at once; the oldest goes first. */
const MAX_SNAPSHOTS = 16;

/**
 * The `/devnet/` powers a simulator has and a real deployment does not: the faucet, the
 * clock, prices, forced graduation, collectibles pushed through their stages, snapshots
 * and faults. Expected refusals are returned
 * as catalogue errors.
 */
export class DevnetControl {
  readonly #snapshots = new Map<string, ControlSnapshot>();
  #counter = 0;
  /** Pushing a collectible through its stages: complete its curve, crank, release its card. */
  readonly collectibles: CollectibleControl;

  constructor(readonly options: DevnetControlOptions) {
    this.collectibles = new CollectibleControl(options.devnet, options.world);
  }

  clock() {
    const { devnet } = this.options;
    const now = devnet.now();
    const latest = devnet.latestBlockhash();
    return {
      mode: devnet.clockMode,
      slot: Number(now.slot),
      blockHeight: Number(now.blockHeight),
      unixTimestamp: Number(now.unixTimestamp),
      unixMillis: Number(now.unixMillis),
      blockhash: latest.blockhash as string,
      lastValidBlockHeight: Number(latest.lastValidBlockHeight),
    };
  }

  setClockMode(mode: ClockMode) {
    this.options.devnet.withClockMode(mode);
    return this.clock();
  }

  /** Moves virtual time; every transaction due on the way lands. */
  advance(request: { slots?: number; seconds?: number }) {
    const { devnet } = this.options;
    const landed = request.slots !== undefined ? devnet.advanceSlots(request.slots) : devnet.advanceSeconds(request.seconds ?? 0);
    return { ...this.clock(), landed: landed.length };
  }

  /** SOL by the faucet's power, or a component minted by the faucet into the wallet's token account. */
  async airdrop(request: {
    wallet: Address;
    lamports?: bigint;
    mint?: Address;
    amount?: bigint;
  }): Promise<Result<{ wallet: string; solLamports: string; mint: string | null; tokenAmount: string | null }>> {
    const { world, reader, devnet } = this.options;
    // Everything is checked before anything happens: a half-applied airdrop, or a journal
    // line the chain cannot apply on restart, is worse than a refusal.
    if (request.lamports !== undefined) {
      const held = devnet.getBalance(request.wallet);
      if (held + request.lamports > U64_MAX) {
        return refuse(`${request.wallet} holds ${held} lamports; ${request.lamports} more would pass the u64 maximum ${U64_MAX}`);
      }
    }
    if (request.mint !== undefined) {
      if (!world.components.some((component) => component.mint === request.mint)) {
        return fail("INVALID_BODY", { field: "mint", rule: "must be a component mint of this devnet (GET /v1/assets lists them)" });
      }
      // A token account never holds more than its mint's supply, so the supply bounds both.
      const supply = getMintDecoder().decode(devnet.getAccount(request.mint)!.data).supply;
      const amount = request.amount ?? 0n;
      if (supply + amount > U64_MAX) {
        return refuse(`mint ${request.mint} has a supply of ${supply}; minting ${amount} more would pass the u64 maximum ${U64_MAX}`);
      }
      // A random memo: the same airdrop twice in one slot is two mints, even across a restart.
      await world.fund(request.wallet, { components: [{ mint: request.mint, amount }], memo: `airdrop ${randomUUID()}` });
    }
    if (request.lamports !== undefined) {
      const airdropped = devnet.airdrop(request.wallet, request.lamports);
      if (!airdropped.ok) return airdropped;
    }
    const tokenAmount =
      request.mint === undefined ? null : reader.tokenBalance(await reader.tokenAccountOf(request.wallet, request.mint)).toString();
    return {
      ok: true,
      value: { wallet: request.wallet, solLamports: devnet.getBalance(request.wallet).toString(), mint: request.mint ?? null, tokenAmount },
    };
  }

  /** Moves a component's venue to a price, then samples prices so the read model and the stream see it. */
  async setPrice(
    mint: Address,
    priceSol: number,
  ): Promise<Result<{ mint: string; priceSol: number; lamportsReserve: string; componentReserve: string }>> {
    const moved = await moveVenuePrice(this.options.world, mint, priceSol);
    if (!moved.ok) return refuse(moved.reason);
    this.options.samplePrices();
    return {
      ok: true,
      value: { mint, priceSol, lamportsReserve: moved.lamportsReserve.toString(), componentReserve: moved.componentReserve.toString() },
    };
  }

  /**
   * Completes a launch's curve (the faucet buys what is left) and migrates every component,
   * with real transactions: the launch ends `graduated` with its pair pools. A collectible
   * is completed and cranked through every stage to its pool.
   */
  async graduate(launchAddress: Address): Promise<Result<{ launch: string; status: string }>> {
    const { devnet, world, reader } = this.options;
    const records = reader.launch(launchAddress);
    if (!records) return fail("LAUNCH_NOT_FOUND", { launch: launchAddress });
    if (records.launch.status === "graduated") return refuse(`launch ${launchAddress} has already graduated`);
    if (records.launch.kind === "collectibles") {
      // A collectible graduates through its own stages: its curve completed, then every crank step.
      const collectibles = this.collectibles;
      if (records.launch.status === "activeBonding") {
        const completed = await collectibles.complete(launchAddress);
        if (!completed.ok) return completed;
      }
      const cranked = await collectibles.crank(launchAddress, "all");
      if (!cranked.ok) return cranked;
      return { ok: true, value: { launch: launchAddress, status: reader.launch(launchAddress)!.launch.status } };
    }
    const { faucet } = world;
    const send = async (instructions: Parameters<typeof signInstructions>[0]["instructions"]) => {
      const result = devnet.send(
        await signInstructions({ feePayer: faucet, instructions, lifetime: devnet.latestBlockhash(), computeUnitLimit: 400_000 }),
      );
      return result.landed && result.transaction.ok;
    };
    const mints = records.curve.components.map((component) => component.mint);
    if (records.launch.status === "activeBonding") {
      // Exactly the components the rest of the inventory takes, minted to the faucet: checked
      // first against each mint's supply, which a client's airdrops may have taken near the
      // u64 maximum (minting past it would fail the funding transaction).
      const buyout = buyExactOut(curveStateOf(records.curve), records.curve.inventoryRemaining, U64_MAX, null);
      if (!buyout.ok) return refuse(`the curve refuses the buy that completes it: ${describeProgramError(buyout.error)}`);
      const needs = mints.map((mint, index) => ({ mint, amount: buyout.trade.componentAmounts[index]! }));
      for (const { mint, amount } of needs) {
        const supply = getMintDecoder().decode(devnet.getAccount(mint)!.data).supply;
        if (supply + amount > U64_MAX) {
          return refuse(
            `completing the curve takes ${amount} of mint ${mint}, whose supply of ${supply} cannot grow that much within the u64 maximum`,
          );
        }
      }
      await world.fund(faucet.address, { components: needs });
      const accounts = await deriveTradeAccounts(faucet.address, launchAddress, mints);
      const bought = await send([
        getCreateAssociatedTokenIdempotentInstruction({
          payer: faucet,
          ata: accounts.traderPrimaryAccount,
          owner: faucet.address,
          mint: accounts.primaryMint,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        }),
        getBuyExactOutInstruction({ ...accounts, amount: records.curve.inventoryRemaining, maxDnaIn: U64_MAX }),
      ]);
      if (!bought) return refuse("the curve refused the buy that completes it");
    }
    const launch = reader.launch(launchAddress)!.launch;
    for (const [index, mint] of mints.entries()) {
      if (launch.poolCreatedBits & (1 << index)) continue;
      const accounts = await deriveMigrateAccounts(launchAddress, mint);
      if (!(await send([getMigrateInstruction({ ...accounts, payer: faucet.address, componentIndex: index })]))) {
        return refuse(`migrating component ${index} of launch ${launchAddress} failed`);
      }
    }
    return { ok: true, value: { launch: launchAddress, status: reader.launch(launchAddress)!.launch.status } };
  }

  snapshot(): Result<{ id: string; slot: number }> {
    if (!this.options.snapshotsAllowed) return refuse("snapshots are off while a state directory journals the chain");
    const id = `s${++this.#counter}`;
    this.#snapshots.set(id, { chain: this.options.devnet.snapshot(), priceSamples: this.options.readModel.priceSamples() });
    if (this.#snapshots.size > MAX_SNAPSHOTS) this.#snapshots.delete(this.#snapshots.keys().next().value!);
    return { ok: true, value: { id, slot: Number(this.options.devnet.now().slot) } };
  }

  /** Back to a snapshot: the chain, time, statuses and the read model; stream clients get `resync`. */
  restore(id: string): Result<{ id: string; slot: number }> {
    if (!this.options.snapshotsAllowed) return refuse("snapshots are off while a state directory journals the chain");
    const snapshot = this.#snapshots.get(id);
    if (!snapshot) return fail("NOT_FOUND", { resource: "snapshot", id: JSON.stringify(id) });
    const { devnet, readModel, stream } = this.options;
    devnet.restore(snapshot.chain);
    // Faults armed since are for a future that did not happen: submissions', and the stream's
    // (whose frames would otherwise swallow the resync below).
    devnet.clearFaults();
    stream?.clearFaults();
    // The samples as they were then: a restore to an earlier snapshot since has dropped the later ones from the model.
    readModel.rebuild(devnet.landedTransactions(), snapshot.priceSamples);
    this.options.onRestored?.();
    stream?.resync();
    return { ok: true, value: { id, slot: Number(devnet.now().slot) } };
  }

  /**
   * The next submitted transaction (of `feePayer`, when named) is dropped (never lands) or
   * delayed. Faults queue up, oldest first; at most MAX_ARMED_FAULTS wait at once, so a client
   * arming them in a loop cannot leave every later submission of everyone dropped for good.
   */
  transactionFault(fault: ({ kind: "drop" } | { kind: "delay"; slots: number }) & { feePayer?: Address }): Result<{ armed: string }> {
    const { devnet } = this.options;
    if (devnet.armedFaults.length >= MAX_ARMED_FAULTS) {
      return refuse(
        `${MAX_ARMED_FAULTS} transaction faults are armed and not yet applied; clear them with DELETE /devnet/faults/transaction`,
      );
    }
    devnet.injectFault(fault);
    return { ok: true, value: { armed: fault.kind } };
  }

  /** Disarms every transaction fault not yet applied; answers how many there were. */
  clearTransactionFaults(): { cleared: number } {
    const cleared = this.options.devnet.armedFaults.length;
    this.options.devnet.clearFaults();
    return { cleared };
  }

  streamFault(
    fault: { kind: "drop" | "duplicate"; frames: number; kinds?: readonly string[] } | { kind: "resync" } | { kind: "close" },
  ): Result<{ applied: string }> {
    const { stream } = this.options;
    if (!stream) return refuse("this server has no stream attached");
    if (fault.kind === "resync") stream.resync();
    else if (fault.kind === "close") stream.closeSockets();
    else stream.injectFault(fault);
    return { ok: true, value: { applied: fault.kind } };
  }
}
