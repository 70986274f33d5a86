import { randomBytes } from "node:crypto";
import { type Address, type Signature, getAddressDecoder, getBase58Decoder, getBase64Decoder } from "@solana/kit";
import type { LandedTransaction } from "../../chain/devnet.ts";
import { type CurveState, buyExactOut, defaultCurveParameters, initialCurveState, sell } from "../../economics/index.ts";
import { tradeEventOf } from "../../economics/trade-event-of.ts";
import {
  type LaunchKind,
  NATIVE_MINT_ADDRESS,
  type ProgramEvent,
  getCardReleasedEventEncoder,
  getCollectibleListedEventEncoder,
  getCollectibleStageEventEncoder,
  getLaunchCreatedEventEncoder,
  getLiquidityAddedEventEncoder,
  getMigrationStepEventEncoder,
  getPoolCreatedEventEncoder,
  getStatusChangedEventEncoder,
  getSwapEventEncoder,
  getTradeEventEncoder,
} from "../../programs/index.ts";
import { type LaunchMetadata, ReadModel, type ReadModelOptions } from "../read-model.ts";

/** What the read model was fed, in order: a fresh model replaying it must answer the same. */
export type ChainInput = { slot: bigint } & (
  { k: "tx"; transaction: LandedTransaction } | { k: "sample" } | { k: "metadata"; launch: string; metadata: LaunchMetadata }
);

const GENESIS = 1_767_225_600n;
const addressDecoder = getAddressDecoder();
const base58 = getBase58Decoder();
const base64 = getBase64Decoder();

/** A random address (32 random bytes in base58). */
export function randomAddress(): Address {
  return addressDecoder.decode(randomBytes(32));
}

function logLine(bytes: Uint8Array): string {
  return `Program data: ${base64.decode(bytes)}`;
}

/** Program events as a landed transaction's logs (no invoke lines: every data line is decoded). */
export function logsOf(events: readonly ProgramEvent[]): string[] {
  return events.map((event) => {
    if (event.kind === "launchCreated") return logLine(getLaunchCreatedEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "trade") return logLine(getTradeEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "poolCreated") return logLine(getPoolCreatedEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "liquidityAdded") return logLine(getLiquidityAddedEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "swap") return logLine(getSwapEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "statusChanged") return logLine(getStatusChangedEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "migrationStep") return logLine(getMigrationStepEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "collectibleListed") return logLine(getCollectibleListedEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "collectibleStage") return logLine(getCollectibleStageEventEncoder().encode(event) as Uint8Array);
    if (event.kind === "cardReleased") return logLine(getCardReleasedEventEncoder().encode(event) as Uint8Array);
    throw new Error(`no synthetic encoding for ${(event as ProgramEvent).kind}`);
  });
}

export interface SyntheticLaunch {
  readonly address: Address;
  readonly symbol: string;
  curve: CurveState;
  /** Launch tokens held per trader (what a sell may give back). */
  readonly holdings: Map<string, bigint>;
}

/**
 * A chain without a VM: curve trades predicted by the economics (exactly what the program
 * emits) and folded into a read model as landed transactions. Fast enough for property
 * tests over thousands of trades and for the memory benchmark; time is a virtual clock
 * this class owns (one slot per 400 ms).
 */
export class SyntheticChain {
  slot = 0n;
  #seq = 0;
  readonly model: ReadModel;
  readonly launches: SyntheticLaunch[] = [];
  readonly component = { mint: randomAddress(), quantity: 1_000_000_000n, targetBps: 10_000, decimals: 9 };
  /** A collectible's recipe: wrapped SOL alone, one lamport per DNA unit. */
  readonly wrappedSol = { mint: NATIVE_MINT_ADDRESS, quantity: 1_000_000_000n, targetBps: 10_000, decimals: 9 };
  readonly venue = randomAddress();
  /** Every input of `model`, in order (see `freshModel`). */
  readonly inputs: ChainInput[] = [];
  readonly #options: ReadModelOptions;

  /** A world of one component (9 decimals, one per DNA unit) priced by a venue at 1 SOL per token. */
  constructor(options: { cards?: ReadModelOptions["cards"]; componentSymbol?: string } = {}) {
    const faucet = randomAddress();
    this.#options = {
      now: () => this.now(),
      solUsd: 150,
      components: [
        {
          mint: this.component.mint,
          symbol: options.componentSymbol ?? "CMP",
          name: "Component",
          decimals: 9,
          logoUri: "",
          category: "test",
        },
      ],
      venueAuthority: faucet,
      mediaBaseUrl: "http://media.test",
      ...(options.cards ? { cards: options.cards } : {}),
    };
    this.model = new ReadModel(this.#options);
    const pool = {
      pool: this.venue,
      authority: faucet,
      mintA: NATIVE_MINT_ADDRESS,
      mintB: this.component.mint,
      vaultA: randomAddress(),
      vaultB: randomAddress(),
      feeBps: 25,
    };
    this.#land([{ kind: "poolCreated", ...pool }]);
    this.moveVenue(10n ** 13n, 10n ** 13n);
  }

