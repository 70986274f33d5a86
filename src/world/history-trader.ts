import type { Address, KeyPairSigner, Transaction } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { type CurveAccount, findCurvePda, getCurveAccountDecoder } from "../programs/index.ts";
import { seededInteger, seededOrder, seededUnit } from "./seeded-random.ts";
import { tokenBalance } from "./token-balance.ts";
import type { PlannedLaunch } from "./world-plan.ts";
import { type LaunchRef, pairPoolOf, primaryAccountOf, signCurveBuy, signCurveSell, tradeAccountsOf } from "./world-transactions.ts";

const curveDecoder = getCurveAccountDecoder();

/** What the history trader reads of a plan: a basket launch's or a collectible's. */
export type HistoryPlan = Pick<PlannedLaunch, "index" | "progressBps" | "tradesAt" | "completedAt" | "migrationsAt">;
/** Before its planned completion a curve is never bought past 99%: only the completing buy ends it. */
const CEILING_BPS = 9_900n;
const CROWD_SIZE = 5;

/** `amount` scaled by `fraction` (0..~2), in integers. */
export function scaleAmount(amount: bigint, fraction: number): bigint {
  return (amount * BigInt(Math.floor(fraction * 1_000_000))) / 1_000_000n;
}

/**
 * Trades a launch's simulated past: each planned trade reads the curve and the traders'
 * holdings and decides a buy or a sell that walks the curve toward its planned progress.
 * Decisions come from the seed and the chain's state only, so they replay identically.
 */
export class HistoryTrader {
  readonly #curves = new Map<Address, Address>();

  constructor(
    private readonly devnet: Devnet,
    private readonly traders: readonly KeyPairSigner[],
    private readonly land: (transaction: Transaction, what: string) => void,
  ) {}

  /** A launch's own crowd: five of the traders, so that holders differ from launch to launch. */
  #crowd(planned: HistoryPlan): readonly KeyPairSigner[] {
    const seed = this.devnet.seed;
    return seededOrder(seed, this.traders, (trader) => `crowd:${planned.index}:${trader.address}`).slice(0, CROWD_SIZE);
  }

  /**
   * Derives every address the launch's history will use, all at once: PDA derivation is
   * mostly waiting on hashing, which overlaps when many run together.
   */
  async prefetch(planned: HistoryPlan, launch: LaunchRef): Promise<void> {
    await Promise.all([
      this.#curveOf(launch),
      ...this.#crowd(planned).map((trader) => tradeAccountsOf(trader, launch)),
      ...planned.migrationsAt.map((_, step) => pairPoolOf(launch, step)),
    ]);
  }

  async trade(planned: HistoryPlan, launch: LaunchRef, j: number): Promise<void> {
    const seed = this.devnet.seed;
    const crowd = this.#crowd(planned);
    const label = `history:${planned.index}:${j}`;
    const curve = await this.#curve(launch);
    const initial = curve.inventoryInitial;
    const sold = initial - curve.inventoryRemaining;
    // A launch that completes later climbs to 40–90% first; the completing buy does the rest.
    const goalBps = planned.completedAt === null ? planned.progressBps : 4_000 + seededInteger(seed, `${label}:goal`, 0, 5_000);
    const target = (initial * BigInt(goalBps)) / 10_000n;
    const room = (initial * CEILING_BPS) / 10_000n - sold;
    const last = j === planned.tradesAt.length - 1;
    const holders = await this.#holders(crowd, launch);

    if (holders.length > 0 && ((!last && seededUnit(seed, `${label}:kind`) < 0.28) || (last && target < sold) || room <= 0n)) {
      const holder = holders[seededInteger(seed, `${label}:seller`, 0, holders.length - 1)]!;
      const amount =
        last && target < sold
          ? min(sold - target, holder.balance)
          : scaleAmount(holder.balance, 0.15 + 0.5 * seededUnit(seed, `${label}:size`));
      if (amount > 0n) this.land(await signCurveSell(this.devnet, holder.trader, launch, amount), `a history sell of ${launch.address}`);
      return;
    }
    const remainingTrades = BigInt(planned.tradesAt.length - j);
    const need = target - sold;
    let amount = last ? need : scaleAmount(need > 0n ? need / remainingTrades : 0n, 0.4 + 1.2 * seededUnit(seed, `${label}:size`));
    amount = min(max(amount, initial / 20_000n), room);
    if (amount <= 0n || (last && need <= 0n)) return;
    const buyer = crowd[seededInteger(seed, `${label}:buyer`, 0, crowd.length - 1)]!;
    this.land(await signCurveBuy(this.devnet, buyer, launch, amount), `a history buy of ${launch.address}`);
  }

  /** The buy that sells out the curve (asking for more than is left; the program clamps it). */
  async complete(planned: HistoryPlan, launch: LaunchRef): Promise<void> {
    const curve = await this.#curve(launch);
    const crowd = this.#crowd(planned);
    const buyer = crowd[seededInteger(this.devnet.seed, `history:${planned.index}:completer`, 0, crowd.length - 1)]!;
    this.land(await signCurveBuy(this.devnet, buyer, launch, curve.inventoryRemaining + 1n), `selling out ${launch.address}`);
  }

  async #curveOf(launch: LaunchRef): Promise<Address> {
    let curve = this.#curves.get(launch.address);
    if (curve === undefined) this.#curves.set(launch.address, (curve = (await findCurvePda({ launch: launch.address }))[0]));
    return curve;
  }

  async #curve(launch: LaunchRef): Promise<CurveAccount> {
    const account = this.devnet.getAccount(await this.#curveOf(launch));
    if (!account) throw new Error(`launch ${launch.address} has no curve`);
    return curveDecoder.decode(account.data);
  }

  async #holders(crowd: readonly KeyPairSigner[], launch: LaunchRef) {
    const balances = await Promise.all(
      crowd.map(async (trader) => ({ trader, balance: tokenBalance(this.devnet, await primaryAccountOf(trader, launch)) })),
    );
    return balances.filter((holder) => holder.balance > 0n);
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);
