import type { Signature } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { jsonText } from "./json-text.ts";
import type { Commitment } from "./rpc-schemas.ts";
import { reaches, rpcSignatureStatus } from "./signature-status.ts";

/** Slots behind the head the devnet calls its root (what finalized means here). */
const ROOT_DEPTH = 32n;

export type Subscription =
  { readonly kind: "slot" } | { readonly kind: "signature"; readonly signature: Signature; readonly commitment: Commitment };

/**
 * One PubSub socket: its subscriptions by id, and the notifications they owe. A signature
 * subscription notifies once, when its transaction reaches the commitment asked for, and
 * then ends (as the validator's does); a slot subscription notifies at every slot tick.
 */
export class PubSubSession {
  readonly #subscriptions = new Map<number, Subscription>();
  /** Work that must follow the reply being sent (a notification may not overtake its subscription id). */
  #afterReply: (() => void)[] = [];

  constructor(
    readonly devnet: Devnet,
    readonly send: (text: string) => void,
    readonly nextId: () => number,
  ) {}

  subscribe(subscription: Subscription): number {
    const id = this.nextId();
    this.#subscriptions.set(id, subscription);
    // A transaction already at its commitment is announced at once, after the id is known.
    if (subscription.kind === "signature") this.#afterReply.push(() => this.#checkSignature(id));
    return id;
  }

  /** Ends subscription `id` of `kind`; false when this socket has none such. */
  unsubscribe(id: number, kind: Subscription["kind"]): boolean {
    if (this.#subscriptions.get(id)?.kind !== kind) return false;
    return this.#subscriptions.delete(id);
  }

  /** Runs what waited for the reply. */
  flush(): void {
    const work = this.#afterReply;
    this.#afterReply = [];
    for (const job of work) job();
  }

  /** A slot tick: every slot subscription hears the new head, every signature subscription is checked. */
  onSlot(slot: bigint): void {
    for (const [id, subscription] of this.#subscriptions) {
      if (subscription.kind === "slot") {
        const root = slot > ROOT_DEPTH ? slot - ROOT_DEPTH : 0n;
        this.#notify("slotNotification", id, { parent: slot > 0n ? slot - 1n : 0n, root, slot });
      } else this.#checkSignature(id);
    }
  }

  close(): void {
    this.#subscriptions.clear();
  }

  #checkSignature(id: number): void {
    const subscription = this.#subscriptions.get(id);
    if (subscription?.kind !== "signature") return;
    const status = rpcSignatureStatus(this.devnet, subscription.signature);
    if (!reaches(status, subscription.commitment)) return;
    this.#subscriptions.delete(id);
    this.#notify("signatureNotification", id, { context: { slot: this.devnet.now().slot }, value: { err: status!.err } });
  }

  #notify(method: string, subscription: number, result: unknown): void {
    this.send(jsonText({ jsonrpc: "2.0", method, params: { result, subscription } }));
  }
}
