import type { Address } from "@solana/kit";
import {
  type CollectibleStage,
  type CurveAccount,
  type DerivedTradeAccounts,
  LAUNCH_PROGRAM_ADDRESS,
  type LaunchAccount,
  NATIVE_MINT_ADDRESS,
  derivePoolAccounts,
  deriveTradeAccounts,
  findAssociatedTokenAddress,
  findCollectiblePda,
  getCurveAccountDecoder,
  getLaunchAccountDecoder,
  getPoolAccountDecoder,
  tokenAccountAmount,
} from "../programs/index.ts";
import { type Venue, isWrappedSol } from "./basket-funding.ts";
import { type ChainReads, readingOnce } from "./chain-reads.ts";
import { readCollectibleStage } from "./collectible-stage-of.ts";
import { DecodedRecords } from "./decoded-records.ts";

/** A launch's own derived addresses; the vaults follow the recipe's order. */
interface LaunchAddresses {
  readonly primaryMint: Address;
  readonly curve: Address;
  readonly primaryVault: Address;
  readonly vaults: readonly Address[];
}

const launchRecords = new DecodedRecords(getLaunchAccountDecoder());
const curveRecords = new DecodedRecords(getCurveAccountDecoder());
/** Pool records as they last decoded (shared with pricing's pair pools). */
export const poolRecords = new DecodedRecords(getPoolAccountDecoder());

/**
 * Reads what a quote needs straight from the chain — the launch and curve records, the
 * SOL venues and a wallet's holdings — so a quote never trusts a stale read model.
 * Derived addresses are cached: they never change.
 */
export class MarketReader {
  readonly #venueAddresses: Map<Address, Promise<{ pool: Address; vaultA: Address; vaultB: Address }>>;
  readonly #launchAddresses: Map<Address, Promise<LaunchAddresses>>;
  readonly #collectibleAddresses: Map<Address, Promise<Address>>;

  constructor(
    readonly devnet: ChainReads,
    /** The authority of the SOL venue pools (the world's faucet). */
    readonly venueAuthority: Address,
    shared: MarketReader | null = null,
  ) {
    this.#venueAddresses = shared ? shared.#venueAddresses : new Map();
    this.#launchAddresses = shared ? shared.#launchAddresses : new Map();
    this.#collectibleAddresses = shared ? shared.#collectibleAddresses : new Map();
  }

  /** A reader for one request: each account read once, the derived-address caches shared with this one. */
  readingOnce(): MarketReader {
    return new MarketReader(readingOnce(this.devnet), this.venueAuthority, this);
  }

  launch(address: Address): { launch: LaunchAccount; curve: CurveAccount } | null {
    const launchAccount = this.devnet.getAccount(address);
    if (!launchAccount || launchAccount.programAddress !== LAUNCH_PROGRAM_ADDRESS) return null;
    const launch = launchRecords.decode(address, launchAccount.data);
    const curveAccount = this.devnet.getAccount(launch.curve);
    if (!curveAccount) return null;
    return { launch, curve: curveRecords.decode(launch.curve, curveAccount.data) };
  }

  /**
   * Where a collectibles launch stands (null for any other launch): its collectible record's
   * stage read with the launch status (see readCollectibleStage). The record's address is
   * derived once per launch.
   */
  async collectibleStage(address: Address, launch: LaunchAccount): Promise<CollectibleStage | null> {
    if (launch.kind !== "collectibles") return null;
    let record = this.#collectibleAddresses.get(address);
    if (!record) {
      record = findCollectiblePda({ launch: address }).then(([pda]) => pda);
      this.#collectibleAddresses.set(address, record);
    }
    return readCollectibleStage(launch, this.devnet.getAccount(await record), await record);
  }

  /** The SOL venue of `mint` with its reserves now, or null when the world has none (wrapped SOL never has one: it is SOL). */
  async venue(mint: Address): Promise<Venue | null> {
    if (isWrappedSol(mint)) return null;
    let addresses = this.#venueAddresses.get(mint);
    if (!addresses) {
      addresses = derivePoolAccounts(this.venueAuthority, NATIVE_MINT_ADDRESS, mint);
      this.#venueAddresses.set(mint, addresses);
    }
    const { pool, vaultA, vaultB } = await addresses;
    const account = this.devnet.getAccount(pool);
    if (!account) return null;
    const record = poolRecords.decode(pool, account.data);
    return {
      pool,
      mint,
      vaultSol: vaultA,
      vaultComponent: vaultB,
      lamportsReserve: this.tokenBalance(vaultA),
      componentReserve: this.tokenBalance(vaultB),
      feeBps: record.feeBps,
    };
  }

  /** `owner`'s associated token account for `mint` (derived synchronously, remembered in a bounded cache). */
  async tokenAccountOf(owner: Address, mint: Address): Promise<Address> {
    return findAssociatedTokenAddress(owner, mint)[0];
  }

  /**
   * The accounts of a trade by `wallet` on `launch` (recipe mints in order). The launch's
   * own addresses — mint, curve, vaults — are derived once per launch: each derivation
   * hashes and checks a curve point per bump tried, and a quote needs a dozen.
   */
  async tradeAccounts(wallet: Address, launch: Address, mints: readonly Address[]): Promise<DerivedTradeAccounts> {
    let fixed = this.#launchAddresses.get(launch);
    if (!fixed) {
      fixed = deriveTradeAccounts(launch, launch, mints).then((derived) => ({
        primaryMint: derived.primaryMint,
        curve: derived.curve,
        primaryVault: derived.primaryVault,
        vaults: derived.components.map((component) => component.vault),
      }));
      this.#launchAddresses.set(launch, fixed);
    }
    const addresses = await fixed;
    const [traderPrimaryAccount, ...traderAccounts] = await Promise.all([
      this.tokenAccountOf(wallet, addresses.primaryMint),
      ...mints.map((mint) => this.tokenAccountOf(wallet, mint)),
    ]);
    return {
      trader: wallet,
      launch,
      curve: addresses.curve,
      primaryMint: addresses.primaryMint,
      primaryVault: addresses.primaryVault,
      traderPrimaryAccount: traderPrimaryAccount!,
      components: mints.map((mint, i) => ({ mint, traderAccount: traderAccounts[i]!, vault: addresses.vaults[i]! })),
    };
  }

  /** Token amount in `account`; 0 when it does not exist. */
  tokenBalance(account: Address): bigint {
    const encoded = this.devnet.getAccount(account);
    return encoded ? tokenAccountAmount(encoded.data) : 0n;
  }

  /** `wallet`'s balance of each mint (associated token accounts), in the given order. */
  async holdings(wallet: Address, mints: readonly Address[]): Promise<bigint[]> {
    const accounts = await Promise.all(mints.map((mint) => this.tokenAccountOf(wallet, mint)));
    return accounts.map((account) => this.tokenBalance(account));
  }

  /** Whether `wallet` already has its associated token account for `mint`. */
  async hasTokenAccount(wallet: Address, mint: Address): Promise<boolean> {
    return this.devnet.getAccount(await this.tokenAccountOf(wallet, mint)) !== null;
  }
}
