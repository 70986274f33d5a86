import type { Address } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";
import {
  type CurveAccount,
  LAUNCH_PROGRAM_ADDRESS,
  type LaunchAccount,
  NATIVE_MINT_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  derivePoolAccounts,
  getCurveAccountDecoder,
  getLaunchAccountDecoder,
  getPoolAccountDecoder,
} from "../programs/index.ts";
import type { Venue } from "./basket-funding.ts";

const launchDecoder = getLaunchAccountDecoder();
const curveDecoder = getCurveAccountDecoder();
const poolDecoder = getPoolAccountDecoder();

/**
 * Reads what a quote needs straight from the chain — the launch and curve records, the
 * SOL venues and a wallet's holdings — so a quote never trusts a stale read model.
 * Derived addresses are cached: they never change.
 */
export class MarketReader {
  readonly #venueAddresses = new Map<Address, Promise<{ pool: Address; vaultA: Address; vaultB: Address }>>();
  readonly #tokenAccounts = new Map<string, Promise<Address>>();

  constructor(
    readonly devnet: Devnet,
    /** The authority of the SOL venue pools (the world's faucet). */
    readonly venueAuthority: Address,
  ) {}

  launch(address: Address): { launch: LaunchAccount; curve: CurveAccount } | null {
    const launchAccount = this.devnet.getAccount(address);
    if (!launchAccount || launchAccount.programAddress !== LAUNCH_PROGRAM_ADDRESS) return null;
    const launch = launchDecoder.decode(launchAccount.data);
    const curveAccount = this.devnet.getAccount(launch.curve);
    if (!curveAccount) return null;
    return { launch, curve: curveDecoder.decode(curveAccount.data) };
  }

  /** The SOL venue of `mint` with its reserves now, or null when the world has none. */
  async venue(mint: Address): Promise<Venue | null> {
    let addresses = this.#venueAddresses.get(mint);
    if (!addresses) {
      addresses = derivePoolAccounts(this.venueAuthority, NATIVE_MINT_ADDRESS, mint);
      this.#venueAddresses.set(mint, addresses);
    }
    const { pool, vaultA, vaultB } = await addresses;
    const account = this.devnet.getAccount(pool);
    if (!account) return null;
    const record = poolDecoder.decode(account.data);
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

  async tokenAccountOf(owner: Address, mint: Address): Promise<Address> {
    const key = `${owner}:${mint}`;
    let account = this.#tokenAccounts.get(key);
    if (!account) {
      account = findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }).then(([found]) => found);
      this.#tokenAccounts.set(key, account);
    }
    return account;
  }

  /** Token amount in `account`; 0 when it does not exist. */
  tokenBalance(account: Address): bigint {
    const encoded = this.devnet.getAccount(account);
    if (!encoded || encoded.data.length < 72) return 0n;
    return new DataView(encoded.data.buffer, encoded.data.byteOffset + 64, 8).getBigUint64(0, true);
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
