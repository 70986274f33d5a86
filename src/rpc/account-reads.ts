import type { Address, EncodedAccount } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";

/** Accounts remembered between two changes of the chain (past it, all are forgotten and read afresh). */
const CAPACITY = 10_000;

const readers = new WeakMap<Devnet, AccountReads>();

/**
 * Account reads for the RPC, remembered until the chain may have changed: reading an
 * account from the VM (its address encoded, its owner decoded) is most of what a
 * `getAccountInfo` costs, and polling wallets ask for the same accounts over and over.
 * What is remembered is dropped at every write (`Devnet.version`) and every new slot (the
 * clock sysvar changes without a write), so a read never sees older state than the VM's.
 */
export class AccountReads {
  readonly #accounts = new Map<Address, EncodedAccount | null>();
  #version = -1;
  #slot = -1n;

  private constructor(readonly devnet: Devnet) {}

  static of(devnet: Devnet): AccountReads {
    let reads = readers.get(devnet);
    if (!reads) readers.set(devnet, (reads = new AccountReads(devnet)));
    return reads;
  }

  get(address: Address): EncodedAccount | null {
    const { version } = this.devnet;
    const { slot } = this.devnet.now();
    if (version !== this.#version || slot !== this.#slot || this.#accounts.size >= CAPACITY) {
      this.#accounts.clear();
      this.#version = version;
      this.#slot = slot;
    }
    let account = this.#accounts.get(address);
    if (account === undefined) {
      account = this.devnet.getAccount(address);
      this.#accounts.set(address, account);
    }
    return account;
  }
}
