import type { Address } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { encodeUnsignedTransaction } from "../chain/unsigned-transaction.ts";
import { type CurveParameters, MAX_FEE_BPS, defaultCurveParameters } from "../economics/index.ts";
import { findLaunchPda } from "../programs/index.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunchAt } from "../world/launch-factory.ts";
import type { MarketReader } from "./market-reader.ts";
import type { BuiltPlanStep } from "./trade-desk.ts";
import { type DeskResult, refuseTrade } from "./trade-failure.ts";

/** On-chain uri limit (layout.h MAX_URI_LEN). */
const MAX_URI_BYTES = 128;
const TOKEN_DECIMALS = 6;

/** A build-create body, validated for shape by the API. */
export interface CreateLaunchRequest {
  readonly creator: Address;
  readonly symbol: string;
  readonly name: string;
  readonly description: string;
  readonly imageUri: string | null;
  readonly website: string | null;
  readonly x: string | null;
  readonly telegram: string | null;
  readonly components: readonly { readonly mint: Address; readonly targetBps: number }[];
  /** SOL per DNA unit; default 10⁻⁹ (a whole DNA is worth one SOL). */
  readonly dnaUnitSol: number | null;
  /** Whole launch tokens; default 10⁹. */
  readonly supply: number | null;
  /** SOL the curve raises by graduation; default ≈ 85 (pump.fun's scale). */
  readonly curveTargetSol: number | null;
  readonly feeBps: number | null;
  readonly creatorFeeShareBps: number | null;
}

/** What the read model shows beside the on-chain record. */
export interface CreatedLaunchMetadata {
  readonly description: string;
  readonly website: string | null;
  readonly x: string | null;
  readonly telegram: string | null;
  readonly imageUri: string;
  readonly category: string;
}

export interface BuiltCreate {
  readonly launch: Address;
  readonly primaryMint: Address;
  readonly transaction: string;
  readonly lastValidBlockHeight: bigint;
  readonly plan: readonly BuiltPlanStep[];
}

export interface LaunchBuilderOptions {
  readonly devnet: Devnet;
  readonly reader: MarketReader;
  /** The image a launch gets when the creator names none. */
  readonly defaultImageUri: (symbol: string, launch: Address) => string;
  /** Receives the off-chain metadata of every launch built, keyed by its future address. */
  readonly onMetadata: (launch: Address, metadata: CreatedLaunchMetadata) => void;
}

/**
 * The curve of a launch of `supply` whole tokens raising `curveTargetSol`: the default
 * proportions (79.31% sold on the curve, 20.69% kept for migration, 107.3% virtual), with
 * the virtual DNA reserve set so the curve raises the target by the time it sells out:
 * raised = vD·inventory/(vP − inventory).
 */
export function curveFor(
  supply: number | null,
  curveTargetSol: number | null,
  dnaUnitSol: number,
  fees: { feeBps: number; creatorFeeShareBps: number },
): CurveParameters {
  const total = BigInt(supply ?? 1_000_000_000) * 10n ** BigInt(TOKEN_DECIMALS);
  const curveInventory = (total * 7931n) / 10_000n;
  const virtualPrimary = (total * 10_730n) / 10_000n;
  const virtualDna =
    curveTargetSol === null
      ? defaultCurveParameters.virtualDna
      : BigInt(Math.max(1, Math.round((curveTargetSol / dnaUnitSol) * (Number(virtualPrimary - curveInventory) / Number(curveInventory)))));
  return { decimals: TOKEN_DECIMALS, virtualPrimary, virtualDna, curveInventory, migrationInventory: total - curveInventory, ...fees };
}

/** Builds the unsigned transactions that create a launch (`POST /v1/launches/build-create`). */
export class LaunchBuilder {
  constructor(readonly options: LaunchBuilderOptions) {}

