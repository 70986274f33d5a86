import type { Address, KeyPairSigner, Transaction } from "@solana/kit";
import { signInstructions } from "../chain/sign-instructions.ts";
import { type LaunchStatus, findLaunchMintPda, findLaunchPda } from "../programs/index.ts";
import type { GenesisWorld } from "./genesis-world.ts";
import { HistoryTrader } from "./history-trader.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunch } from "./launch-factory.ts";
import { creatorSigner, fundCreator, fundKeeper, fundTrader, keeperSigner, traderSigners } from "./world-actors.ts";
import { type LaunchMetadata, type PlannedLaunch, planWorld } from "./world-plan.ts";
import type { LaunchRef } from "./world-transactions.ts";
import { signMigrateStep } from "./world-transactions.ts";
import { DEFAULT_HISTORY_HOURS, DEFAULT_LAUNCH_COUNT } from "./population-defaults.ts";

export type { LaunchMetadata } from "./world-plan.ts";

export interface PopulateOptions {
  /** How many launches the world holds; default 60. */
  readonly launchCount?: number;
  /** How far back the simulated past reaches; default 6 virtual hours. */
  readonly historyHours?: number;
  /** Hears each launch's off-chain metadata right after its creation landed (the simulator hands it to the read model). */
  readonly onMetadata?: (launch: Address, metadata: LaunchMetadata) => void;
}

export { DEFAULT_HISTORY_HOURS, DEFAULT_LAUNCH_COUNT };

export interface PopulatedLaunch extends LaunchRef {
  readonly index: number;
  readonly symbol: string;
  readonly name: string;
  readonly creator: Address;
  /** The status the history leaves the launch in. */
  readonly status: LaunchStatus;
  readonly metadata: LaunchMetadata;
}

export interface Population {
  readonly launches: readonly PopulatedLaunch[];
  /** The history's traders, who go on trading as the activity bots. */
  readonly traders: readonly KeyPairSigner[];
  readonly keeper: KeyPairSigner;
  /** Launches left in graduationPending or migrating on purpose, as exhibits: the keeper leaves them be. */
  readonly parked: ReadonlySet<Address>;
}

interface Described extends Population {
  readonly plan: readonly PlannedLaunch[];
  readonly creators: ReadonlyMap<number, KeyPairSigner>;
}

/**
 * The population `populateWorld` creates for this world and these options, without
 * touching the chain: addresses, roles and the plan. A restarted simulator uses it to find
 * its traders, keeper and exhibits again.
 */
export async function describePopulation(world: GenesisWorld, options: PopulateOptions = {}): Promise<Described> {
  const seed = world.devnet.seed;
  const plan = planWorld(seed, {
    launchCount: options.launchCount ?? DEFAULT_LAUNCH_COUNT,
    historySeconds: Math.round((options.historyHours ?? DEFAULT_HISTORY_HOURS) * 3600),
    components: world.components.map((component) => component.listing),
  });
  const creatorIndexes = [...new Set(plan.map((launch) => launch.creatorIndex))];
  const creators = new Map(await Promise.all(creatorIndexes.map(async (i) => [i, await creatorSigner(seed, i)] as const)));
  const launches = await Promise.all(
    plan.map(async (planned): Promise<PopulatedLaunch> => {
      const creator = creators.get(planned.creatorIndex)!.address;
      const [address] = await findLaunchPda({ creator, seed: planned.creatorSeq });
      const [mint] = await findLaunchMintPda({ launch: address });
      return {
        index: planned.index,
        address,
        mint,
        componentMints: planned.components.map((component) => world.component(component.symbol).mint),
        symbol: planned.symbol,
        name: planned.name,
        creator,
        status: planned.status,
        metadata: planned.metadata,
      };
    }),
  );
  const parked = new Set(
    launches.filter((launch) => launch.status === "graduationPending" || launch.status === "migrating").map((launch) => launch.address),
  );
  return { plan, creators, launches, parked, traders: await traderSigners(seed), keeper: await keeperSigner(seed) };
}

type HistoryEvent = { at: number; order: number; launch: number; run: () => Promise<void> };

