import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { address } from "@solana/kit";
import { Devnet, type LandedTransaction } from "../chain/devnet.ts";
import { DEFAULT_SLOT_MILLIS } from "../chain/virtual-clock.ts";
import { type LaunchMetadata, ReadModel, type ReadModelOptions } from "../indexer/read-model.ts";
import { cardCatalogue } from "../world/card-catalogue.ts";
import { GenesisWorld } from "../world/genesis-world.ts";
import { mediaUri, tokenLogoFile } from "../world/media-library.ts";
import { type Population, type PopulatedLaunch, describePopulation, populateWorld } from "../world/populate-world.ts";
import { keeperSigner, traderSigners } from "../world/world-actors.ts";
import type { JournalMeta } from "./journal-entry.ts";
import { ReplayClock, replayJournal } from "./replay-state.ts";
import { DEFAULT_SEED, type ResolvedSimulatorOptions } from "./simulator-options.ts";
import { CHECKPOINT_FILE, JOURNAL_FILE, type OpenedState, StateJournal } from "./state-journal.ts";
import { POPULATION_FILE, WALL_CLOCK_GENESIS_BUCKET_SECONDS, WorldCache, type WorldIdentity, worldCacheKey } from "./world-cache.ts";

/** Where the served world came from: built by transactions, loaded from the world cache, or resumed from the state directory. */
export type WorldSource = "built" | "cache" | "state-dir";

/** The chain, its world and its read model, built fresh or rebuilt from a state directory. */
export interface SimulatorWorld {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly population: Population;
  readonly journal: StateJournal | null;
  /** True when the world came back from a state directory. */
  readonly recovered: boolean;
  readonly source: WorldSource;
  /** Wall milliseconds spent building or loading the world. */
  readonly millis: number;
  /** True when genesis follows the wall clock (`genesisTime: "now"`): the clock catches up before serving. */
  readonly followsWallClock: boolean;
  /** Samples the venue prices into the read model (journaled first). */
  samplePrices(): void;
}

/**
 * Builds the world the simulator serves. With a state directory that holds a finished
 * world, rebuilds it (chain from checkpoint + journal, read model from the journal);
 * otherwise creates it from the seed (genesis, then `populateWorld`), journaling every
 * change from the first airdrop on when a directory is given.
 */
export async function buildSimulatorWorld(options: ResolvedSimulatorOptions, mediaBaseUrl: string): Promise<SimulatorWorld> {
  const started = performance.now();
  const world = await buildOrLoad(options, mediaBaseUrl);
  return { ...world, millis: performance.now() - started };
}

type Built = Omit<SimulatorWorld, "millis">;

async function buildOrLoad(options: ResolvedSimulatorOptions, mediaBaseUrl: string): Promise<Built> {
  let opened: OpenedState | null = options.stateDir === undefined ? null : StateJournal.open(options.stateDir);
  if (opened && opened.journal.length > 0 && !opened.populated) {
    // The last run died while building its world, before serving anything: build it again.
    options.log(`state directory ${options.stateDir} holds an unfinished world; building it again`);
    opened.journal.close();
    StateJournal.clear(options.stateDir!);
    opened = StateJournal.open(options.stateDir!);
  }
  if (opened?.meta) return recover(options, opened, opened.meta, mediaBaseUrl, `resumed ${options.stateDir}`);
  if (options.worldCache === null) return create(options, opened?.journal ?? null, mediaBaseUrl, genesisOf(options, false));
  // A new state directory starts from the cached world (or gives the cache the world it built).
  return fromCache(options, options.worldCache, mediaBaseUrl, opened);
}

/**
 * Slot 0 in unix seconds: pinned, or one history before now. A cached wall-clock world floors
 * it to WALL_CLOCK_GENESIS_BUCKET_SECONDS so starts close together share one world (the
 * history then ends a little before now, and the clock catches up over empty slots).
 */
function genesisOf(options: ResolvedSimulatorOptions, cached: boolean): bigint {
  if (options.genesisTime !== "now") return options.genesisTime;
  // Following the wall clock, slot 0 lies one history before now: the seeded past ends at
  // the moment the server starts, never after it.
  const genesis = BigInt(Math.floor(Date.now() / 1000) - Math.round(options.historyHours * 3600));
  return cached ? genesis - (genesis % WALL_CLOCK_GENESIS_BUCKET_SECONDS) : genesis;
}