  /** Sets the venue's reserves (a swap) and samples prices: later trades are valued at the new price. */
  moveVenue(lamportsReserve: bigint, componentReserve: bigint): void {
    this.#land([
      {
        kind: "liquidityAdded",
        pool: this.venue,
        provider: randomAddress(),
        amountA: 1n,
        amountB: 1n,
        reserveA: lamportsReserve,
        reserveB: componentReserve,
      },
    ]);
    this.samplePrices();
  }

  samplePrices(): void {
    this.inputs.push({ k: "sample", slot: this.slot });
    this.model.samplePrices();
  }

  setMetadata(launch: string, metadata: LaunchMetadata): void {
    this.inputs.push({ k: "metadata", launch, metadata, slot: this.slot });
    this.model.setMetadata(launch, metadata);
  }

  /**
   * A new read model fed every input so far, each at the time it was fed, answering from
   * scratch (nothing cached yet); its clock is the chain's once it has caught up.
   */
  freshModel(): ReadModel {
    let replaying: bigint | null = this.inputs[0]?.slot ?? null;
    const model = new ReadModel({ ...this.#options, now: () => (replaying === null ? this.now() : this.#nowAt(replaying)) });
    for (const input of this.inputs) {
      replaying = input.slot;
      if (input.k === "tx") model.ingest(input.transaction);
      else if (input.k === "sample") model.samplePrices();
      else model.setMetadata(input.launch, input.metadata);
    }
    replaying = null;
    return model;
  }

  now(): { slot: bigint; unixTimestamp: bigint; unixMillis: bigint } {
    return this.#nowAt(this.slot);
  }

  #nowAt(slot: bigint): { slot: bigint; unixTimestamp: bigint; unixMillis: bigint } {
    const unixMillis = GENESIS * 1000n + slot * 400n;
    return { slot, unixTimestamp: unixMillis / 1000n, unixMillis };
  }

  advanceSeconds(seconds: number): void {
    const slots = BigInt(Math.ceil((seconds * 1000) / 400));
    if (slots === 0n) return; // same slot: the next transaction lands after the last one in it
    this.slot += slots;
    this.#seq = 0;
  }

  /** Lands one transaction carrying `events` (in this slot, after the last one). */
  land(events: ProgramEvent[]): LandedTransaction {
    return this.#land(events);
  }

  #land(events: ProgramEvent[]): LandedTransaction {
    const transaction: LandedTransaction = {
      signature: base58.decode(randomBytes(64)) as Signature,
      slot: this.slot,
      seq: this.#seq++,
      unixTimestamp: this.now().unixTimestamp,
      ok: true,
      error: null,
      logs: logsOf(events),
      computeUnits: 0n,
    };
    this.inputs.push({ k: "tx", transaction, slot: this.slot });
    this.model.ingest(transaction);
    return transaction;
  }

  createLaunch(symbol: string, kind: LaunchKind = "pairs", creator: Address = randomAddress()): SyntheticLaunch {
    const address = randomAddress();
    const p = defaultCurveParameters;
    this.#land([
      {
        kind: "launchCreated",
        launch: address,
        creator,
        mint: randomAddress(),
        curve: randomAddress(),
        migrationVault: randomAddress(),
        seed: 1n,
        launchKind: kind,
        decimals: p.decimals,
        feeBps: p.feeBps,
        creatorFeeShareBps: p.creatorFeeShareBps,
        totalSupply: p.curveInventory + p.migrationInventory,
        curveInventory: p.curveInventory,
        migrationInventory: p.migrationInventory,
        virtualPrimary: p.virtualPrimary,
        virtualDna: p.virtualDna,
        dnaUnitLamportsE9: 1_000_000_000n,
        createdAt: this.now().unixTimestamp,
        components: [kind === "collectibles" ? this.wrappedSol : this.component],
        symbol,
        name: `${symbol} basket`,
        uri: "",
      },
    ]);
    const quantity = (kind === "collectibles" ? this.wrappedSol : this.component).quantity;
    const launch = { address, symbol, curve: initialCurveState(p, [quantity]), holdings: new Map<string, bigint>() };
    this.launches.push(launch);
    return launch;
  }

  /**
   * A buy of `amount` base units, or a sell of `amount` (capped at what `trader` holds);
   * returns false when the curve refuses it (nothing lands then).
   */
  trade(launch: SyntheticLaunch, trader: string, direction: "buy" | "sell", amount: bigint): boolean {
    const held = launch.holdings.get(trader) ?? 0n;
    const result =
      direction === "buy"
        ? buyExactOut(launch.curve, amount, 2n ** 64n - 1n, null)
        : sell(launch.curve, amount > held ? held : amount, 0n, null);
    if (!result.ok) return false;
    const { trade, next } = result;
    launch.curve = next;
    launch.holdings.set(trader, held + (direction === "buy" ? trade.primaryAmount : -trade.primaryAmount));
    this.#land([tradeEventOf(launch.address, trader as Address, result, this.now().unixTimestamp)]);
    return true;
  }
}
