import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../api/app.ts";
import { Devnet, type LandedTransaction } from "../../chain/devnet.ts";
import { ReadModel } from "../../indexer/read-model.ts";
import { GenesisWorld } from "../../world/genesis-world.ts";
import { MediaLibrary, mediaUri, tokenLogoFile } from "../../world/media-library.ts";
import { attachStream } from "../attach-stream.ts";
import type { StreamServerOptions } from "../stream-options.ts";
import type { StreamServer } from "../stream-server.ts";

export const SOL = 1_000_000_000n;

export interface StreamWorld {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly readModel: ReadModel;
  readonly app: FastifyInstance;
  readonly stream: StreamServer;
  readonly creator: KeyPairSigner;
  /** ws://127.0.0.1:<port>/v1/stream, on the API's own port. */
  readonly url: string;
  readonly baseUrl: string;
  /** GET a REST route of the same app, as a client would after a frame. */
  get<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

/**
 * The whole read path, nothing mocked: a seeded devnet whose every landed transaction is
 * folded into a real read model, the real API on 127.0.0.1 port 0, and the stream attached
 * to the API's HTTP server exactly as the simulator attaches it.
 */
export async function startStreamWorld(seed: string, options: Partial<StreamServerOptions> = {}): Promise<StreamWorld> {
  const devnet = Devnet.start({ seed });
  // Genesis lands before the read model can exist (it needs the component mints): replay it.
  const backlog: LandedTransaction[] = [];
  let live: ReadModel | null = null;
  devnet.onLanded((transaction) => (live ? live.ingest(transaction) : backlog.push(transaction)));
  const world = await GenesisWorld.create(devnet, { componentCount: 3 });
  const readModel = new ReadModel({
    now: () => devnet.now(),
    solUsd: 150,
    components: world.components.map(({ mint, listing }) => ({
      mint,
      symbol: listing.symbol,
      name: listing.name,
      decimals: listing.decimals,
      logoUri: mediaUri(tokenLogoFile(listing.symbol)),
      category: listing.category,
    })),
    venueAuthority: world.faucet.address,
    mediaBaseUrl: "http://127.0.0.1",
  });
  for (const transaction of backlog) readModel.ingest(transaction);
  live = readModel;
  readModel.samplePrices();
  const creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 1_000n * SOL);

  const app = await buildApp({ readModel, devnet, media: new MediaLibrary() });
  const stream = attachStream(app, { readModel, clock: devnet, ...options });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    devnet,
    world,
    readModel,
    app,
    stream,
    creator,
    url: `ws://127.0.0.1:${port}/v1/stream`,
    baseUrl,
    get: async <T>(path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    stop: () => app.close(),
  };
}
