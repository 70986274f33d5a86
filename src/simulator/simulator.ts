import type { FastifyInstance } from "fastify";
import { buildApp } from "../api/app.ts";
import { BugSwitchboard } from "../bugs/bug-switchboard.ts";
import type { Devnet } from "../chain/devnet.ts";
import { spanCrosses } from "../chain/slot-span.ts";
import type { ReadModel } from "../indexer/read-model.ts";
import { DevnetControl } from "../control/devnet-control.ts";
import { attachStream } from "../stream/attach-stream.ts";
import type { StreamServer } from "../stream/stream-server.ts";
import { type RpcEndpoints, startRpcEndpoints } from "../rpc/rpc-endpoints.ts";
import { STREAM_PATH } from "../stream/stream-options.ts";
import { ActivityBots } from "../world/activity-bots.ts";
import type { GenesisWorld } from "../world/genesis-world.ts";
import { MediaLibrary } from "../world/media-library.ts";
import { MigrationKeeper } from "../world/migration-keeper.ts";
import type { Population } from "../world/populate-world.ts";
import { type PortReservation, failureSentence, reservePort, urlHost } from "./listen-address.ts";
import { queuedEntryOf } from "./journal-entry.ts";
import { type StateDirLock, lockStateDir } from "./state-dir-lock.ts";
import { type ResolvedSimulatorOptions, type SimulatorOptions, resolveSimulatorOptions } from "./simulator-options.ts";
import { tradingFor } from "./simulator-trading.ts";
import { type WorldSource, buildSimulatorWorld } from "./simulator-world.ts";

export type { SimulatorOptions } from "./simulator-options.ts";
export type { WorldSource } from "./simulator-world.ts";

/** Slots between price samples (10 s of virtual time): the `prices` frame's cadence. */
export const PRICE_SAMPLE_SLOTS = 25n;
/** A checkpoint is written once this many journal lines wait, or after CHECKPOINT_EVERY_MS. */
const CHECKPOINT_EVERY_LINES = 5_000;
const CHECKPOINT_EVERY_MS = 60_000;

/** Moves `devnet`'s clock forward to the wall clock's time, if it is behind. */
export function catchUpWithWallClock(devnet: Devnet): void {
  const behind = BigInt(Date.now()) - devnet.now().unixMillis;
  if (behind >= BigInt(devnet.slotMillis)) devnet.advanceSlots(behind / BigInt(devnet.slotMillis));
}

