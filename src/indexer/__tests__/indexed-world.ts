import { type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { registerWireFormats } from "../../wire/wire-fields.ts";
import { Devnet, type LandedTransaction } from "../../chain/devnet.ts";
import { GenesisWorld } from "../../world/genesis-world.ts";
import { RECORD_SCHEMAS } from "../records/index.ts";
import { type Change, ReadModel } from "../read-model.ts";

export const SOL = 1_000_000_000n;
export const MEDIA_BASE_URL = "http://media.test";
export const SOL_USD = 150;

export interface IndexedWorld {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  readonly model: ReadModel;
  /** Every change the model announced, in order. */
  readonly changes: Change[];
  readonly creator: KeyPairSigner;
}

/**
 * A seeded genesis world whose every landed transaction, genesis included, is folded into
 * a read model (genesis lands before the model can be built — it needs the component
 * mints — so its backlog is replayed first), with the venue prices sampled once.
 */
export async function startIndexedWorld(seed: string, componentCount = 5): Promise<IndexedWorld> {
  const devnet = Devnet.start({ seed });
  const backlog: LandedTransaction[] = [];
  let model: ReadModel | null = null;
  devnet.onLanded((transaction) => (model ? model.ingest(transaction) : backlog.push(transaction)));
  const world = await GenesisWorld.create(devnet, { componentCount });
  const built = new ReadModel({
    now: () => devnet.now(),
    solUsd: SOL_USD,
    components: world.components.map((component) => ({
      mint: component.mint,
      symbol: component.listing.symbol,
      name: component.listing.name,
      decimals: component.listing.decimals,
      logoUri: `/v1/media/token-${component.listing.symbol}.svg`,
      category: component.listing.category,
    })),
    venueAuthority: world.faucet.address,
    mediaBaseUrl: MEDIA_BASE_URL,
  });
  for (const transaction of backlog) built.ingest(transaction);
  model = built;
  const changes: Change[] = [];
  built.onChange((announced) => changes.push(...announced));
  built.samplePrices();
  const creator = await generateKeyPairSigner();
  devnet.airdrop(creator.address, 1_000n * SOL);
  return { devnet, world, model: built, changes, creator };
}

/** An ajv 2020 validator that knows every record schema by `$id`. */
export function recordValidator(): (id: string, value: unknown) => string | null {
  const ajv = new Ajv2020.default({ strict: true, allErrors: true });
  addFormats.default(ajv);
  registerWireFormats(ajv);
  for (const schema of RECORD_SCHEMAS) ajv.addSchema(schema);
  return (id, value) => {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`no schema ${id}`);
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}
