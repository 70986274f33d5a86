import type { Address, Instruction, KeyPairSigner, Transaction } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import { type Failure, type Result, fail } from "../errors/result.ts";
import { quoted } from "../errors/api-error.ts";
import {
  type CollectibleStage,
  collectibleStageOf,
  describeFailure,
  findAssociatedTokenAddress,
  findCollectiblePda,
  getCurveAccountDecoder,
  getReleaseCardInstruction,
} from "../programs/index.ts";
import { type ChainCollectible, readChainCollectible, readChainLaunch } from "../world/chain-launches.ts";
import { signCollectibleCrank } from "../world/collectible-keeper.ts";
import type { GenesisWorld } from "../world/genesis-world.ts";
import { tokenBalance } from "../world/token-balance.ts";
import { cardDeskSigners } from "../world/world-actors.ts";
import { signCurveBuy } from "../world/world-transactions.ts";
import { checkFeePayer } from "../trading/fee-payer.ts";

/** What one control step did: its name, the stage it left the collectible in, its transaction and a sentence. */
export interface CollectibleStep {
  readonly step: "complete" | "fund" | "swap" | "acquire" | "migrate" | "release";
  readonly stage: CollectibleStage;
  readonly signature: string;
  readonly did: string;
}

/** A collectible after a control request: its stage, whether its vault holds the card, and the steps run. */
export interface CollectiblePushed {
  readonly launch: string;
  readonly stage: CollectibleStage;
  readonly stillHeld: boolean;
  readonly steps: CollectibleStep[];
}

const refuse = (reason: string): Failure => fail("DEVNET_REFUSED", { reason });
const curveDecoder = getCurveAccountDecoder();
/** Room for the largest step (migrate opens a pool by CPI). */
const STEP_COMPUTE_UNITS = 400_000;

/**
 * The `/devnet/collectibles/*` powers: push a collectible through its stages by real
 * transactions, as tests and scenarios need to reach every stage on demand. The faucet
 * pays (and buys out a curve); the seed's custodian signs a release. A request at the
 * wrong stage is refused with a sentence naming the stage and what would work.
 */
export class CollectibleControl {
  constructor(
    private readonly devnet: Devnet,
    private readonly world: GenesisWorld,
  ) {}

