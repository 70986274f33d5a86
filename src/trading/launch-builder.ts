import { createHash } from "node:crypto";
import type { Address } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { compileUnsignedTransaction, encodeWireTransaction } from "../chain/unsigned-transaction.ts";
import { type CurveParameters, U64_MAX, defaultCurveParameters } from "../economics/index.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import { CURVE_ACCOUNT_SIZE, LAUNCH_ACCOUNT_SIZE, MEMO_PROGRAM_ADDRESS, TOKEN_ACCOUNT_BYTES, findLaunchPda } from "../programs/index.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunchAt } from "../world/launch-factory.ts";
import { isWrappedSol } from "./basket-funding.ts";
import { SIGNATURE_FEE_LAMPORTS } from "./fee-budget.ts";
import { checkFeePayer } from "./fee-payer.ts";
import type { MarketReader } from "./market-reader.ts";
import { type BuildCreateBody, DEFAULT_DNA_UNIT_SOL, DEFAULT_SUPPLY } from "./records/build-create-body.ts";
import type { BuildCreateResponse } from "./records/build-create-response.ts";

/** On-chain uri limit (layout.h MAX_URI_LEN). */
const MAX_URI_BYTES = 128;
/** On-chain name limit (layout.h MAX_NAME_LEN): 64 bytes, where build-create takes 64 characters. */
const MAX_NAME_BYTES = 64;
const TOKEN_DECIMALS = 6;
/** Bytes of an SPL mint account. */
const MINT_ACCOUNT_BYTES = 82;
/** The scale of the recipe's `dnaUnitLamportsE9`: lamports per 10⁹ DNA units, so SOL per DNA unit × 10¹⁸. */
const DNA_UNIT_LAMPORTS_E9_PER_SOL = 1e18;

/** Built creations whose metadata waits for their transaction to execute; past this the oldest is dropped. */
const MAX_PENDING_CREATIONS = 1_000;

/**
 * The memo a create transaction carries: a hash of the off-chain metadata built with it, so
 * the message the creator signs commits to that metadata and to no other.
 */
export function metadataMemo(metadata: CreatedLaunchMetadata): string {
  return `basket-devnet launch metadata sha256:${createHash("sha256").update(JSON.stringify(metadata)).digest("hex")}`;
}

/** What the read model shows beside the on-chain record. */
export interface CreatedLaunchMetadata {
  readonly description: string;
  readonly website: string | null;
  readonly x: string | null;
  readonly telegram: string | null;
  readonly imageUri: string;
  readonly category: string;
  /** The whole name, when the chain keeps only its first 64 bytes. */
  readonly name?: string;
}

export interface LaunchBuilderOptions {
  readonly devnet: Devnet;
  readonly reader: MarketReader;
  /** The image a launch gets when the creator names none. */
  readonly defaultImageUri: (symbol: string, launch: Address) => string;
  /** Receives a launch's off-chain metadata when the creation its creator signed executes (before it lands). */
  readonly onMetadata: (launch: Address, metadata: CreatedLaunchMetadata) => void;
}

/**
 * The curve of a launch of `supply` whole tokens raising `curveTargetSol`: the default
 * proportions (79.31% sold on the curve, 20.69% kept for migration, 107.3% virtual), with
 * the virtual DNA reserve set so the curve raises the target by the time it sells out:
 * raised = vD·inventory/(vP − inventory). Null when a reserve would not fit the program's
 * u64 (a large target at a tiny dnaUnitSol) or the curve would have nothing to sell.
 */
export function curveFor(
  supply: number,
  curveTargetSol: number | null,
  dnaUnitSol: number,
  fees: { feeBps: number; creatorFeeShareBps: number },
): CurveParameters | null {
  const total = BigInt(supply) * 10n ** BigInt(TOKEN_DECIMALS);
  const curveInventory = (total * 7931n) / 10_000n;
  const virtualPrimary = (total * 10_730n) / 10_000n;
  if (curveInventory === 0n || virtualPrimary > U64_MAX) return null;
  let virtualDna = defaultCurveParameters.virtualDna;
  if (curveTargetSol !== null) {
    const exact = (curveTargetSol / dnaUnitSol) * (Number(virtualPrimary - curveInventory) / Number(curveInventory));
    if (!Number.isFinite(exact) || exact >= Number(U64_MAX)) return null;
    virtualDna = BigInt(Math.max(1, Math.round(exact)));
  }
  return { decimals: TOKEN_DECIMALS, virtualPrimary, virtualDna, curveInventory, migrationInventory: total - curveInventory, ...fees };
}

