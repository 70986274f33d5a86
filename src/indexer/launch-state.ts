import type { LaunchCreatedEvent, LaunchKind, LaunchStatus } from "../programs/index.ts";
import { HolderBook } from "./holder-book.ts";
import { RollingWindow } from "./rolling-window.ts";
import { TradeTape } from "./trade-tape.ts";

/** Off-chain metadata of a launch (what build-create took that the chain does not hold). */
export interface LaunchMetadata {
  description: string;
  website: string | null;
  x: string | null;
  telegram: string | null;
  category: string;
  imageUri: string;
  /** The whole name, when it is longer than the 64 bytes the chain keeps (build-create takes 64 characters). */
  name?: string;
}

/** A component of a launch's recipe, as the create event fixed it. */
export interface RecipeComponent {
  readonly mint: string;
  /** Component base units per 10^9 DNA units. */
  readonly quantity: bigint;
  readonly targetBps: number;
  readonly decimals: number;
}

/** A pair pool of a graduated (or migrating) launch, with its live reserves. */
export interface PairPool {
  readonly pool: string;
  readonly mint: string;
  /** Launch tokens the migration step moved from the migration vault into the pool. */
  readonly migratedPrimary: bigint;
  primaryReserve: bigint;
  componentReserve: bigint;
}

/**
 * Everything the read model knows about one launch: the create event's fixed fields, and
 * what trades, status changes and migration steps have changed since. Derived figures
 * (prices, USD values) are computed on read from this and the price book.
 */
export class LaunchState {
  readonly address: string;
  readonly mint: string;
  readonly creator: string;
  readonly kind: LaunchKind;
  readonly decimals: number;
  readonly feeBps: number;
  readonly creatorFeeShareBps: number;
  readonly totalSupply: bigint;
  readonly curveInventory: bigint;
  readonly migrationInventory: bigint;
  readonly initialVirtualPrimary: bigint;
  readonly initialVirtualDna: bigint;
  /** Lamports per 10^9 DNA units the creator asked for. */
  readonly requestedDnaUnitLamportsE9: bigint;
  readonly createdAt: bigint;
  readonly symbol: string;
  /** The name the chain holds: at most 64 bytes in UTF-8. */
  readonly chainName: string;
  readonly uri: string;
  readonly components: readonly RecipeComponent[];
  /** Creation order across launches, from 0: the tiebreak of "newest". */
  readonly ordinal: number;
  /** Each component's realised share at the venue prices when the launch was indexed. */
  readonly launchBps: readonly number[];

  /** The launch's name: the creator's whole name from the metadata, else the chain's. */
  get name(): string {
    return this.metadata?.name ?? this.chainName;
  }

  /**
   * Counts the changes of everything a record of this launch shows (its tape, reserves,
   * status, pair pools, metadata): answers derived from it are cached against it.
   */
  revision = 0;
  status: LaunchStatus = "activeBonding";
  /**
   * True once the curve's reserve has left it: a collectible's raise, released to buy its
   * card when it is funded. Its liquidity is then none until its pool opens.
   */
  curveReserveReleased = false;
  metadata: LaunchMetadata | null = null;
  virtualPrimary: bigint;
  virtualDna: bigint;
  /** Σ of the creator's fee share over every trade, in DNA units. */
  creatorFeeDna = 0n;
  migrationStartedAt: bigint | null = null;
  migrationFinalizedAt: bigint | null = null;
  poolCreatedBits = 0;
  /** By recipe index; undefined until that component's pair pool exists. */
  readonly pairPools: (PairPool | undefined)[];

  readonly tape = new TradeTape();
  readonly window = new RollingWindow();
  readonly holders = new HolderBook();

  constructor(event: LaunchCreatedEvent, ordinal: number, launchBps: readonly number[]) {
    this.address = event.launch;
    this.mint = event.mint;
    this.creator = event.creator;
    this.kind = event.launchKind;
    this.decimals = event.decimals;
    this.feeBps = event.feeBps;
    this.creatorFeeShareBps = event.creatorFeeShareBps;
    this.totalSupply = event.totalSupply;
    this.curveInventory = event.curveInventory;
    this.migrationInventory = event.migrationInventory;
    this.initialVirtualPrimary = event.virtualPrimary;
    this.initialVirtualDna = event.virtualDna;
    this.requestedDnaUnitLamportsE9 = event.dnaUnitLamportsE9;
    this.createdAt = event.createdAt;
    this.symbol = event.symbol;
    this.chainName = event.name;
    this.uri = event.uri;
    this.components = event.components.map((component) => ({
      mint: component.mint,
      quantity: component.quantity,
      targetBps: component.targetBps,
      decimals: component.decimals,
    }));
    this.ordinal = ordinal;
    this.launchBps = launchBps;
    this.virtualPrimary = event.virtualPrimary;
    this.virtualDna = event.virtualDna;
    this.pairPools = event.components.map(() => undefined);
  }

  /** Launch base units still for sale: the curve's virtual reserve falls one for one with sales. */
  get inventoryRemaining(): bigint {
    const sold = this.initialVirtualPrimary - this.virtualPrimary;
    return sold >= this.curveInventory ? 0n : this.curveInventory - sold;
  }

  /** DNA units the curve holds (paid in, not paid out): its virtual reserve's rise. */
  get realDna(): bigint {
    return this.virtualDna - this.initialVirtualDna;
  }

  /** Migration inventory not yet moved into a pair pool. */
  get lockedReserve(): bigint {
    let moved = 0n;
    for (const pool of this.pairPools) if (pool) moved += pool.migratedPrimary;
    return moved >= this.migrationInventory ? 0n : this.migrationInventory - moved;
  }

  /** Every pair pool exists. */
  get graduated(): boolean {
    return this.status === "graduated";
  }

  /** The pair pools created so far, in recipe order. */
  get createdPairPools(): PairPool[] {
    return this.pairPools.filter((pool): pool is PairPool => pool !== undefined);
  }
}
