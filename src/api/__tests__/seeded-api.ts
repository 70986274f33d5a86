import type { FastifyInstance } from "fastify";
import { Devnet, type LandedTransaction } from "../../chain/devnet.ts";
import type { ReadModel } from "../../indexer/read-model.ts";
import { GenesisWorld } from "../../world/genesis-world.ts";
import { MediaLibrary } from "../../world/media-library.ts";
import { type Population, populateWorld } from "../../world/populate-world.ts";
import { DevnetControl } from "../../control/devnet-control.ts";
import { tradingFor } from "../../simulator/simulator-trading.ts";
import { readModelFor } from "../../simulator/simulator-world.ts";
import { buildApp } from "../app.ts";

/** The base URL records carry for media: the simulator's default address. */
export const MEDIA_BASE_URL = "http://127.0.0.1:8790";

export interface SeededApi {
  readonly app: FastifyInstance;
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly population: Population;
}

/**
 * A real seeded world behind a real app: the genesis world and `populateWorld`'s history
 * (default 60 launches in every status, with trades spread over six virtual hours), every
 * landed transaction folded into the read model from the first genesis slot on, and the
 * API built on top. Nothing is mocked; `wallClock` drives the legacy cache when given.
 */
export async function startSeededApi(
  options: { seed?: string; launchCount?: number; wallClock?: () => number; trading?: boolean; control?: boolean } = {},
): Promise<SeededApi> {
  const devnet = Devnet.start({ seed: options.seed ?? "api-tests" });
  // Genesis lands before the read model can exist (it needs the component mints): keep the
  // backlog, then fold it in order, so venue creation is indexed like everything after it.
  const backlog: LandedTransaction[] = [];
  let readModel: ReadModel | null = null;
  devnet.onLanded((transaction) => (readModel ? readModel.ingest(transaction) : backlog.push(transaction)));
  const world = await GenesisWorld.create(devnet);
  const model = readModelFor(world, () => devnet.now(), 150, MEDIA_BASE_URL);
  for (const transaction of backlog) model.ingest(transaction);
  readModel = model;
  model.samplePrices();
  const population = await populateWorld(world, {
    launchCount: options.launchCount ?? 60,
    onMetadata: (launch, metadata) => model.setMetadata(launch, metadata),
  });
  model.samplePrices();
  const trading = options.trading || options.control ? await tradingFor(world, model) : undefined;
  const control = options.control
    ? new DevnetControl({
        devnet,
        world,
        readModel: model,
        reader: trading!.desk.reader,
        snapshotsAllowed: true,
        onRestored: () => trading!.desk.quotes.forgetIssuedAfterNow(),
        samplePrices: () => model.samplePrices(),
      })
    : undefined;
  const app = await buildApp({
    readModel: model,
    devnet,
    media: new MediaLibrary(),
    ...(options.wallClock ? { wallClock: options.wallClock } : {}),
    ...(trading ? { trading } : {}),
    ...(control ? { control } : {}),
  });
  await app.ready();
  return { app, devnet, world, readModel: model, population };
}

/** GET `url` through `app.inject`, with the body parsed when it is JSON. */
export async function get(
  app: FastifyInstance,
  url: string,
): Promise<{ status: number; body: any; contentType: string; raw: string; headers: Record<string, unknown> }> {
  const response = await app.inject({ method: "GET", url });
  const contentType = String(response.headers["content-type"] ?? "");
  return {
    status: response.statusCode,
    body: contentType.startsWith("application/json") ? response.json() : response.body,
    contentType,
    raw: response.body,
    headers: response.headers,
  };
}
