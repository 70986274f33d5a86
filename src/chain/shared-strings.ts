/**
 * One copy of each string that recurs from one transaction to the next (an account key, a
 * log line), for everything that keeps many of them: a decoded message or a VM log makes a
 * new string each time, and records held for good would otherwise hold the same few hundred
 * texts thousands of times over. Bounded: past `capacity` copies the table starts over (the
 * records keep the copies they hold).
 */
export class SharedStrings<T extends string = string> {
  readonly #copies = new Map<T, T>();

  constructor(readonly capacity: number) {}

  /** The shared copy of `text` (which becomes it when there is none yet). */
  of(text: T): T {
    const known = this.#copies.get(text);
    if (known !== undefined) return known;
    if (this.#copies.size >= this.capacity) this.#copies.clear();
    this.#copies.set(text, text);
    return text;
  }
}
