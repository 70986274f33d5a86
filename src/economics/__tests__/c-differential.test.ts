/**
 * The TypeScript predictions against the programs' own C source, compiled for this host
 * (c-harness/). Every answer is compared in full: the refusal code, or on success every
 * state field, every balance and every field of the program's event. Skipped, with a
 * warning, where no C compiler is installed.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationShare } from "../migration-math.ts";
import { swapAll, swapExactIn, swapInForExactOut } from "../pool-math.ts";
import { U64_MAX } from "../u64-math.ts";
import { u64, weights } from "./arbitraries.ts";
import {
  type CurveCase,
  curveRequest,
  edgeCurveCase,
  expectedCurveAnswer,
  predictCurve,
  tradedCurveCase,
} from "./c-harness/curve-cases.ts";
import { type NativeProgram, findCompiler, startNativeProgram } from "./c-harness/native-program.ts";

/** The harness's code for a failed token transfer: the token program's refusal, not ours. */
const HARNESS_TOKEN_ERROR = 1n;
const compiler = findCompiler();
// CI always has a compiler (it installs clang-19): there a missing one is a failure, not a skip.
if (compiler === null && process.env.CI) throw new Error("c-differential: no C compiler (cc, gcc, clang) found in CI");
if (compiler === null) console.warn("c-differential: no C compiler (cc, gcc, clang) found; skipped");

