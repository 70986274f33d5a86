import type { KeyPairSigner, Transaction } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import type { ClockReading } from "../chain/virtual-clock.ts";
import { NATIVE_MINT_ADDRESS, getCurveAccountDecoder } from "../programs/index.ts";
import { type ChainLaunch, readChainLaunches } from "./chain-launches.ts";
import type { GenesisWorld } from "./genesis-world.ts";
import { scaleAmount } from "./history-trader.ts";
import { seededInteger, seededUnit } from "./seeded-random.ts";
import { tokenBalance } from "./token-balance.ts";
import {
  associatedAccountOf,
  pairPoolOf,
  primaryAccountOf,
  signCurveBuy,
  signCurveSell,
  signPairSwap,
  signVenueSwap,
} from "./world-transactions.ts";

export interface ActivityBotsOptions {
  /** The bots' keys: the world's traders (seed-derived, funded by `populateWorld`). */
  readonly traders: readonly KeyPairSigner[];
  /** Expected actions per slot; default 0.9. */
  readonly intensity?: number;
  /** Slots between re-reads of the launch list from the chain; default 20. */
  readonly refreshEverySlots?: number;
  /** Where a failed action is reported; default console.warn. */
  readonly onError?: (error: unknown) => void;
}

const curveDecoder = getCurveAccountDecoder();
/** Above this progress bots sell a little more than they buy: the near-graduation exhibits stay near. */
const CROWDED_BPS = 9_000n;

/**
 * Deterministic traders that keep a world alive: at every slot they buy and sell on
 * bonding curves (basket launches' and raising collectibles'), swap on the SOL venues
 * (moving component prices) and on graduated launches' pair pools (a tradable
 * collectible's launch↔wSOL pool among them). Each decision is drawn from `seededUnit(seed, label-with-slot)`
 * and the chain's state, so a run in manual mode repeats exactly. Every action is a
 * signed transaction submitted with `devnet.submit`: it lands at the next slot, as any
 * client's would.
 */
export class ActivityBots {
  readonly #world: GenesisWorld;
  readonly #devnet: Devnet;
  readonly #options: ActivityBotsOptions;
  readonly #work = new Set<Promise<void>>();
  readonly #stop: () => void;
  #launches: ChainLaunch[] = [];
  #readAt = -1n;
  /** Actions submitted since start: tests and logs read it. */
  submitted = 0;

  constructor(world: GenesisWorld, options: ActivityBotsOptions) {
    if (options.traders.length === 0) throw new RangeError("activity bots need at least one trader");
    const intensity = options.intensity ?? 0.9;
    if (!(intensity >= 0 && intensity <= 4)) throw new RangeError(`intensity must be within 0..4, got ${intensity}`);
    this.#world = world;
    this.#devnet = world.devnet;
    this.#options = { ...options, intensity };
    this.#stop = this.#devnet.onSlot((now) => this.#tick(now));
  }

