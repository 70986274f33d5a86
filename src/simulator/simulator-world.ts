import { address } from "@solana/kit";
import { Devnet, type LandedTransaction } from "../chain/devnet.ts";
import { DEFAULT_SLOT_MILLIS } from "../chain/virtual-clock.ts";
import { type LaunchMetadata, ReadModel, type ReadModelOptions } from "../indexer/read-model.ts";
import { GenesisWorld } from "../world/genesis-world.ts";
import { mediaUri, tokenLogoFile } from "../world/media-library.ts";
import { type Population, describePopulation, populateWorld } from "../world/populate-world.ts";
import type { JournalMeta } from "./journal-entry.ts";
import { ReplayClock, replayJournal } from "./replay-state.ts";
import { DEFAULT_SEED, type ResolvedSimulatorOptions } from "./simulator-options.ts";
import { type OpenedState, StateJournal } from "./state-journal.ts";

/** The chain, its world and its read model, built fresh or rebuilt from a state directory. */
export interface SimulatorWorld {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly population: Population;
  readonly journal: StateJournal | null;
  /** True when the world came back from a state directory. */
  readonly recovered: boolean;
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
  let opened: OpenedState | null = options.stateDir === undefined ? null : StateJournal.open(options.stateDir);
  if (opened && opened.journal.length > 0 && !opened.populated) {
    // The last run died while building its world, before serving anything: build it again.
    options.log(`state directory ${options.stateDir} holds an unfinished world; building it again`);
    opened.journal.close();
    StateJournal.clear(options.stateDir!);
    opened = StateJournal.open(options.stateDir!);
  }
  if (opened?.meta) return recover(options, opened, opened.meta, mediaBaseUrl);
  return create(options, opened?.journal ?? null, mediaBaseUrl);
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
  });
}

/**
 * Journals every metadata write before the read model takes it — the world's own and
 * those of launches created through the API — so a restart serves them again.
 */
function journalMetadata(readModel: ReadModel, devnet: Devnet, journal: StateJournal | null): void {
  if (!journal) return;
  const setMetadata = readModel.setMetadata.bind(readModel);
  readModel.setMetadata = (launch: string, metadata: LaunchMetadata) => {
    journal.append({ k: "metadata", slot: Number(devnet.now().slot), launch, metadata });
    setMetadata(launch, metadata);
  };
}

function sampler(readModel: ReadModel, devnet: Devnet, journal: StateJournal | null): () => void {
  return () => {
    journal?.append({ k: "prices", slot: Number(devnet.now().slot) });
    readModel.samplePrices();
  };
}

async function create(options: ResolvedSimulatorOptions, journal: StateJournal | null, mediaBaseUrl: string): Promise<SimulatorWorld> {
  const seed = options.seed ?? DEFAULT_SEED;
  const followsWallClock = options.genesisTime === "now";
  // Following the wall clock, slot 0 lies one history before now: the seeded past ends at
  // the moment the server starts, never after it.
  const genesisUnixTimestamp = followsWallClock
    ? BigInt(Math.floor(Date.now() / 1000) - Math.round(options.historyHours * 3600))
    : (options.genesisTime as bigint);
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
    journal.attach(devnet);
  }
  // Genesis lands before the read model can exist (it needs the component mints): keep
  // the backlog, then fold it in order, so the venues are indexed like everything after.
  const backlog: LandedTransaction[] = [];
  let readModel: ReadModel | null = null;
  devnet.onLanded((landed) => (readModel ? readModel.ingest(landed) : backlog.push(landed)));
  const world = await GenesisWorld.create(devnet);
  const model = readModelFor(world, () => devnet.now(), options.solUsd, mediaBaseUrl);
  for (const landed of backlog) model.ingest(landed);
  readModel = model;
  journalMetadata(model, devnet, journal);
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
  return { devnet, world, readModel: model, population, journal, recovered: false, followsWallClock, samplePrices };
}

async function recover(
  options: ResolvedSimulatorOptions,
  opened: OpenedState,
  meta: JournalMeta,
  mediaBaseUrl: string,
): Promise<SimulatorWorld> {
  const { journal, checkpoint } = opened;
  if (options.seed !== undefined && options.seed !== meta.seed) {
    journal.close();
    throw new RangeError(
      `state directory ${options.stateDir} holds the world of seed ${meta.seed}, not ${options.seed}: name another directory or drop --seed`,
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
  journal.attach(devnet);
  journalMetadata(readModel, devnet, journal);
  const { launches, traders, keeper } = await describePopulation(world, { launchCount: meta.launchCount, historyHours: meta.historyHours });
  // The exhibits as the journal recorded them, not as today's plan would compute them.
  const parked = new Set((opened.populated?.parked ?? []).map((launch) => address(launch)));
  const population: Population = { launches, traders, keeper, parked };
  options.log(
    `resumed ${options.stateDir}: ${replay.lines} journal lines, ${replay.recalled} transactions from the checkpoint, ` +
      `${replay.replayed} lines replayed, slot ${devnet.now().slot}, in ${Math.round(performance.now() - started)} ms`,
  );
  return {
    devnet,
    world,
    readModel,
    population,
    journal,
    recovered: true,
    followsWallClock: meta.wallClock === true,
    samplePrices: sampler(readModel, devnet, journal),
  };
}