describe.skipIf(compiler === null)("predictions match the C programs", () => {
  let curve: NativeProgram;
  let pool: NativeProgram;
  let launch: NativeProgram;
  beforeAll(() => {
    curve = startNativeProgram("curve")!;
    pool = startNativeProgram("pool")!;
    launch = startNativeProgram("launch")!;
  });
  afterAll(() => {
    curve?.close();
    pool?.close();
    launch?.close();
  });

  /** Runs the cases through the C and our prediction; counts outcomes so coverage can be asserted. */
  async function tally(cases: fc.Arbitrary<CurveCase>, numRuns: number): Promise<Record<string, number>> {
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const answer = (await curve.ask(curveRequest(c))).split(" ").map(BigInt);
        let outcome = "token";
        if (answer[0] !== HARNESS_TOKEN_ERROR) {
          const result = predictCurve(c);
          const expected = expectedCurveAnswer(c, result);
          expect(answer.slice(0, expected.length)).toEqual(expected);
          outcome = result.ok ? "settled" : String(result.error);
        }
        seen[outcome] = (seen[outcome] ?? 0) + 1;
      }),
      { numRuns },
    );
    return seen;
  }

  it("curve trades on curves reached by trading", async () => {
    const seen = await tally(tradedCurveCase, 2_500);
    expect(seen.settled).toBeGreaterThan(600);
    for (const code of ["6005", "6006", "6007", "6009", "6010", "6019"]) expect(seen[code]).toBeGreaterThan(0);
  });

  it("curve trades on arbitrary records at the edges of u64", async () => {
    const seen = await tally(edgeCurveCase, 3_000);
    expect(seen.settled).toBeGreaterThan(50);
    for (const code of ["6005", "6006", "6007", "6008", "6009", "6010", "6019"]) expect(seen[code]).toBeGreaterThan(0);
  });

  const reserve = fc.oneof(fc.bigInt({ min: 0n, max: 2_000n }), fc.bigInt({ min: 0n, max: 10n ** 16n }), u64);
  const poolFee = fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 10_000 }));

  /**
   * The C pool's answer: [code] when refused, [0, amountOut, fee] when settled; null for a
   * token failure. `wholeBalance` runs swap_all, which ignores `amountIn` and swaps the
   * balance less `keep`; its event's amount in must then be exactly that.
   */
  async function cSwap(
    amountIn: bigint,
    minOut: bigint,
    fee: number,
    balance: bigint,
    reserveIn: bigint,
    reserveOut: bigint,
    wholeBalance = false,
    keep = 0n,
  ): Promise<bigint[] | null> {
    const answer = await pool.ask([amountIn, minOut, fee, balance, reserveIn, reserveOut, wholeBalance ? 1 : 0, keep].join(" "));
    const [code, out, paid, taken] = answer.split(" ").map(BigInt);
    if (code === HARNESS_TOKEN_ERROR) return null;
    if (code === 0n) expect(taken).toBe(wholeBalance ? balance - keep : amountIn);
    return code === 0n ? [0n, out!, paid!] : [code!];
  }

  it("pool swaps, refusals included", async () => {
    let settled = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(reserve, reserve, reserve, reserve, reserve),
        poolFee,
        async ([amountIn, minOut, balance, reserveIn, reserveOut], fee) => {
          const answer = await cSwap(amountIn, minOut, fee, balance, reserveIn, reserveOut);
          if (answer === null) return;
          const result = swapExactIn(reserveIn, reserveOut, amountIn, fee, minOut, balance);
          expect(answer).toEqual(result.ok ? [0n, result.amountOut, result.fee] : [BigInt(result.error)]);
          if (result.ok) settled++;
        },
      ),
      { numRuns: 3_000 },
    );
    expect(settled).toBeGreaterThan(300);
  });

  it("swap_all takes the balance less keep, refusals included", async () => {
    const seen: Record<string, number> = {};
    // keep: nothing, part of the balance, all of it, or more than it (both refused: nothing to swap).
    const keepOf = (balance: bigint) =>
      fc.oneof(
        fc.constant(0n),
        fc.bigInt({ min: 0n, max: balance }),
        fc.constant(balance),
        balance < U64_MAX ? fc.bigInt({ min: balance + 1n, max: U64_MAX }) : fc.constant(balance),
      );
    const cases = fc
      .tuple(reserve, reserve, reserve, reserve, reserve, poolFee)
      .chain((values) => keepOf(values[2]).map((keep) => [...values, keep] as const));
    await fc.assert(
      fc.asyncProperty(cases, async ([ignored, minOut, balance, reserveIn, reserveOut, fee, keep]) => {
        const answer = await cSwap(ignored, minOut, fee, balance, reserveIn, reserveOut, true, keep);
        if (answer === null) return;
        const result = swapAll(reserveIn, reserveOut, balance, fee, minOut, keep);
        expect(answer).toEqual(result.ok ? [0n, result.amountOut, result.fee] : [BigInt(result.error)]);
        const outcome = result.ok ? (keep > 0n ? "settled keeping" : "settled") : keep >= balance ? "kept all" : String(result.error);
        seen[outcome] = (seen[outcome] ?? 0) + 1;
      }),
      { numRuns: 4_000 },
    );
    expect(seen.settled).toBeGreaterThan(200);
    expect(seen["settled keeping"]).toBeGreaterThan(100);
    expect(seen["kept all"]).toBeGreaterThan(300);
    for (const code of ["6005", "6006", "6008", "6019"]) expect(seen[code]).toBeGreaterThan(0);
    // A zero balance is refused however large the amount the request names.
    expect(await cSwap(10n ** 9n, 0n, 25, 0n, 10n ** 9n, 10n ** 9n, true)).toEqual([6005n]);
    // Keeping exactly the balance is refused; keeping one unit less swaps that one unit (fee 0).
    expect(await cSwap(0n, 0n, 0, 500n, 10n ** 9n, 10n ** 9n, true, 500n)).toEqual([6005n]);
    expect(await cSwap(0n, 0n, 0, 500n, 10n ** 9n, 10n ** 9n, true, 499n)).toEqual([6005n]);
    expect(await cSwap(0n, 0n, 0, 500n, 10n ** 9n, 10n ** 12n, true, 499n)).toEqual([0n, 999n, 0n]);
  });

  it("swapInForExactOut is the least input the C pool accepts", async () => {
    let checked = 0;
    const venue = fc.bigInt({ min: 1n, max: 10n ** 16n });
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(venue, venue),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 2_000 }),
        async ([reserveIn, reserveOut], ppm, fee) => {
          const wanted = (reserveOut * BigInt(ppm)) / 1_000_000n;
          const amountIn = swapInForExactOut(reserveIn, reserveOut, wanted, fee);
          if (amountIn === null) return;
          checked++;
          expect((await cSwap(amountIn, wanted, fee, U64_MAX, reserveIn, reserveOut))?.[0]).toBe(0n);
          expect((await cSwap(amountIn - 1n, wanted, fee, U64_MAX, reserveIn, reserveOut))?.[0]).not.toBe(0n);
        },
      ),
      { numRuns: 1_000 },
    );
    expect(checked).toBeGreaterThan(500);
  });

  it("migration shares, valid recipes and arbitrary u16 weights alike", async () => {
    const targets = fc.oneof(weights, fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 5 }));
    await fc.assert(
      fc.asyncProperty(u64, targets, fc.integer({ min: 0, max: 5 }), async (inventory, bps, index) => {
        const answer = await launch.ask([inventory, bps.length, ...bps, index].join(" "));
        expect(BigInt(answer)).toBe(migrationShare(inventory, bps, index));
      }),
      { numRuns: 2_000 },
    );
  });
});
