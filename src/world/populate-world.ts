import type { Address, KeyPairSigner, Transaction } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { signInstructions } from "../chain/sign-instructions.ts";
import {
  COLLECTIBLE_STAGES,
  type CollectibleStage,
  type LaunchKind,
  type LaunchStatus,
  NATIVE_MINT_ADDRESS,
  deriveCollectibleAccounts,
  findAssociatedTokenAddress,
  findLaunchMintPda,
  findLaunchPda,
  getReleaseCardInstruction,
} from "../programs/index.ts";
import { cardCatalogue } from "./card-catalogue.ts";
import { readChainCollectible } from "./chain-launches.ts";
import { listCardInstruction, cardTerms, mintCardInstructions, prepareCollectible } from "./collectible-factory.ts";
import { signCollectibleCrank } from "./collectible-keeper.ts";
import { type PlannedCollectible, defaultCollectibleCount, planCollectibles } from "./collectible-plan.ts";
import type { GenesisWorld } from "./genesis-world.ts";
import { HistoryTrader } from "./history-trader.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunch } from "./launch-factory.ts";
import {
  type CardDesk,
  cardDeskSigners,
  creatorSigner,
  fundCardDesk,
  fundCreator,
  fundKeeper,
  fundTrader,
  keeperSigner,
  traderSigners,
} from "./world-actors.ts";
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
  /** How many collectibles (graded cards) the world holds besides; default `defaultCollectibleCount(launchCount)`. */
  readonly collectibleCount?: number;
  /** Hears each launch's off-chain metadata right after its creation landed (the simulator hands it to the read model). */
  readonly onMetadata?: (launch: Address, metadata: LaunchMetadata) => void;
}

export { DEFAULT_HISTORY_HOURS, DEFAULT_LAUNCH_COUNT };

export interface PopulatedLaunch extends LaunchRef {
  readonly index: number;
  readonly symbol: string;
  readonly name: string;
  readonly creator: Address;
  readonly kind: LaunchKind;
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
  readonly collectibles: readonly PlannedCollectible[];
  readonly desk: CardDesk;
}

/** The launch status a collectible's stage goes with. */
const STATUS_OF_STAGE: Record<CollectibleStage, LaunchStatus> = {
  raising: "activeBonding",
  funding: "graduationPending",
  swapping: "migrating",
  acquiring: "migrating",
  pooling: "migrating",
  tradable: "graduated",
};

/**
 * The population `populateWorld` creates for this world and these options, without
 * touching the chain: addresses, roles and the plan. A restarted simulator uses it to find
 * its traders, keeper and exhibits again.
 */
export async function describePopulation(world: GenesisWorld, options: PopulateOptions = {}): Promise<Described> {
  const seed = world.devnet.seed;
  const launchCount = options.launchCount ?? DEFAULT_LAUNCH_COUNT;
  const historySeconds = Math.round((options.historyHours ?? DEFAULT_HISTORY_HOURS) * 3600);
  const plan = planWorld(seed, { launchCount, historySeconds, components: world.components.map((component) => component.listing) });
  const collectibles = planCollectibles(seed, {
    count: options.collectibleCount ?? defaultCollectibleCount(launchCount, historySeconds),
    historySeconds,
    catalogue: cardCatalogue(seed),
    historyIndexBase: launchCount,
  });
  const desk = await cardDeskSigners(seed);
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
        kind: "pairs",
        status: planned.status,
        metadata: planned.metadata,
      };
    }),
  );
  const collectibleLaunches = await Promise.all(
    collectibles.map(async (planned): Promise<PopulatedLaunch> => {
      const [address] = await findLaunchPda({ creator: desk.issuer.address, seed: planned.creatorSeq });
      const [mint] = await findLaunchMintPda({ launch: address });
      return {
        index: planned.historyIndex,
        address,
        mint,
        componentMints: [NATIVE_MINT_ADDRESS],
        symbol: planned.symbol,
        name: planned.name,
        creator: desk.issuer.address,
        kind: "collectibles",
        status: STATUS_OF_STAGE[planned.stage],
        metadata: planned.metadata,
      };
    }),
  );
  // Exhibits of every stage between a sold-out curve and an open pool stay put: neither keeper touches them.
  const parked = new Set(
    [...launches, ...collectibleLaunches]
      .filter((launch) => launch.status === "graduationPending" || launch.status === "migrating")
      .map((launch) => launch.address),
  );
  return {
    plan,
    creators,
    collectibles,
    desk,
    launches: [...launches, ...collectibleLaunches],
    parked,
    traders: await traderSigners(seed),
    keeper: await keeperSigner(seed),
  };
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
  const { plan, launches, traders, keeper, creators, collectibles, desk } = described;
  fundKeeper(world, keeper);
  for (const creator of creators.values()) fundCreator(world, creator);
  for (const trader of traders) await fundTrader(world, trader);
  if (collectibles.length > 0) await fundCardDesk(world, desk);

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
  const collectibleLaunch = (planned: PlannedCollectible) => launches[plan.length + planned.index]!;
  await Promise.all(
    collectibles.map((planned) => history.prefetch({ ...planned, index: planned.historyIndex }, collectibleLaunch(planned))),
  );
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
  for (const planned of collectibles) {
    const launch = collectibleLaunch(planned);
    const traded = { ...planned, index: planned.historyIndex };
    events.push(
      {
        at: planned.createdAt,
        order: 0,
        launch: planned.historyIndex,
        run: () => createCollectible(world, desk, planned, launch, land, options),
      },
      ...planned.tradesAt.map((at, j) => ({ at, order: 1, launch: planned.historyIndex, run: () => history.trade(traded, launch, j) })),
      ...(planned.completedAt === null
        ? []
        : [{ at: planned.completedAt, order: 2, launch: planned.historyIndex, run: () => history.complete(traded, launch) }]),
      ...planned.cranksAt.map((at, step) => ({
        at,
        order: 3 + step,
        launch: planned.historyIndex,
        run: () => crankCollectible(world, keeper, launch, COLLECTIBLE_STAGES[step + 1]!, land),
      })),
      ...(planned.releasedAt === null
        ? []
        : [{ at: planned.releasedAt, order: 8, launch: planned.historyIndex, run: () => releaseCard(world, desk, launch, land) }]),
    );
  }
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

