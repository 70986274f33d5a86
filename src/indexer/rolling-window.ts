import type { TradeTape } from "./trade-tape.ts";

/** The window of the "24h" figures: trades with block time > now − 86400 s. */
export const WINDOW_SECONDS = 86_400;

/**
 * A launch's 24-hour figures, kept incrementally: each trade is added once when it lands
 * and subtracted once when the window's start moves past it, so reading the figures at a
 * later time costs amortized O(1), never a rescan of the tape. Time only moves forward.
 */
export class RollingWindow {
  /** The first tape index inside the window. */
  #start = 0;
  #volumePrimary = 0n;
  #buyLamports = 0n;
  #sellLamports = 0n;
  #buys = 0;
  #sells = 0;

  /** Counts trade `i` of `tape`, just appended. */
  add(tape: TradeTape, i: number): void {
    this.#apply(tape, i, 1);
  }

  /** Moves the window's start to `nowUnix` − 86400, subtracting the trades it leaves behind. */
  advance(tape: TradeTape, nowUnix: number): this {
    const cutoff = nowUnix - WINDOW_SECONDS;
    while (this.#start < tape.length && tape.unixAt(this.#start) <= cutoff) {
      this.#apply(tape, this.#start, -1);
      this.#start += 1;
    }
    return this;
  }

  /** The first trade inside the window (the tape's length when the window is empty). */
  get start(): number {
    return this.#start;
  }
  get volumePrimary(): bigint {
    return this.#volumePrimary;
  }
  get buyLamports(): bigint {
    return this.#buyLamports;
  }
  get sellLamports(): bigint {
    return this.#sellLamports;
  }
  get buys(): number {
    return this.#buys;
  }
  get sells(): number {
    return this.#sells;
  }
  get trades(): number {
    return this.#buys + this.#sells;
  }

  #apply(tape: TradeTape, i: number, sign: 1 | -1): void {
    const primary = tape.primaryAt(i);
    const lamports = tape.solLamportsAt(i);
    this.#volumePrimary += sign === 1 ? primary : -primary;
    if (tape.isBuyAt(i)) {
      this.#buys += sign;
      this.#buyLamports += sign === 1 ? lamports : -lamports;
    } else {
      this.#sells += sign;
      this.#sellLamports += sign === 1 ? lamports : -lamports;
    }
  }
}