/** A running simulator: the chain, its world and read model, and the HTTP + WebSocket server. */
export interface Simulator {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly population: Population;
  readonly app: FastifyInstance;
  readonly bots: ActivityBots | null;
  readonly keeper: MigrationKeeper;
  readonly options: ResolvedSimulatorOptions;
  /** e.g. http://127.0.0.1:8790 */
  readonly baseUrl: string;
  /** e.g. ws://127.0.0.1:8790/v1/stream */
  readonly streamUrl: string;
  /** True when the world was rebuilt from the state directory. */
  readonly recovered: boolean;
  /** Where the world came from: `built` by transactions, loaded from the world `cache`, or resumed from the `state-dir`. */
  readonly worldSource: WorldSource;
  /** Wall milliseconds spent building or loading the world. */
  readonly worldMillis: number;
  /** The injected bugs (`injectBugs`): switch the active modes with `bugs.activate(names)`; null when started without. */
  readonly bugs: BugSwitchboard | null;
  /** The Solana JSON-RPC and its PubSub (see src/rpc/); null when started without (`rpcPort: null`). */
  readonly rpc: RpcEndpoints | null;
  /** Stops the clock, the bots, the keeper and the server; writes a last checkpoint. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the whole simulator: a Devnet with the seed's genesis world and populated history
 * (or the world of `stateDir`, rebuilt), the read model fed by every landed transaction,
 * prices sampled every 25 slots, activity bots and the migration keeper on slot ticks, and
 * the `/v1` API with its stream listening on host:port (port 0: any free port). `reservation`
 * is the port already taken by the caller (the CLI takes it before loading this module, so a
 * port clash is reported at once); without it the port is taken here, before the world is built.
 */
export async function startSimulator(options: SimulatorOptions = {}, reservation?: PortReservation): Promise<Simulator> {
  const resolved = resolveSimulatorOptions(options);
  const held = reservation ?? (await reservePort(resolved.host, resolved.port));
  const { port } = held;
  const baseUrl = `http://${urlHost(resolved.host)}:${port}`;
  let lock: StateDirLock | null = null;
  let built: Awaited<ReturnType<typeof buildSimulatorWorld>>;
  try {
    lock = resolved.stateDir === undefined ? null : lockStateDir(resolved.stateDir);
    built = await buildSimulatorWorld(resolved, resolved.publicUrl ?? baseUrl);
  } catch (error) {
    lock?.release();
    await held.fail(failureSentence(error));
    throw error;
  }
  const { devnet, world, readModel, population, journal } = built;
  /** Closes the state directory's journal and lets the next server take the directory. */
  const closeState = () => {
    journal?.close();
    lock?.release();
  };

  const keeper = new MigrationKeeper(devnet, { keeper: population.keeper, parked: population.parked });
  // A restart may find a launch whose migration was due when the last run stopped.
  keeper.sweep();
  const bots = resolved.bots ? new ActivityBots(world, { traders: population.traders }) : null;
  // Once per jump over empty time, however long: the read model keeps the last sample.
  const stopSampling = devnet.onSlot((_now, span) => {
    if (spanCrosses(span, PRICE_SAMPLE_SLOTS)) built.samplePrices();
  });

  const trading = await tradingFor(world, readModel);
  let app: FastifyInstance;
  let bugs: BugSwitchboard | null = null;
  try {
    // The stream needs the app's server and the control needs the stream: a late-bound seam.
    let stream: StreamServer | null = null;
    const control = new DevnetControl({
      devnet,
      world,
      readModel,
      reader: trading.desk.reader,
      stream: {
        resync: () => stream?.resync(),
        closeSockets: () => stream?.closeSockets(),
        injectFault: (fault) => stream?.injectFault(fault),
        clearFaults: () => stream?.clearFaults(),
      },
      // With a state directory the journal is the truth: going back would fork it.
      snapshotsAllowed: resolved.stateDir === undefined,
      onRestored: () => trading.desk.quotes.forgetIssuedAfterNow(),
      samplePrices: built.samplePrices,
    });
    // Without control the server is what an implementation without /devnet/ looks like (the conformance suite's skips).
    app = await buildApp({
      readModel,
      devnet,
      media: new MediaLibrary(),
      logger: resolved.logger,
      trading,
      // The client is served at the base URL clients reach this server at, unless it lives elsewhere.
      ...((resolved.clientUrl ?? resolved.publicUrl) === null ? {} : { clientUrl: (resolved.clientUrl ?? resolved.publicUrl)! }),
      ...(resolved.control ? { control } : {}),
    });
    stream = attachStream(app, { readModel, clock: devnet });
    // Bug injection: its hooks exist only when asked for, so a simulator without it pays nothing.
    if (resolved.injectBugs !== null) {
      bugs = new BugSwitchboard(resolved.injectBugs);
      bugs.installHttp(app);
      stream.withTap(bugs.streamTap);
      bugs.installQuotes(trading.desk.quotes);
      bugs.installPlans(trading.desk.plans);
    }
    // Routes, hooks and schemas compiled; the app's own server never listens: the reserved
    // port's server hands it requests once everything below is ready too.
    await app.ready();
  } catch (error) {
    await held.fail(failureSentence(error));
    bots?.stop();
    keeper.stop();
    closeState();
    throw error;
  }
  // Building took wall time (and a restart may come long after the last run): a clock that
  // follows the wall clock jumps to it before serving, in one step over the empty slots. A
  // resumed manual or per-transaction clock stays where the last run left it: it moves only
  // when told, and a jump would expire its pending transactions and let the bots trade.
  if (built.followsWallClock && (resolved.clockMode === "realtime" || !built.recovered)) catchUpWithWallClock(devnet);
  devnet.withClockMode(resolved.clockMode);
  // A request held since the port was bound gets the answer of a started simulator.
  held.handOff(app.server);

  // The JSON-RPC after the hand-off: its compiled request schemas cost a start hundreds of
  // milliseconds that the /v1 API need not wait for (the banner still waits for both).
  let rpc: RpcEndpoints | null = null;
  if (resolved.rpcPort !== null) {
    try {
      rpc = await startRpcEndpoints(
        { devnet, faucet: world.faucet },
        {
          host: resolved.host,
          urlHost: urlHost(resolved.host),
          port: resolved.rpcPort,
          explicit: resolved.rpcPortExplicit,
          logger: resolved.logger,
        },
      );
    } catch (error) {
      devnet.close();
      stopSampling();
      bots?.stop();
      keeper.stop();
      await app.close();
      await held.release();
      closeState();
      throw error;
    }
  }

  let lastCheckpoint = Date.now();
  const checkpointTimer = setInterval(() => {
    if (!journal || journal.sinceCheckpoint === 0) return;
    if (journal.sinceCheckpoint < CHECKPOINT_EVERY_LINES && Date.now() - lastCheckpoint < CHECKPOINT_EVERY_MS) return;
    journal.checkpoint(devnet);
    lastCheckpoint = Date.now();
  }, 1_000);
  checkpointTimer.unref();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(checkpointTimer);
      devnet.close();
      stopSampling();
      bots?.stop();
      keeper.stop();
      await Promise.all([bots?.whenIdle(), keeper.whenIdle()]);
      await rpc?.close();
      await app.close();
      await held.release();
      if (journal) {
        if (journal.sinceCheckpoint > 0) journal.checkpoint(devnet);
        // After the checkpoint, so the next start submits them again: an accepted transaction
        // stays pending across a clean restart instead of becoming unknown.
        for (const queued of devnet.queued) journal.append(queuedEntryOf(queued, devnet.now().slot));
      }
      closeState();
    })());

  return {
    devnet,
    world,
    readModel,
    population,
    app,
    bots,
    keeper,
    options: resolved,
    baseUrl,
    streamUrl: `${baseUrl.replace(/^http/, "ws")}${STREAM_PATH}`,
    recovered: built.recovered,
    worldSource: built.source,
    worldMillis: built.millis,
    bugs,
    rpc,
    close,
  };
}