/**
 * Creates the world's launches and their past: every launch is created at its point of a
 * simulated past (default the last 6 virtual hours), traded on its curve, and some sold
 * out and migrated, so that lists, trade tapes, candles and 24 h windows have history and
 * every status is present. Deterministic: the same seed gives the same launches, the same
 * addresses and the same trades. Lands everything with `send` while moving the clock, so
 * call it before slot listeners are attached (they would make the clock step slot by slot).
 */
export async function populateWorld(world: GenesisWorld, options: PopulateOptions = {}): Promise<Population> {
  const { devnet } = world;
  const described = await describePopulation(world, options);
  const { plan, launches, traders, keeper, creators } = described;
  fundKeeper(world, keeper);
  for (const creator of creators.values()) fundCreator(world, creator);
  for (const trader of traders) await fundTrader(world, trader);

  const land = (transaction: Transaction, what: string) => {
    const result = devnet.send(transaction);
    if (!result.landed || !result.transaction.ok) {
      const detail = result.landed
        ? `${JSON.stringify(result.transaction.error)}\n${result.transaction.logs.join("\n")}`
        : JSON.stringify(result.error);
      throw new Error(`populating the world: ${what} failed: ${detail}`);
    }
  };
  const history = new HistoryTrader(devnet, traders, land);
  await Promise.all(plan.map((planned) => history.prefetch(planned, launches[planned.index]!)));
  const events: HistoryEvent[] = plan.flatMap((planned) => {
    const launch = launches[planned.index]!;
    const creator = creators.get(planned.creatorIndex)!;
    return [
      { at: planned.createdAt, order: 0, launch: planned.index, run: () => createLaunch(world, planned, launch, creator, land, options) },
      ...planned.tradesAt.map((at, j) => ({ at, order: 1, launch: planned.index, run: () => history.trade(planned, launch, j) })),
      ...(planned.completedAt === null
        ? []
        : [{ at: planned.completedAt, order: 2, launch: planned.index, run: () => history.complete(planned, launch) }]),
      ...planned.migrationsAt.map((at, step) => ({
        at,
        order: 3 + step,
        launch: planned.index,
        run: async () => land(await signMigrateStep(devnet, keeper, launch, step), `migration step ${step} of ${launch.symbol}`),
      })),
    ];
  });
  events.sort((a, b) => a.at - b.at || a.launch - b.launch || a.order - b.order);

  const start = devnet.now().unixMillis;
  for (const event of events) {
    const due = start + BigInt(event.at) * 1000n;
    const now = devnet.now().unixMillis;
    if (due > now) devnet.advanceSlots((due - now + BigInt(devnet.slotMillis) - 1n) / BigInt(devnet.slotMillis));
    await event.run();
  }
  const end = start + BigInt(Math.round((options.historyHours ?? DEFAULT_HISTORY_HOURS) * 3600)) * 1000n;
  const now = devnet.now().unixMillis;
  if (end > now) devnet.advanceSlots((end - now) / BigInt(devnet.slotMillis));
  return { launches, traders, keeper, parked: described.parked };
}

async function createLaunch(
  world: GenesisWorld,
  planned: PlannedLaunch,
  launch: PopulatedLaunch,
  creator: KeyPairSigner,
  land: (transaction: Transaction, what: string) => void,
  options: PopulateOptions,
): Promise<void> {
  const prepared = await prepareLaunch(world, {
    creator: creator.address,
    seed: planned.creatorSeq,
    symbol: planned.symbol,
    name: planned.name,
    uri: planned.metadata.imageUri,
    components: planned.components.map((component, i) => ({ mint: launch.componentMints[i]!, targetBps: component.targetBps })),
    dnaUnitLamportsE9: planned.dnaUnitLamportsE9,
    curve: { feeBps: planned.feeBps },
  });
  if (!prepared) throw new Error(`populating the world: ${planned.symbol} has an unpriced component`);
  const transaction = await signInstructions({
    feePayer: creator,
    instructions: [prepared.instruction],
    lifetime: world.devnet.latestBlockhash(),
    computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
  });
  land(transaction, `creating ${planned.symbol}`);
  options.onMetadata?.(launch.address, planned.metadata);
}