/** The card minted to the dealer, the collectible launch created by the issuer, the card listed: three transactions in one slot. */
async function createCollectible(
  world: GenesisWorld,
  desk: CardDesk,
  planned: PlannedCollectible,
  launch: PopulatedLaunch,
  land: (transaction: Transaction, what: string) => void,
  options: PopulateOptions,
): Promise<void> {
  const { devnet } = world;
  const minted = await mintCardInstructions(world, desk.dealer, planned.card);
  land(
    await signInstructions({
      feePayer: desk.dealer,
      signers: minted.signers,
      instructions: minted.instructions,
      lifetime: devnet.latestBlockhash(),
    }),
    `minting the card of ${planned.symbol}`,
  );
  const terms = cardTerms(world, planned.card);
  const prepared = await prepareCollectible({
    issuer: desk.issuer.address,
    seed: planned.creatorSeq,
    symbol: planned.symbol,
    name: planned.name,
    uri: planned.metadata.imageUri,
    feeBps: planned.feeBps,
    terms,
  });
  if (prepared.accounts.launch !== launch.address) throw new Error(`populating the world: ${planned.symbol} is not at its planned address`);
  land(
    await signInstructions({
      feePayer: desk.issuer,
      instructions: [prepared.instruction],
      lifetime: devnet.latestBlockhash(),
      computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
    }),
    `creating ${planned.symbol}`,
  );
  options.onMetadata?.(launch.address, planned.metadata);
  land(
    await signInstructions({
      feePayer: desk.issuer,
      signers: [desk.dealer],
      instructions: [await listCardInstruction(world, desk, launch.address, planned.card, terms)],
      lifetime: devnet.latestBlockhash(),
      computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
    }),
    `listing the card of ${planned.symbol}`,
  );
}

/** The keeper's crank step that takes the collectible to `expected`; the history fails loudly if another step is due. */
async function crankCollectible(
  world: GenesisWorld,
  keeper: KeyPairSigner,
  launch: PopulatedLaunch,
  expected: CollectibleStage,
  land: (transaction: Transaction, what: string) => void,
): Promise<void> {
  const collectible = readChainCollectible(world.devnet, (await deriveCollectibleAccounts(launch.address)).collectible);
  const signed = collectible && (await signCollectibleCrank(world.devnet, keeper, collectible));
  if (!signed) throw new Error(`populating the world: ${launch.symbol} has no crank step due toward ${expected}`);
  land(signed.transaction, `the ${signed.crank} step of ${launch.symbol} (toward ${expected})`);
}

/** The custodian takes the card out of the vault into its own account: a redemption, so the vault shows a card no longer held. */
async function releaseCard(
  world: GenesisWorld,
  desk: CardDesk,
  launch: PopulatedLaunch,
  land: (transaction: Transaction, what: string) => void,
): Promise<void> {
  const accounts = await deriveCollectibleAccounts(launch.address);
  const record = readChainCollectible(world.devnet, accounts.collectible);
  if (!record) throw new Error(`populating the world: ${launch.symbol} has no collectible record`);
  const [destination] = findAssociatedTokenAddress(desk.custodian.address, record.record.cardMint);
  land(
    await signInstructions({
      feePayer: desk.custodian,
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: desk.custodian,
          ata: destination,
          owner: desk.custodian.address,
          mint: record.record.cardMint,
        }),
        getReleaseCardInstruction({
          custodian: desk.custodian.address,
          launch: launch.address,
          collectible: accounts.collectible,
          custody: accounts.custody,
          destination,
        }),
      ],
      lifetime: world.devnet.latestBlockhash(),
    }),
    `releasing the card of ${launch.symbol}`,
  );
}
