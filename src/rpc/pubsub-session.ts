import type { Address, EncodedAccount, Signature } from "@solana/kit";
import type { Devnet, LandedTransaction } from "../chain/devnet.ts";
import { FINALITY_SLOTS } from "../chain/virtual-clock.ts";
import { encodeAccount } from "./encode-account.ts";
import { WrittenJson, jsonText } from "./json-text.ts";
import type { AccountMatch } from "./program-accounts-method.ts";
import type { AccountEncoding, Commitment, DataSlice } from "./rpc-schemas.ts";
import { transactionErrorJson } from "./transaction-error-json.ts";
import { reaches, rpcSignatureStatus } from "./signature-status.ts";

const CLOSED_ACCOUNT = (encoding: AccountEncoding) => ({
  data: encoding === "binary" ? "" : ["", encoding === "base58" ? "base58" : "base64"],
  executable: false,
  lamports: 0,
  owner: "11111111111111111111111111111111",
  rentEpoch: 0,
  space: 0,
});

/** The root at `slot`: the newest finalized slot (this devnet has no forks). */
const rootOf = (slot: bigint) => (slot > FINALITY_SLOTS ? slot - FINALITY_SLOTS : 0n);

export type Subscription =
  | { readonly kind: "slot" }
  | { readonly kind: "root" }
  /** `received`: also told when the transaction is received (`enableReceivedNotification`). */
  | { readonly kind: "signature"; readonly signature: Signature; readonly commitment: Commitment; readonly received: boolean }
  /** `last` is the account as last announced (null: absent), to tell a change. */
  | {
      readonly kind: "account";
      readonly address: Address;
      readonly encoding: AccountEncoding;
      last: EncodedAccount | null;
      readonly finalized: boolean;
    }
  /** `mentions` null: every transaction. */
  | { readonly kind: "logs"; readonly mentions: Address | null; readonly finalized: boolean }
  /** `matches`: the request's filters, all in one. */
  | {
      readonly kind: "program";
      readonly program: Address;
      readonly encoding: AccountEncoding;
      readonly dataSlice: DataSlice | undefined;
      readonly matches: AccountMatch;
      /** Notified once the change's slot is finalized (32 deep), with the state as of the change. */
      readonly finalized: boolean;
    };

/** Notifications a socket holds for its finalized subscriptions before the rest are dropped (a client that never lets slots pass). */
const MAX_HELD_NOTIFICATIONS = 10_000;

/** A transaction that landed since the last tick, with the accounts its message names. */
export interface LandedLogs {
  readonly landed: LandedTransaction;
  readonly accounts: ReadonlySet<string>;
}

const sameAccount = (a: EncodedAccount | null, b: EncodedAccount | null): boolean =>
  a === null || b === null
    ? a === b
    : a.lamports === b.lamports &&
      a.programAddress === b.programAddress &&
      a.executable === b.executable &&
      Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).equals(b.data as Uint8Array);

/**
 * What changed since the last tick, shared by every socket: the transactions that landed,
 * and the accounts written (read from the chain once, and only when a program subscription
 * asks).
 */
export class SlotChanges {
  #accounts: EncodedAccount[] | null = null;
  /** Watched accounts as they are now, by address: read once a tick, however many subscriptions watch one. */
  readonly #now = new Map<Address, EncodedAccount | null>();
  /** Per address, whether it differs from an account last announced (by that announcement's object). */
  readonly #changed = new Map<Address, Map<EncodedAccount | null, boolean>>();
  /** The accounts as notifications carry them, by encoding, slice and address. */
  readonly #encoded = new Map<string, WrittenJson>();

  constructor(
    readonly devnet: Devnet,
    readonly landed: readonly LandedLogs[] = [],
    readonly written: ReadonlySet<Address> = new Set(),
  ) {}

  /** The written accounts that still exist, as they are now. */
  get accounts(): readonly EncodedAccount[] {
    if (this.#accounts === null) {
      this.#accounts = [];
      for (const key of this.written) {
        const account = this.devnet.getAccount(key);
        if (account) this.#accounts.push(account);
      }
    }
    return this.#accounts;
  }

  /** The account at `address` now (null: absent). */
  accountNow(address: Address): EncodedAccount | null {
    let now = this.#now.get(address);
    if (now === undefined) {
      now = this.devnet.getAccount(address);
      this.#now.set(address, now);
    }
    return now;
  }