  async build(request: CreateLaunchRequest): Promise<DeskResult<BuiltCreate>> {
    const refusal = validate(request);
    if (refusal) return refuseTrade("INVALID_LAUNCH", { reason: refusal });
    const venues = await Promise.all(request.components.map((component) => this.options.reader.venue(component.mint)));
    const unpriced = request.components.find((_, i) => venues[i] === null);
    if (unpriced)
      return refuseTrade("NO_ROUTE", { what: `component ${unpriced.mint}: it has no SOL venue on this devnet, so it cannot be priced` });
    const dnaUnitSol = request.dnaUnitSol ?? 1e-9;
    const dnaUnitLamportsE9 = BigInt(Math.round(dnaUnitSol * 1e18));
    const curve = curveFor(request.supply, request.curveTargetSol, dnaUnitSol, {
      feeBps: request.feeBps ?? defaultCurveParameters.feeBps,
      creatorFeeShareBps: request.creatorFeeShareBps ?? defaultCurveParameters.creatorFeeShareBps,
    });

    let seed = 1n;
    let launch = (await findLaunchPda({ creator: request.creator, seed }))[0];
    // The creator's first unused seed: each launch of a creator has its own address.
    while (this.options.devnet.getAccount(launch) !== null) launch = (await findLaunchPda({ creator: request.creator, seed: ++seed }))[0];
    const imageUri = request.imageUri ?? this.options.defaultImageUri(request.symbol, launch);
    const prepared =
      dnaUnitLamportsE9 === 0n
        ? null
        : await prepareLaunchAt(
            {
              creator: request.creator,
              seed,
              symbol: request.symbol,
              name: request.name,
              uri: Buffer.byteLength(imageUri) <= MAX_URI_BYTES ? imageUri : "",
              kind: "pairs",
              components: request.components,
              dnaUnitLamportsE9,
              curve,
            },
            venues.map((venue) => ({ lamportsReserve: venue!.lamportsReserve, componentReserve: venue!.componentReserve })),
          );
    if (!prepared)
      return refuseTrade("INVALID_LAUNCH", { reason: "dnaUnitSol is too small or too large to price this recipe in whole base units" });
    if (curve.curveInventory === 0n || curve.virtualDna === 0n)
      return refuseTrade("INVALID_LAUNCH", { reason: "supply and curveTargetSol leave the curve nothing to sell" });
    const { accounts, instruction } = prepared;
    const lifetime = this.options.devnet.latestBlockhash();
    const transaction = encodeUnsignedTransaction({
      feePayer: request.creator,
      instructions: [instruction],
      lifetime,
      computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
    });
    this.options.onMetadata(accounts.launch, {
      description: request.description,
      website: request.website,
      x: request.x,
      telegram: request.telegram,
      imageUri,
      category: "basket",
    });
    return {
      ok: true,
      value: {
        launch: accounts.launch,
        primaryMint: accounts.mint,
        transaction,
        lastValidBlockHeight: lifetime.lastValidBlockHeight,
        plan: [{ step: 1, label: `Create ${request.symbol}: launch record, mint, curve and vaults`, transaction, kind: "setup" }],
      },
    };
  }
}

/** The rules the program would enforce, answered before building anything. */
function validate(request: CreateLaunchRequest): string | null {
  const weights = request.components.reduce((sum, component) => sum + component.targetBps, 0);
  if (weights !== 10_000) return `components' targetBps must sum to 10000, got ${weights}`;
  if (new Set(request.components.map((component) => component.mint)).size !== request.components.length)
    return "components must be distinct mints";
  if (request.components.some((component) => component.targetBps <= 0)) return "every component's targetBps must be positive";
  const fee = request.feeBps;
  if (fee !== null && (!Number.isInteger(fee) || fee < 0 || fee > MAX_FEE_BPS))
    return `feeBps must be a whole number from 0 to ${MAX_FEE_BPS}`;
  const share = request.creatorFeeShareBps;
  if (share !== null && (!Number.isInteger(share) || share < 0 || share > 10_000))
    return "creatorFeeShareBps must be a whole number from 0 to 10000";
  if (request.supply !== null && request.supply > 10_000_000_000_000)
    return "supply must be at most 10^13 whole tokens (amounts are u64 base units with 6 decimals)";
  if (Buffer.byteLength(request.name) > 64) return "name must be at most 64 bytes in UTF-8";
  return null;
}