  /** The faucet buys what is left on a raising collectible's curve (wrapping SOL): it lands at stage funding. */
  async complete(launch: Address): Promise<Result<CollectiblePushed>> {
    const found = await this.#find(launch);
    if (!found.ok) return found;
    const stage = stageOf(found.value);
    if (stage !== "raising") {
      return refuse(`collectible ${launch} is at stage ${stage}: only a collectible still raising has a curve to complete`);
    }
    const curve = curveDecoder.decode(this.devnet.getAccount(found.value.launch.curve)!.data);
    const { faucet } = this.world;
    // More than is left: the program clamps the buy to the remaining inventory.
    const transaction = await signCurveBuy(this.devnet, faucet, found.value.launch, curve.inventoryRemaining + 1n);
    const landed = this.#land(transaction);
    if (!landed.ok) return refuse(`the buy completing ${launch}'s curve failed on chain: ${landed.reason}`);
    return this.#pushed(found.value.address, [
      {
        step: "complete",
        stage: this.#stage(found.value.address),
        signature: landed.signature,
        did: `the faucet bought the curve's last ${curve.inventoryRemaining} base units with wrapped SOL`,
      },
    ]);
  }

  /** Runs the next crank step (fund, swap, acquire or migrate), or every step left until the collectible is tradable. */
  async crank(launch: Address, steps: "next" | "all"): Promise<Result<CollectiblePushed>> {
    const found = await this.#find(launch);
    if (!found.ok) return found;
    const stage = stageOf(found.value);
    if (stage === "raising") {
      return refuse(
        `collectible ${launch} is still raising: its curve must sell out before a crank step runs (POST /devnet/collectibles/complete)`,
      );
    }
    if (stage === "tradable") return refuse(`collectible ${launch} is already tradable: no crank step is left`);
    const done: CollectibleStep[] = [];
    let collectible: ChainCollectible | null = found.value;
    while (collectible) {
      const signed = await signCollectibleCrank(this.devnet, this.world.faucet, collectible);
      if (!signed) break;
      const landed = this.#land(signed.transaction);
      if (!landed.ok) {
        return refuse(
          `the ${signed.crank} step of collectible ${launch} failed on chain at stage ${stageOf(collectible)}` +
            `${done.length > 0 ? ` after ${done.map((step) => step.step).join(", ")}` : ""}: ${landed.reason}`,
        );
      }
      done.push({ step: signed.crank, stage: this.#stage(collectible.address), signature: landed.signature, did: CRANK_DID[signed.crank] });
      if (steps === "next") break;
      collectible = readChainCollectible(this.devnet, collectible.address);
    }
    return this.#pushed(found.value.address, done);
  }

  /** The custodian releases the card from custody into `wallet`'s token account (default the custodian's own). */
  async release(launch: Address, wallet?: Address): Promise<Result<CollectiblePushed>> {
    const found = await this.#find(launch);
    if (!found.ok) return found;
    const { record } = found.value;
    const stage = stageOf(found.value);
    if (stage !== "pooling" && stage !== "tradable") {
      return refuse(`collectible ${launch} is at stage ${stage}: its card enters custody at stage pooling, and only then can leave it`);
    }
    if (!record.stillHeld) return refuse(`collectible ${launch}'s card has already left custody`);
    const { custodian } = await cardDeskSigners(this.devnet.seed);
    if (custodian.address !== record.custodian) {
      return refuse(`collectible ${launch} names custodian ${record.custodian}, whose key this devnet does not hold`);
    }
    const owner = wallet ?? custodian.address;
    // A card released to a program's address would sit where nobody can sign for it.
    const payable = checkFeePayer(this.devnet, owner, "wallet");
    if (!payable.ok) return payable;
    const [destination] = findAssociatedTokenAddress(owner, record.cardMint);
    const { faucet } = this.world;
    const instructions: Instruction[] = [
      getCreateAssociatedTokenIdempotentInstruction({ payer: faucet, ata: destination, owner, mint: record.cardMint }),
      getReleaseCardInstruction({
        custodian: custodian.address,
        launch,
        collectible: found.value.address,
        custody: record.custody,
        destination,
      }),
    ];
    const landed = this.#land(await this.#sign(faucet, instructions, [custodian]));
    if (!landed.ok) return refuse(`releasing collectible ${launch}'s card failed on chain: ${landed.reason}`);
    return this.#pushed(found.value.address, [
      {
        step: "release",
        stage,
        signature: landed.signature,
        did: `the custodian released card ${record.cardMint} into ${owner}'s token account ${destination}`,
      },
    ]);
  }

  async #find(launch: Address): Promise<Result<ChainCollectible>> {
    const [address] = await findCollectiblePda({ launch });
    const collectible = readChainCollectible(this.devnet, address);
    if (collectible) return { ok: true, value: collectible };
    if (!readChainLaunch(this.devnet, launch)) return fail("LAUNCH_NOT_FOUND", { launch });
    return fail("NOT_FOUND", { resource: "collectible (a launch of kind collectibles with a listed card)", id: quoted(launch) });
  }

  #sign(feePayer: KeyPairSigner, instructions: readonly Instruction[], signers: readonly KeyPairSigner[] = []): Promise<Transaction> {
    return signInstructions({
      feePayer,
      signers,
      instructions,
      lifetime: this.devnet.latestBlockhash(),
      computeUnitLimit: STEP_COMPUTE_UNITS,
    });
  }

  /** Lands `transaction` now; its signature, or why it did not land or failed. */
  #land(transaction: Transaction): { ok: true; signature: string } | { ok: false; reason: string } {
    const result = this.devnet.send(transaction);
    if (!result.landed) return { ok: false, reason: `not accepted: ${describeFailure(result.error)}` };
    const { error } = result.transaction;
    if (error !== null) return { ok: false, reason: describeFailure(error) };
    return { ok: true, signature: result.transaction.signature };
  }

  #stage(address: Address): CollectibleStage {
    return stageOf(readChainCollectible(this.devnet, address)!);
  }

  /** The collectible as the chain holds it after `steps`. */
  #pushed(address: Address, steps: CollectibleStep[]): Result<CollectiblePushed> {
    const now = readChainCollectible(this.devnet, address)!;
    return {
      ok: true,
      value: {
        launch: now.launch.address,
        stage: stageOf(now),
        stillHeld: now.record.stillHeld && tokenBalance(this.devnet, now.record.custody) === 1n,
        steps,
      },
    };
  }
}

const stageOf = (collectible: ChainCollectible) => collectibleStageOf(collectible.launch.status, collectible.record);

const CRANK_DID = {
  fund: "moved the raise's wrapped SOL out of the curve into the collectible's funds",
  swap: "swapped the card's share of the raise to USDC on the USDC venue",
  acquire: "paid the seller the listed price, sent the surplus to the treasury and moved the card into custody",
  migrate: "opened the token↔wSOL pool with the migration inventory and the pool's share of the raise",
} as const;