/** Builds the unsigned transactions that create a launch (`POST /v1/launches/build-create`). */
export class LaunchBuilder {
  /**
   * The metadata of each creation built, by the message (base64) the creator is to sign. It
   * reaches the read model only when that very message executes: anyone may call
   * build-create with the creator's address (it takes no signature), and a later build must
   * not replace what the creator signed. The memo makes each set of metadata its own message.
   */
  readonly #pending = new Map<string, { readonly launch: Address; readonly metadata: CreatedLaunchMetadata }>();

  constructor(readonly options: LaunchBuilderOptions) {
    options.devnet.onExecuting((transaction) => {
      if (this.#pending.size === 0) return;
      const key = Buffer.from(transaction.messageBytes).toString("base64");
      const creation = this.#pending.get(key);
      if (creation === undefined) return;
      this.#pending.delete(key);
      // Only a creation that will land changes anything. The metadata must reach the read
      // model before the launch it describes is announced, so the outcome is read from a dry
      // run of the same transaction on the same state (creations are rare: the cost is theirs).
      // A creation signed twice fails the second time (the launch exists): its metadata is dropped.
      if (options.devnet.simulate(transaction).error !== null) return;
      options.onMetadata(creation.launch, creation.metadata);
    });
  }

  /** `body` as the schema validated it (ajv fills the defaults; the same defaults apply here for a body built in code). */
  async build(body: BuildCreateBody): Promise<Result<BuildCreateResponse>> {
    const { devnet, reader } = this.options;
    const creator = body.creator as Address;
    const refusal = validate(body);
    if (refusal) return fail("INVALID_LAUNCH", { reason: refusal });
    const payer = checkFeePayer(devnet, creator, "creator");
    if (!payer.ok) return payer;
    const components = body.components.map((component) => ({ mint: component.mint as Address, targetBps: component.targetBps }));
    const venues = await Promise.all(components.map((component) => reader.venue(component.mint)));
    const unpriced = components.find((component, i) => venues[i] === null && !isWrappedSol(component.mint));
    if (unpriced)
      return fail("NO_ROUTE", { what: `component ${unpriced.mint}: it has no SOL venue on this devnet, so it cannot be priced` });
    const dnaUnitSol = body.dnaUnitSol ?? DEFAULT_DNA_UNIT_SOL;
    // The recipe keeps the DNA's value ×10¹⁸ in a u64: refused by name rather than thrown by the recipe math.
    const scaled = Math.round(dnaUnitSol * DNA_UNIT_LAMPORTS_E9_PER_SOL);
    if (scaled < 1 || scaled >= Number(U64_MAX)) {
      return fail("INVALID_LAUNCH", { reason: "dnaUnitSol is too small or too large to price this recipe in whole base units" });
    }
    const curve = curveFor(body.supply ?? DEFAULT_SUPPLY, body.curveTargetSol ?? null, dnaUnitSol, {
      feeBps: body.feeBps ?? defaultCurveParameters.feeBps,
      creatorFeeShareBps: body.creatorFeeShareBps ?? defaultCurveParameters.creatorFeeShareBps,
    });
    if (!curve) {
      return fail("INVALID_LAUNCH", {
        reason:
          "curveTargetSol at this dnaUnitSol (or this supply) needs a curve reserve beyond a u64, or leaves the curve nothing to sell",
      });
    }

    let seed = 1n;
    let launch = (await findLaunchPda({ creator, seed }))[0];
    // The creator's first unused seed: each launch of a creator has its own address.
    while (devnet.getAccount(launch) !== null) launch = (await findLaunchPda({ creator, seed: ++seed }))[0];
    const imageUri = body.imageUri ?? this.options.defaultImageUri(body.symbol, launch);
    const chainName = utf8Prefix(body.name, MAX_NAME_BYTES);
    const prepared = await prepareLaunchAt(
      {
        creator,
        seed,
        symbol: body.symbol,
        name: chainName,
        uri: Buffer.byteLength(imageUri) <= MAX_URI_BYTES ? imageUri : "",
        kind: "pairs",
        components,
        dnaUnitLamportsE9: BigInt(scaled),
        curve,
      },
      // Wrapped SOL is priced at exactly one lamport per base unit: it is SOL.
      venues.map((venue) => (venue ? { lamportsReserve: venue.lamportsReserve, componentReserve: venue.componentReserve } : SOL_PRICE)),
    );
    if (!prepared) {
      return fail("INVALID_LAUNCH", { reason: "dnaUnitSol is too small or too large to price this recipe in whole base units" });
    }
    const needed = this.lamportsToCreate(components.length);
    const held = devnet.getBalance(creator);
    if (held < needed) {
      return fail("INSUFFICIENT_FUNDS", {
        wallet: creator,
        shortfall: `holds ${held} lamports and creating this launch needs ${needed} (the network fee and the rent of the launch, curve, mint and vault accounts): ${needed - held} more`,
      });
    }
    const { accounts, instruction } = prepared;
    const metadata: CreatedLaunchMetadata = {
      description: body.description ?? "",
      website: body.website ?? null,
      x: body.x ?? null,
      telegram: body.telegram ?? null,
      imageUri,
      category: "basket",
      ...(chainName === body.name ? {} : { name: body.name }),
    };
    const lifetime = devnet.latestBlockhash();
    const compiled = compileUnsignedTransaction({
      feePayer: creator,
      instructions: [instruction, { programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(metadataMemo(metadata)) }],
      lifetime,
      computeUnitLimit: CREATE_LAUNCH_COMPUTE_UNITS,
    });
    const transaction = encodeWireTransaction(compiled);
    const key = Buffer.from(compiled.messageBytes).toString("base64");
    // Built again (the same message): it moves to the newest end, dropped last.
    this.#pending.delete(key);
    this.#pending.set(key, { launch: accounts.launch, metadata });
    if (this.#pending.size > MAX_PENDING_CREATIONS) this.#pending.delete(this.#pending.keys().next().value!);
    return succeed({
      launch: accounts.launch,
      primaryMint: accounts.mint,
      transaction,
      lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
      plan: [{ step: 1, label: `Create ${body.symbol}: launch record, mint, curve and vaults`, transaction, kind: "setup" }],
    });
  }

  /**
   * What a creator pays to create a launch of `components` components: the signature fee
   * and the rent of every account the create opens (launch record, curve, mint, the curve's
   * and the migration's launch-token vaults, and a vault per component).
   */
  lamportsToCreate(components: number): bigint {
    const rent = (bytes: number) => this.options.devnet.minimumBalanceForRentExemption(bytes);
    const vaults = BigInt(2 + components);
    return (
      SIGNATURE_FEE_LAMPORTS +
      rent(LAUNCH_ACCOUNT_SIZE) +
      rent(CURVE_ACCOUNT_SIZE) +
      rent(MINT_ACCOUNT_BYTES) +
      rent(TOKEN_ACCOUNT_BYTES) * vaults
    );
  }
}

/** The spot price of wrapped SOL in the recipe math's terms: one lamport per base unit. */
const SOL_PRICE = { lamportsReserve: 1n, componentReserve: 1n };

/** The body's free text: kept, and shown in records and stream frames. */
const TEXT_FIELDS = ["name", "description", "imageUri", "website", "x", "telegram"] as const;
/** A UTF-16 surrogate not paired with its other half (with the u flag a pair is one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The longest prefix of `text`, whole code points, that is at most `bytes` long in UTF-8. */
function utf8Prefix(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let prefix = "";
  let used = 0;
  for (const character of text) {
    used += Buffer.byteLength(character);
    if (used > bytes) break;
    prefix += character;
  }
  return prefix;
}

/** The rules the program enforces that the schema cannot say, answered before building anything. */
function validate(body: BuildCreateBody): string | null {
  // A basket may hold wrapped SOL beside other components (wrapped, not swapped, when bought).
  // Alone it would be a collectible's recipe without its card: past its curve such a launch
  // has no component venue to route through, so it is refused here rather than stranded.
  if (body.components.every((component) => isWrappedSol(component.mint as Address))) {
    return "a recipe of wrapped SOL alone is a collectible's (its card is listed by the simulator); add another component";
  }
  const weights = body.components.reduce((sum, component) => sum + component.targetBps, 0);
  if (weights !== 10_000) return `components' targetBps must sum to 10000, got ${weights}`;
  if (new Set(body.components.map((component) => component.mint)).size !== body.components.length)
    return "components must be distinct mints";
  // The chain keeps a NUL, but its readers (kit's UTF-8 decoder, the indexer) drop it: "\u0000" would list as "".
  if (body.name.includes("\u0000")) return "name must not contain NUL characters (U+0000): readers of the chain's name drop them";
  // A lone surrogate has no UTF-8: the chain would store U+FFFD in its place, and every record
  // and frame showing the text would carry JSON that strict clients cannot decode.
  for (const field of TEXT_FIELDS) {
    const text = body[field];
    if (typeof text === "string" && LONE_SURROGATE.test(text))
      return `${field} must be well-formed Unicode text (it holds a lone surrogate, which has no UTF-8)`;
  }
  return null;
}
