/**
 * The wallets a recording used, named `wallet1`, `wallet2`… in the order they first appear.
 * A recorded address means nothing on replay (the runner signs with keys of its own), so
 * every place it appeared, in a request or an answer, becomes a reference to the name.
 */
export class WalletNames {
  readonly #names = new Map<string, string>();

  /** Names the address (once; the same address keeps its name). */
  add(address: string): string {
    const known = this.#names.get(address);
    if (known) return known;
    const name = `wallet${this.#names.size + 1}`;
    this.#names.set(address, name);
    return name;
  }

  nameOf(address: string): string | undefined {
    return this.#names.get(address);
  }

  /** The named wallets, in order: name → the recorded address. */
  entries(): readonly (readonly [name: string, address: string])[] {
    return [...this.#names].map(([address, name]) => [name, address] as const);
  }

  /** `value` with every string that is a named wallet's address (or holds one in a path) made a `${wallets.NAME}` reference. */
  substitute<T>(value: T): T {
    if (typeof value === "string") {
      let text: string = value;
      for (const [address, name] of this.#names) if (text.includes(address)) text = text.split(address).join(`\${wallets.${name}}`);
      return text as T;
    }
    if (Array.isArray(value)) return value.map((item) => this.substitute(item)) as T;
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.substitute(item)])) as T;
    return value;
  }
}
