import type { Address, EncodedAccount } from "@solana/kit";
import { getTokenDecoder } from "@solana-program/token";
import { checkTransaction, isWritableKey, loadsFromLookupTables } from "../../../chain/check-transaction.ts";
import type { Devnet, DevnetWrite } from "../../../chain/devnet.ts";
import { TOKEN_PROGRAMS, tokenAccountBase } from "../../../programs/index.ts";

const tokenDecoder = getTokenDecoder();
const NOTHING_HELD: ReadonlyMap<Address, bigint> = new Map();

interface TokenAccountState {
  readonly owner: Address;
  readonly mint: Address;
  readonly amount: bigint;
}

/**
 * Every non-zero token balance on the chain, by owner and mint, kept as the chain changes:
 * read whole once, then each landed transaction's writable accounts are read again (only an
 * account a transaction write-locks can change, CPIs included), and each account write. A
 * restore, or a message whose writable accounts come from lookup tables, has it read whole
 * again before the next answer. A full scan per chain version cost 150-250 ms with ~1,400
 * token accounts, paid by nearly every balances request while trades landed.
 */
export class TokenHoldings {
  readonly #devnet: Devnet;
  readonly #accounts = new Map<Address, TokenAccountState>();
  readonly #byOwner = new Map<Address, Map<Address, bigint>>();
  /** False until the chain is read whole, and again after a change this index cannot follow account by account. */
  #whole = false;

  private constructor(devnet: Devnet) {
    this.#devnet = devnet;
    devnet.onWrite((write) => this.#follow(write));
  }

  static #ofDevnet = new WeakMap<Devnet, TokenHoldings>();

  /** The index of `devnet`, made (and attached to its writes) on first use. */
  static of(devnet: Devnet): TokenHoldings {
    let holdings = TokenHoldings.#ofDevnet.get(devnet);
    if (!holdings) TokenHoldings.#ofDevnet.set(devnet, (holdings = new TokenHoldings(devnet)));
    return holdings;
  }

  /** What `owner` holds, summed per mint over all its token accounts; only non-zero balances. */
  heldBy(owner: Address): ReadonlyMap<Address, bigint> {
    if (!this.#whole) this.#readWhole();
    return this.#byOwner.get(owner) ?? NOTHING_HELD;
  }

  #follow(write: DevnetWrite): void {
    // Not read whole yet (or due to be): the next answer reads everything anyway.
    if (!this.#whole) return;
    switch (write.kind) {
      case "transaction": {
        const check = checkTransaction(write.transaction);
        if (!check.ok) return;
        const { message } = check;
        if (loadsFromLookupTables(message)) {
          this.#whole = false;
          return;
        }
        message.staticAccounts.forEach((key, index) => isWritableKey(message, index) && this.#reread(key));
        return;
      }
      case "account":
        // Announced as it is written: the write carries the account's new state.
        this.#reread(write.account.address, write.account);
        return;
      case "restore":
        this.#whole = false;
        return;
      case "airdrop":
        // Lamports to a system account: no token balance moves.
        return;
    }
  }

  #readWhole(): void {
    this.#accounts.clear();
    this.#byOwner.clear();
    for (const program of TOKEN_PROGRAMS)
      for (const account of this.#devnet.getProgramAccounts(program as Address)) this.#reread(account.address, account);
    this.#whole = true;
  }

  /** Reads `address` again (or takes its state as written): a token account now is put, one that no longer is (closed, or never was) is dropped. */
  #reread(address: Address, account: EncodedAccount | null = this.#devnet.getAccount(address)): void {
    this.#drop(address);
    const base = account === null ? null : tokenAccountBase(account);
    if (base === null) return;
    const { owner, mint, amount } = tokenDecoder.decode(base);
    this.#put(address, { owner, mint, amount });
  }

  #put(address: Address, state: TokenAccountState): void {
    this.#accounts.set(address, state);
    this.#add(state, state.amount);
  }

  #drop(address: Address): void {
    const state = this.#accounts.get(address);
    if (state === undefined) return;
    this.#accounts.delete(address);
    this.#add(state, -state.amount);
  }

  /** Moves `owner`'s sum of `mint` by `delta`, keeping only non-zero sums. */
  #add({ owner, mint }: TokenAccountState, delta: bigint): void {
    if (delta === 0n) return;
    let held = this.#byOwner.get(owner);
    if (!held) this.#byOwner.set(owner, (held = new Map()));
    const sum = (held.get(mint) ?? 0n) + delta;
    if (sum === 0n) held.delete(mint);
    else held.set(mint, sum);
    if (held.size === 0) this.#byOwner.delete(owner);
  }
}
