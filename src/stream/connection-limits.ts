import type { StreamCloseName } from "./close-codes.ts";

/** Connections held per remote address and in all, for the 1013 refusals. */
export class ConnectionLimits {
  readonly #perAddress = new Map<string, number>();
  readonly #maxTotal: number;
  readonly #maxPerAddress: number;
  #total = 0;

  constructor(maxTotal: number, maxPerAddress: number) {
    this.#maxTotal = maxTotal;
    this.#maxPerAddress = maxPerAddress;
  }

  get total(): number {
    return this.#total;
  }

  /** Takes a slot for `address`, or names the cap that refuses it. */
  acquire(address: string): { readonly ok: true } | { readonly ok: false; readonly refusal: StreamCloseName } {
    if (this.#total >= this.#maxTotal) return { ok: false, refusal: "serverCap" };
    const held = this.#perAddress.get(address) ?? 0;
    if (held >= this.#maxPerAddress) return { ok: false, refusal: "addressCap" };
    this.#perAddress.set(address, held + 1);
    this.#total += 1;
    return { ok: true };
  }

  release(address: string): void {
    const held = this.#perAddress.get(address);
    if (held === undefined) return;
    if (held <= 1) this.#perAddress.delete(address);
    else this.#perAddress.set(address, held - 1);
    this.#total -= 1;
  }
}