  /** Resolves once every action decided so far has been signed and submitted. */
  async whenIdle(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work]);
  }

  stop(): void {
    this.#stop();
  }

  #tick(now: ClockReading): void {
    const seed = this.#devnet.seed;
    const refreshEvery = BigInt(this.#options.refreshEverySlots ?? 20);
    if (this.#readAt < 0n || now.slot - this.#readAt >= refreshEvery) {
      this.#launches = readChainLaunches(this.#devnet);
      this.#readAt = now.slot;
    }
    // A Poisson-like count: floor(intensity) actions, plus one more with the remainder's chance.
    const intensity = this.#options.intensity!;
    const count = Math.floor(intensity) + (seededUnit(seed, `bots:${now.slot}:count`) < intensity % 1 ? 1 : 0);
    for (let a = 0; a < count; a++) {
      const label = `bots:${now.slot}:${a}`;
      const trader = this.#options.traders[seededInteger(seed, `${label}:trader`, 0, this.#options.traders.length - 1)]!;
      const kind = seededUnit(seed, `${label}:kind`);
      const action =
        kind < 0.6 ? this.#curveTrade(label, trader) : kind < 0.85 ? this.#venueSwap(label, trader) : this.#pairSwap(label, trader);
      this.#run(action);
    }
  }

  #run(action: Promise<Transaction | null>): void {
    const work = action
      .then((transaction) => {
        if (transaction && this.#devnet.submit(transaction).accepted) this.submitted += 1;
      })
      .catch((error: unknown) => (this.#options.onError ?? console.warn)(error))
      .finally(() => this.#work.delete(work));
    this.#work.add(work);
  }

  async #curveTrade(label: string, trader: KeyPairSigner): Promise<Transaction | null> {
    const seed = this.#devnet.seed;
    // Collectibles still raising trade on their curve too: a buy wraps SOL for the wSOL it deposits.
    const bonding = this.#launches.filter((launch) => launch.status === "activeBonding");
    if (bonding.length === 0) return this.#venueSwap(label, trader);
    const launch = bonding[seededInteger(seed, `${label}:launch`, 0, bonding.length - 1)]!;
    const curveAccount = this.#devnet.getAccount(launch.curve);
    if (!curveAccount) return null;
    const curve = curveDecoder.decode(curveAccount.data);
    if (curve.complete) return null;
    const holding = tokenBalance(this.#devnet, await primaryAccountOf(trader, launch));
    const progress = ((curve.inventoryInitial - curve.inventoryRemaining) * 10_000n) / curve.inventoryInitial;
    const buyChance = progress >= CROWDED_BPS ? 0.45 : 0.55;
    const size = seededUnit(seed, `${label}:size`);
    if (holding === 0n || seededUnit(seed, `${label}:direction`) < buyChance) {
      const amount = scaleAmount(curve.inventoryInitial, 0.0005 + 0.0035 * size);
      return signCurveBuy(this.#devnet, trader, launch, amount < curve.inventoryRemaining ? amount : curve.inventoryRemaining);
    }
    const amount = scaleAmount(holding, 0.2 + 0.6 * size);
    return amount > 0n ? signCurveSell(this.#devnet, trader, launch, amount) : null;
  }

  async #venueSwap(label: string, trader: KeyPairSigner): Promise<Transaction | null> {
    const seed = this.#devnet.seed;
    const components = this.#world.components;
    const component = components[seededInteger(seed, `${label}:component`, 0, components.length - 1)]!;
    const buy = seededUnit(seed, `${label}:direction`) < 0.5;
    const reserve = tokenBalance(this.#devnet, buy ? component.venue.vaultA : component.venue.vaultB);
    const amount = scaleAmount(reserve, 0.0005 + 0.0025 * seededUnit(seed, `${label}:size`));
    const source = await associatedAccountOf(trader.address, buy ? NATIVE_MINT_ADDRESS : component.mint);
    if (amount === 0n || tokenBalance(this.#devnet, source) < amount) return null;
    return signVenueSwap(this.#devnet, trader, component, buy ? "buy" : "sell", amount);
  }

  async #pairSwap(label: string, trader: KeyPairSigner): Promise<Transaction | null> {
    const seed = this.#devnet.seed;
    // A tradable collectible's one pool (launch ↔ wSOL) is its "pair pool" of component 0.
    const graduated = this.#launches.filter((launch) => launch.status === "graduated");
    if (graduated.length === 0) return this.#curveTrade(label, trader);
    const launch = graduated[seededInteger(seed, `${label}:launch`, 0, graduated.length - 1)]!;
    const index = seededInteger(seed, `${label}:pool`, 0, launch.componentMints.length - 1);
    const pool = await pairPoolOf(launch, index);
    const holding = tokenBalance(this.#devnet, await primaryAccountOf(trader, launch));
    const buy = holding === 0n || seededUnit(seed, `${label}:direction`) < 0.5;
    const reserve = tokenBalance(this.#devnet, buy ? pool.poolComponentVault : pool.poolPrimaryVault);
    let amount = scaleAmount(reserve, 0.001 + 0.004 * seededUnit(seed, `${label}:size`));
    if (!buy && amount > holding) amount = holding;
    const source = buy ? await associatedAccountOf(trader.address, launch.componentMints[index]!) : null;
    if (amount === 0n || (source !== null && tokenBalance(this.#devnet, source) < amount)) return null;
    return signPairSwap(this.#devnet, trader, launch, index, buy ? "buy" : "sell", amount);
  }
}