/** True when a journal's meta line describes the world `identity` names. */
function describes(meta: JournalMeta, identity: WorldIdentity): boolean {
  return (
    meta.seed === identity.seed &&
    meta.launchCount === identity.launchCount &&
    meta.historyHours === identity.historyHours &&
    meta.solUsd === identity.solUsd &&
    meta.genesisUnixTimestamp === identity.genesisUnixTimestamp.toString() &&
    meta.slotMillis === identity.slotMillis &&
    (meta.wallClock === true) === identity.wallClock
  );
}

/**
 * The world from the cache when it holds it, rebuilt by the state directory's recovery path
 * (chain from the checkpoint, read model from the journal); otherwise built by transactions
 * with a journal into a fresh entry, which is published once the world is complete. A damaged
 * or mismatched entry is deleted and the world built again. With a new state directory
 * (`fresh`), a hit is copied into it and resumed from there, and a world built into it is
 * copied into the cache.
 */
async function fromCache(options: ResolvedSimulatorOptions, root: string, mediaBaseUrl: string, fresh: OpenedState | null): Promise<Built> {
  const cache = new WorldCache(root, options.log);
  const genesisUnixTimestamp = genesisOf(options, true);
  const identity: WorldIdentity = {
    seed: options.seed ?? DEFAULT_SEED,
    launchCount: options.launchCount,
    historyHours: options.historyHours,
    solUsd: options.solUsd,
    genesisUnixTimestamp,
    slotMillis: DEFAULT_SLOT_MILLIS,
    wallClock: options.genesisTime === "now",
  };
  const key = worldCacheKey(identity);
  const stateDir = fresh ? options.stateDir! : null;
  const hit = cache.lookup(key);
  if (hit !== null) {
    let opened: OpenedState | null = null;
    try {
      if (fresh && stateDir !== null) {
        fresh.journal.close();
        for (const file of [JOURNAL_FILE, CHECKPOINT_FILE]) copyFileSync(join(hit, file), join(stateDir, file));
      }
      opened = StateJournal.open(stateDir ?? hit);
      if (!opened.meta || !opened.populated || !describes(opened.meta, identity)) throw new Error("its journal holds another world");
      const launches = JSON.parse(readFileSync(join(hit, POPULATION_FILE), "utf8")) as PopulatedLaunch[];
      const label = `world from cache ${key}${stateDir === null ? "" : ` into ${stateDir}`}`;
      // A state directory goes on journaling from the copied world; a cache entry is only read.
      const loaded = await recover(options, opened, opened.meta, mediaBaseUrl, label, { attach: stateDir !== null, launches });
      if (stateDir === null) opened.journal.close();
      return { ...loaded, recovered: false, source: "cache" };
    } catch (error) {
      opened?.journal.close();
      options.log(
        `world cache entry ${key} unusable (${error instanceof Error ? error.message : String(error)}); building the world again`,
      );
      cache.discard(key);
      if (stateDir !== null) {
        StateJournal.clear(stateDir);
        fresh = StateJournal.open(stateDir);
      }
    }
  }
  if (fresh && stateDir !== null) {
    const built = await create(options, fresh.journal, mediaBaseUrl, genesisUnixTimestamp);
    // The state directory now holds the finished world, checkpointed: the cache gets a copy.
    const building = cache.begin(key);
    if (building !== null) {
      try {
        for (const file of [JOURNAL_FILE, CHECKPOINT_FILE]) copyFileSync(join(stateDir, file), join(building, file));
        writeFileSync(join(building, POPULATION_FILE), JSON.stringify(built.population.launches));
        cache.publish(key, building);
      } catch (error) {
        cache.abandon(building);
        options.log(`world cache entry ${key} not written: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return built;
  }
  const building = cache.begin(key);
  if (building === null) return create(options, null, mediaBaseUrl, genesisUnixTimestamp);
  let journal: StateJournal | null = null;
  try {
    journal = StateJournal.open(building).journal;
    const built = await create(options, journal, mediaBaseUrl, genesisUnixTimestamp, { keepJournal: false });
    journal.close();
    journal = null;
    writeFileSync(join(building, POPULATION_FILE), JSON.stringify(built.population.launches));
    cache.publish(key, building);
    return built;
  } catch (error) {
    journal?.close();
    cache.abandon(building);
    throw error;
  }
}

/** The read model of `world`: its components listed with their logos, its faucet's pools as venues. */
export function readModelFor(world: GenesisWorld, now: ReadModelOptions["now"], solUsd: number, mediaBaseUrl: string): ReadModel {
  return new ReadModel({
    now,
    solUsd,
    components: world.components.map((component) => ({
      mint: component.mint,
      symbol: component.listing.symbol,
      name: component.listing.name,
      decimals: component.listing.decimals,
      logoUri: mediaUri(tokenLogoFile(component.listing.symbol)),
      category: component.listing.category,
    })),
    venueAuthority: world.faucet.address,
    mediaBaseUrl,
    cards: cardCatalogue(world.devnet.seed),
  });
}

/**
 * Journals every metadata write before the read model takes it — the world's own and
 * those of launches created through the API — so a restart serves them again.
 */
function journalMetadata(readModel: ReadModel, devnet: Devnet, journal: StateJournal | null): () => void {
  if (!journal) return () => {};
  const setMetadata = readModel.setMetadata;
  readModel.setMetadata = (launch: string, metadata: LaunchMetadata) => {
    journal.append({ k: "metadata", slot: Number(devnet.now().slot), launch, metadata });
    setMetadata.call(readModel, launch, metadata);
  };
  // Undone, the read model's own method serves again (a cache entry's journal ends with the world).
  return () => {
    readModel.setMetadata = setMetadata;
  };
}

function sampler(readModel: ReadModel, devnet: Devnet, journal: StateJournal | null): () => void {
  return () => {
    journal?.append({ k: "prices", slot: Number(devnet.now().slot) });
    readModel.samplePrices();
  };
}

/**
 * The first setting the caller named that the state directory's world was not made with, or
 * null: a directory keeps the world it holds, and silently serving it in place of the one
 * asked for (another SOL price, a pinned genesis) would mislead whoever asked.
 */
function conflictWithDirectory(
  options: ResolvedSimulatorOptions,
  meta: JournalMeta,
): { readonly option: string; readonly holds: string; readonly asked: string } | null {
  const { named } = options;
  if (options.seed !== undefined && options.seed !== meta.seed)
    return { option: "--seed", holds: `seed ${meta.seed}`, asked: options.seed };
  if (named.launchCount !== undefined && named.launchCount !== meta.launchCount)
    return { option: "--launches", holds: `${meta.launchCount} launches`, asked: String(named.launchCount) };
  if (named.historyHours !== undefined && named.historyHours !== meta.historyHours)
    return { option: "--history-hours", holds: `${meta.historyHours} history hours`, asked: String(named.historyHours) };
  if (named.solUsd !== undefined && named.solUsd !== meta.solUsd)
    return { option: "--sol-usd", holds: `SOL at ${meta.solUsd} USD`, asked: String(named.solUsd) };
  if (named.genesisTime !== undefined) {
    const holds = meta.wallClock === true ? "now" : meta.genesisUnixTimestamp;
    const asked = String(named.genesisTime);
    if (asked !== holds) return { option: "--genesis-time", holds: `genesis time ${holds}`, asked };
  }
  return null;
}

/**
 * Builds the seed's world by transactions. With a journal, every change is journaled and a
 * checkpoint written once the world is complete; `keepJournal: false` (a world cache entry)
 * stops journaling there, so what the server does later is not written into the entry.
 */
async function create(
  options: ResolvedSimulatorOptions,
  journal: StateJournal | null,
  mediaBaseUrl: string,
  genesisUnixTimestamp: bigint,
  { keepJournal = true }: { keepJournal?: boolean } = {},
): Promise<Built> {
  const seed = options.seed ?? DEFAULT_SEED;
  const followsWallClock = options.genesisTime === "now";
  const devnet = Devnet.start({ seed, realtimeSlotMillis: options.slotMs, genesisUnixTimestamp });
  if (journal) {
    const meta: JournalMeta = {
      k: "meta",
      v: 1,
      seed,
      slotMillis: DEFAULT_SLOT_MILLIS,
      genesisUnixTimestamp: genesisUnixTimestamp.toString(),
      launchCount: options.launchCount,
      historyHours: options.historyHours,
      solUsd: options.solUsd,
      ...(followsWallClock ? { wallClock: true } : {}),
    };
    journal.append(meta);
  }
  const detach = journal?.attach(devnet) ?? (() => {});
  // Genesis lands before the read model can exist (it needs the component mints): keep
  // the backlog, then fold it in order, so the venues are indexed like everything after.
  const backlog: LandedTransaction[] = [];
  let readModel: ReadModel | null = null;
  devnet.onLanded((landed) => (readModel ? readModel.ingest(landed) : backlog.push(landed)));
  const world = await GenesisWorld.create(devnet, { solUsd: options.solUsd });
  const model = readModelFor(world, () => devnet.now(), options.solUsd, mediaBaseUrl);
  for (const landed of backlog) model.ingest(landed);
  readModel = model;
  const unjournalMetadata = journalMetadata(model, devnet, journal);
  const samplePrices = sampler(model, devnet, journal);
  samplePrices();
  const population = await populateWorld(world, {
    launchCount: options.launchCount,
    historyHours: options.historyHours,
    onMetadata: (launch, metadata) => model.setMetadata(launch, metadata),
  });
  samplePrices();
  if (journal) {
    journal.append({ k: "populated", slot: Number(devnet.now().slot), parked: [...population.parked] });
    // The history is the bulk of a young journal: a restart should not re-execute it.
    journal.checkpoint(devnet);
  }
  if (journal && !keepJournal) {
    detach();
    unjournalMetadata();
    return {
      devnet,
      world,
      readModel: model,
      population,
      journal: null,
      recovered: false,
      source: "built",
      followsWallClock,
      samplePrices: sampler(model, devnet, null),
    };
  }
  return { devnet, world, readModel: model, population, journal, recovered: false, source: "built", followsWallClock, samplePrices };
}

async function recover(
  options: ResolvedSimulatorOptions,
  opened: OpenedState,
  meta: JournalMeta,
  mediaBaseUrl: string,
  label: string,
  {
    attach = true,
    launches: knownLaunches,
  }: {
    attach?: boolean;
    /** The launches as `describePopulation` gives them, when already known (a cache entry keeps them). */
    launches?: readonly PopulatedLaunch[];
  } = {},
): Promise<Built> {
  const { journal, checkpoint } = opened;
  const conflict = attach ? conflictWithDirectory(options, meta) : null;
  if (conflict !== null) {
    journal.close();
    throw new RangeError(
      `state directory ${options.stateDir} holds the world of ${conflict.holds}, not ${conflict.asked}: name another directory or drop ${conflict.option}`,
    );
  }
  const started = performance.now();
  const devnet = Devnet.start({
    seed: meta.seed,
    slotMillis: meta.slotMillis,
    genesisUnixTimestamp: BigInt(meta.genesisUnixTimestamp),
    realtimeSlotMillis: options.slotMs,
  });
  const world = await GenesisWorld.attach(devnet);
  const clock = new ReplayClock(devnet, BigInt(meta.genesisUnixTimestamp));
  clock.at(0n);
  const readModel = readModelFor(world, clock.now, meta.solUsd, mediaBaseUrl);
  const replay = replayJournal(journal, checkpoint, devnet, readModel, clock);
  if (replay.mismatches.length > 0) {
    options.log(`warning: ${replay.mismatches.length} journaled transactions replayed differently (first: ${replay.mismatches[0]})`);
  }
  devnet.onLanded((landed) => readModel.ingest(landed));
  // A cache entry is read, never written: the server's own changes are not the cached world's.
  const kept = attach ? journal : null;
  kept?.attach(devnet);
  journalMetadata(readModel, devnet, kept);
  const { launches, traders, keeper } = knownLaunches
    ? { launches: knownLaunches, traders: await traderSigners(meta.seed), keeper: await keeperSigner(meta.seed) }
    : await describePopulation(world, { launchCount: meta.launchCount, historyHours: meta.historyHours });
  // The exhibits as the journal recorded them, not as today's plan would compute them.
  const parked = new Set((opened.populated?.parked ?? []).map((launch) => address(launch)));
  const population: Population = { launches, traders, keeper, parked };
  options.log(
    `${label}: ${replay.lines} journal lines, ${replay.recalled} transactions from the checkpoint, ` +
      `${replay.replayed} lines replayed, slot ${devnet.now().slot}, in ${Math.round(performance.now() - started)} ms`,
  );
  return {
    devnet,
    world,
    readModel,
    population,
    journal: kept,
    recovered: true,
    source: "state-dir",
    followsWallClock: meta.wallClock === true,
    samplePrices: sampler(readModel, devnet, kept),
  };
}
