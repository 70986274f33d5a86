/**
 * The read-API benchmark's world: a real devnet with the genesis world and launches created
 * by real transactions, every landed transaction folded into a ReadModel as the simulator
 * does it. Trades are added afterwards by `trade-synthesizer.ts`.
 */
import type { Address } from "@solana/kit";
import { Devnet, type LandedTransaction } from "../src/chain/devnet.ts";
import { deriveKeyPairSigner } from "../src/chain/deterministic-keys.ts";
import { signInstructions } from "../src/chain/sign-instructions.ts";
import type { CurveState } from "../src/economics/index.ts";
import { curveStateOf } from "../src/economics/curve-state-of.ts";
import type { ReadModel } from "../src/indexer/read-model.ts";
import { readModelFor } from "../src/simulator/simulator-world.ts";
import { getCurveAccountDecoder } from "../src/programs/index.ts";
import { GenesisWorld } from "../src/world/genesis-world.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunch } from "../src/world/launch-factory.ts";

const SOL = 1_000_000_000n;
const CREATORS = 5;
/** Launches landing per slot while the world is built. */
const LAUNCHES_PER_SLOT = 10;

/** A launch as the trade synthesizer needs it: its address and its curve as the chain left it. */
export interface BenchLaunch {
  readonly address: Address;
  readonly curve: CurveState;
}

export interface ReadApiWorld {
  readonly devnet: Devnet;
  readonly readModel: ReadModel;
  readonly launches: readonly BenchLaunch[];
}

/**
 * Genesis, then `launchCount` launches of 1–5 components (cycling through the catalogue)
 * by a handful of airdrop-funded creators, ten per slot. Throws on any failed transaction:
 * the benchmark measures nothing without its world.
 */
export async function buildReadApiWorld(seed: string, launchCount: number): Promise<ReadApiWorld> {
  const devnet = Devnet.start({ seed });
  // Genesis lands before the read model can exist (it needs the component mints): keep the
  // backlog and fold it first, as the simulator does.
  const backlog: LandedTransaction[] = [];
  let model: ReadModel | null = null;
  devnet.onLanded((transaction) => (model ? model.ingest(transaction) : backlog.push(transaction)));
  const world = await GenesisWorld.create(devnet);
  const readModel = readModelFor(world, () => devnet.now(), 150, "http://127.0.0.1:8790");
  for (const transaction of backlog) readModel.ingest(transaction);
  model = readModel;
  readModel.samplePrices();

  const creators = await Promise.all(Array.from({ length: CREATORS }, (_, i) => deriveKeyPairSigner(seed, `bench-creator:${i}`)));
  for (const creator of creators) devnet.airdrop(creator.address, 10_000n * SOL);
  const catalogue = world.components;
  const curves: Address[] = [];
  const addresses: Address[] = [];
  for (let i = 0; i < launchCount; i++) {
    if (i > 0 && i % LAUNCHES_PER_SLOT === 0) devnet.advanceSlots(1);
    const creator = creators[i % CREATORS]!;
    const count = 1 + (i % 5);
    const mints = Array.from({ length: count }, (_, k) => catalogue[(i + k) % catalogue.length]!.mint);
    const weights = mints.map((_, k) => Math.floor(10_000 / count) + (k === 0 ? 10_000 % count : 0));
    const prepared = await prepareLaunch(world, {
      creator: creator.address,
      seed: BigInt(Math.floor(i / CREATORS) + 1),
      symbol: `RB${i}`,
      name: `Read bench ${i}`,
      components: mints.map((mint, k) => ({ mint, targetBps: weights[k]! })),
    });
    if (!prepared) throw new Error(`launch ${i}: unpriced component`);
    const transaction = await signInstructions({
      feePayer: creator,
      instructions: [prepared.instruction],
      lifetime: devnet.latestBlockhash(),
      computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
    });
    const result = devnet.send(transaction);
    if (!result.landed || !result.transaction.ok) {
      throw new Error(`launch ${i} failed: ${JSON.stringify(result.landed ? result.transaction.error : result.error)}`);
    }
    curves.push(prepared.accounts.curve);
    addresses.push(prepared.accounts.launch);
  }
  readModel.samplePrices();

  const decoder = getCurveAccountDecoder();
  const launches = addresses.map((address, i) => ({ address, curve: curveStateOf(decoder.decode(devnet.getAccount(curves[i]!)!.data)) }));
  return { devnet, readModel, launches };
}
