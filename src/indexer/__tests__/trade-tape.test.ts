import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base58ToBytes, bytesToBase58 } from "../../wire/base58-bytes.ts";
import { ratioToNumber } from "../number-format.ts";
import { type TapeEntry, TradeTape } from "../trade-tape.ts";

interface Step {
  slotGap: number;
  timeGap: number;
  buy: boolean;
  amount: bigint;
}

/** Trades in (slot, seq) order with non-decreasing times, from gaps between them. */
const tapeArbitrary: fc.Arbitrary<Step[]> = fc.array(
  fc.record({
    slotGap: fc.integer({ min: 0, max: 3 }),
    timeGap: fc.integer({ min: 0, max: 5 }),
    buy: fc.boolean(),
    amount: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  }),
  { maxLength: 200 },
);

/** A tape of `steps`, and the entries it was given. */
function build(steps: readonly Step[]) {
  const tape = new TradeTape();
  const entries: TapeEntry[] = [];
  let slot = 5n;
  let seq = 0;
  let unix = 1_000n;
  for (const [i, step] of steps.entries()) {
    if (step.slotGap > 0 || i === 0) {
      slot += BigInt(step.slotGap);
      seq = step.slotGap > 0 ? 0 : seq;
    }
    unix += BigInt(step.slotGap > 0 ? step.timeGap : 0);
    const entry: TapeEntry = {
      slot,
      seq: seq++,
      unixTimestamp: unix,
      direction: step.buy ? "buy" : "sell",
      pairPool: i % 5 === 0,
      primaryAmount: step.amount,
      dnaUnits: step.amount / 3n,
      dnaUnitLamportsE9: 1_000_000_000n + BigInt(i),
      trader: i % 7,
      signature: new Uint8Array(randomBytes(64)),
      virtualPrimary: step.amount,
      virtualDna: step.amount / 2n,
    };
    entries.push(entry);
    expect(tape.append(entry)).toBe(i);
  }
  return { tape, entries };
}

describe("TradeTape", () => {
  it("reads back every column exactly, and refuses a trade that is not newer", () => {
    fc.assert(
      fc.property(tapeArbitrary, (steps) => {
        const { tape, entries } = build(steps);
        expect(tape.length).toBe(entries.length);
        for (const [i, entry] of entries.entries()) {
          expect([
            tape.slotAt(i),
            tape.seqAt(i),
            tape.unixAt(i),
            tape.directionAt(i),
            tape.isPairPoolAt(i),
            tape.primaryAt(i),
            tape.dnaAt(i),
          ]).toEqual([
            entry.slot,
            entry.seq,
            Number(entry.unixTimestamp),
            entry.direction,
            entry.pairPool,
            entry.primaryAmount,
            entry.dnaUnits,
          ]);
          expect([tape.lamportsE9At(i), tape.traderAt(i), tape.virtualPrimaryAt(i), tape.virtualDnaAt(i)]).toEqual([
            entry.dnaUnitLamportsE9,
            entry.trader,
            entry.virtualPrimary,
            entry.virtualDna,
          ]);
          expect(tape.signatureAt(i)).toEqual(entry.signature);
          expect(tape.solLamportsAt(i)).toBe((entry.dnaUnits * entry.dnaUnitLamportsE9) / 1_000_000_000n);
        }
        const last = entries[entries.length - 1];
        if (last) expect(() => tape.append({ ...last })).toThrow(RangeError);
      }),
      { numRuns: 100 },
    );
  });

  it("lowerBound and firstAfter agree with a linear scan", () => {
    fc.assert(
      fc.property(
        tapeArbitrary,
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 990, max: 2_000 }),
        (steps, slot, seq, unix) => {
          const { tape, entries } = build(steps);
          const older = entries.findIndex((e) => e.slot > BigInt(slot) || (e.slot === BigInt(slot) && e.seq >= seq));
          expect(tape.lowerBound(BigInt(slot), seq)).toBe(older === -1 ? entries.length : older);
          const after = entries.findIndex((e) => e.unixTimestamp > BigInt(unix));
          expect(tape.firstAfter(unix)).toBe(after === -1 ? entries.length : after);
          const atOrAfter = entries.findIndex((e) => e.unixTimestamp >= BigInt(unix));
          expect(tape.firstAtOrAfter(unix)).toBe(atOrAfter === -1 ? entries.length : atOrAfter);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("costs 129 bytes a trade of columns, plus at most one chunk of 128 trades not yet filled", () => {
    const steps = Array.from({ length: 2_000 }, (_, i) => ({
      slotGap: i % 3 === 0 ? 1 : 0,
      timeGap: 1,
      buy: i % 2 === 0,
      amount: BigInt(i),
    }));
    const { tape, entries } = build(steps);
    for (const [i, entry] of entries.entries())
      expect([tape.primaryAt(i), tape.seqAt(i), tape.signatureAt(i)]).toEqual([entry.primaryAmount, entry.seq, entry.signature]);
    expect(tape.byteLength).toBeLessThanOrEqual(129 * (tape.length + 128));
    expect(build(steps.slice(0, 240 + 3 * 128)).tape.byteLength).toBe(129 * (240 + 3 * 128)); // chunks exactly full
    expect(() => tape.primaryAt(2_000)).toThrow(RangeError);
  });
});

describe("base58 signatures and exact ratios", () => {
  it("base58 round-trips 64-byte signatures exactly as @solana/kit spells them, leading zeros included", () => {
    const kit = getBase58Decoder();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.integer({ min: 0, max: 64 }), (bytes, zeros) => {
        bytes.fill(0, 0, zeros);
        const text = bytesToBase58(bytes);
        expect(text).toBe(kit.decode(bytes));
        expect(base58ToBytes(text, 64)).toEqual(bytes);
      }),
    );
    expect(base58ToBytes("0OIl", 64)).toBeNull();
    expect(base58ToBytes("z".repeat(100), 64)).toBeNull();
  });

  it("ratioToNumber is the correctly rounded quotient for safe integers and close for huge ones", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), fc.bigInt({ min: 1n, max: 2n ** 200n }), (n, d) => {
        const value = ratioToNumber(n, d);
        if (n <= BigInt(Number.MAX_SAFE_INTEGER) && d <= BigInt(Number.MAX_SAFE_INTEGER)) expect(value).toBe(Number(n) / Number(d));
        if (n === 0n) {
          expect(value).toBe(0);
          return;
        }
        const shift = Math.max(0, 90 - (n.toString(2).length - d.toString(2).length)); // a 90-bit quotient
        const reference = Number((n << BigInt(shift)) / d) / 2 ** shift;
        expect(Math.abs(value - reference) / reference).toBeLessThan(1e-15);
      }),
    );
    expect(ratioToNumber(5n, 0n)).toBe(0);
    expect(ratioToNumber(-3n, 2n)).toBe(-1.5);
  });
});