  /**
   * Whether the account at `address` differs from `last`, as a subscription last announced it.
   * Subscriptions told in the same tick hold the same object, so a tick compares each watched
   * account's bytes about once, not once per subscription (24 sockets of 256 subscriptions to
   * one 100 KB account compared 600 MB a tick).
   */
  changedSince(address: Address, last: EncodedAccount | null): boolean {
    let byLast = this.#changed.get(address);
    if (byLast === undefined) this.#changed.set(address, (byLast = new Map()));
    let changed = byLast.get(last);
    if (changed === undefined) {
      changed = !sameAccount(this.accountNow(address), last);
      byLast.set(last, changed);
    }
    return changed;
  }

  /** The account at `address` as an `accountNotification` carries it in `encoding`, encoded once a tick. */
  encodedNow(address: Address, encoding: AccountEncoding): WrittenJson {
    return this.#encodedOnce(`${encoding} ${address}`, () => {
      const now = this.accountNow(address);
      return now ? encodeAccount(this.devnet, now, encoding) : CLOSED_ACCOUNT(encoding);
    });
  }

  /** A written account as a `programNotification` carries it, encoded once a tick for each encoding and slice. */
  encodedWritten(account: EncodedAccount, encoding: AccountEncoding, dataSlice: DataSlice | undefined): WrittenJson {
    const slice = dataSlice === undefined ? "" : `${dataSlice.offset}:${dataSlice.length}`;
    return this.#encodedOnce(`${encoding} ${slice} ${account.address} written`, () =>
      encodeAccount(this.devnet, account, encoding, dataSlice),
    );
  }

  /** Encoded and written as JSON text once a tick: every notification carrying it copies the text. */
  #encodedOnce(key: string, encode: () => unknown): WrittenJson {
    let written = this.#encoded.get(key);
    if (written === undefined) this.#encoded.set(key, (written = new WrittenJson(encode())));
    return written;
  }
}

/** What the sockets of one client address hold between them: the caps on an address count these. */
export interface AddressShare {
  sockets: number;
  subscriptions: number;
}

/**
 * One PubSub socket: its subscriptions by id, and the notifications they owe. A signature
 * subscription notifies once, when its transaction reaches the commitment asked for, and
 * then ends (as the validator's does); a slot subscription notifies at every slot tick.
 */
export class PubSubSession {
  readonly #subscriptions = new Map<number, Subscription>();
  /** Work that must follow the reply being sent (a notification may not overtake its subscription id). */
  #afterReply: (() => void)[] = [];
  /** Notifications of finalized subscriptions, made at the change, sent once their slot is 32 deep; in slot order. */
  #held: { readonly dueSlot: bigint; readonly subscription: number; readonly text: string }[] = [];

  constructor(
    readonly devnet: Devnet,
    readonly send: (text: string) => void,
    readonly nextId: () => number,
    /** Shared with the other sockets of the client's address (a socket of its own when not given). */
    readonly share: AddressShare = { sockets: 1, subscriptions: 0 },
  ) {}

  /** How many subscriptions this socket holds. */
  get subscriptionCount(): number {
    return this.#subscriptions.size;
  }

  subscribe(subscription: Subscription): number {
    const id = this.nextId();
    this.#subscriptions.set(id, subscription);
    this.share.subscriptions += 1;
    // A transaction already at its commitment is announced at once, after the id is known.
    if (subscription.kind === "signature") this.#afterReply.push(() => this.#checkSignature(id));
    return id;
  }

  /** Ends subscription `id` of `kind`; false when this socket has none such. */
  unsubscribe(id: number, kind: Subscription["kind"]): boolean {
    if (this.#subscriptions.get(id)?.kind !== kind) return false;
    this.#end(id);
    return true;
  }

  /** Forgets subscription `id`, counting it off the address's share. */
  #end(id: number): void {
    if (this.#subscriptions.delete(id)) this.share.subscriptions -= 1;
  }

  /** Runs what waited for the reply. */
  flush(): void {
    const work = this.#afterReply;
    this.#afterReply = [];
    for (const job of work) job();
  }

  /**
   * A slot tick: slot subscriptions hear the new head, signature subscriptions are checked,
   * account subscriptions hear a changed account, logs subscriptions the transactions that
   * landed since the last tick, program subscriptions each written account the program
   * owns that passes their filters (a closed account belongs to no program: not told).
   */
  onSlot(slot: bigint, changes: SlotChanges = new SlotChanges(this.devnet)): void {
    const { landed } = changes;
    this.#sendFinalized(slot);
    for (const [id, subscription] of this.#subscriptions) {
      switch (subscription.kind) {
        case "slot":
          this.#notify("slotNotification", id, { parent: slot > 0n ? slot - 1n : 0n, root: rootOf(slot), slot });
          break;
        case "root":
          // The validator's rootNotification carries the new root alone.
          this.#notify("rootNotification", id, rootOf(slot));
          break;
        case "signature":
          this.#checkSignature(id);
          break;
        case "account": {
          const changed = changes.changedSince(subscription.address, subscription.last);
          // Kept even when unchanged: every subscription to the address then holds this tick's one object.
          subscription.last = changes.accountNow(subscription.address);
          if (!changed) break;
          // A closed account is announced as the validator does: empty, owned by the system program.
          const value = changes.encodedNow(subscription.address, subscription.encoding);
          this.#notifyState(subscription.finalized, slot, "accountNotification", id, { context: { slot }, value });
          break;
        }
        case "logs":
          for (const { landed: transaction, accounts } of landed) {
            if (subscription.mentions !== null && !accounts.has(subscription.mentions)) continue;
            const err = transaction.error && transactionErrorJson(transaction.error);
            this.#notifyState(subscription.finalized, slot, "logsNotification", id, {
              context: { slot: transaction.slot },
              value: { signature: transaction.signature, err, logs: transaction.logs },
            });
          }
          break;
        case "program":
          for (const account of changes.accounts) {
            if (account.programAddress !== subscription.program || !subscription.matches(account)) continue;
            this.#notifyState(subscription.finalized, slot, "programNotification", id, {
              context: { slot },
              value: {
                pubkey: account.address,
                account: changes.encodedWritten(account, subscription.encoding, subscription.dataSlice),
              },
            });
          }
          break;
      }
    }
  }

  /**
   * The chain received `signature`: signature subscriptions that asked for it hear
   * "receivedSignature", as the validator sends it, and go on waiting for the commitment.
   */
  onReceived(signature: Signature): void {
    for (const [id, subscription] of this.#subscriptions) {
      if (subscription.kind !== "signature" || !subscription.received || subscription.signature !== signature) continue;
      this.#notify("signatureNotification", id, { context: { slot: this.devnet.now().slot }, value: "receivedSignature" });
    }
  }

  close(): void {
    this.share.subscriptions -= this.#subscriptions.size;
    this.#subscriptions.clear();
    this.#held = [];
  }

  /**
   * A state subscription's notification: sent now, or (finalized) held until the tick's `slot`
   * is 32 deep (ticks only move forward, so the held list stays in order).
   */
  #notifyState(finalized: boolean, slot: bigint, method: string, subscription: number, result: unknown): void {
    if (!finalized) return this.#notify(method, subscription, result);
    if (this.#held.length >= MAX_HELD_NOTIFICATIONS) this.#held.shift();
    this.#held.push({ dueSlot: slot + FINALITY_SLOTS, subscription, text: this.#text(method, subscription, result) });
  }

  /** Sends the held notifications whose slot is finalized at `slot`, unless their subscription ended meanwhile. */
  #sendFinalized(slot: bigint): void {
    let due = 0;
    while (due < this.#held.length && this.#held[due]!.dueSlot <= slot) due++;
    if (due === 0) return;
    for (const { subscription, text } of this.#held.splice(0, due)) if (this.#subscriptions.has(subscription)) this.send(text);
  }

  #checkSignature(id: number): void {
    const subscription = this.#subscriptions.get(id);
    if (subscription?.kind !== "signature") return;
    const status = rpcSignatureStatus(this.devnet, subscription.signature);
    if (!reaches(status, subscription.commitment)) return;
    this.#end(id);
    this.#notify("signatureNotification", id, { context: { slot: this.devnet.now().slot }, value: { err: status!.err } });
  }

  #notify(method: string, subscription: number, result: unknown): void {
    this.send(this.#text(method, subscription, result));
  }

  #text(method: string, subscription: number, result: unknown): string {
    return jsonText({ jsonrpc: "2.0", method, params: { result, subscription } });
  }
}
