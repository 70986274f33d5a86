import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emittedData, endsProgram, invokedProgram, rememberedLog } from "../runtime-log.ts";

const PROGRAMS = [
  "BasketCurve11111111111111111111111111111111",
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "11111111111111111111111111111111",
] as const;

/** Each data line with the programs running when it was written (outermost first): who emitted what. */
function emissions(logs: readonly string[]): string[] {
  const running: string[] = [];
  const out: string[] = [];
  for (const line of logs) {
    const invoked = invokedProgram(line);
    if (invoked !== null) running.push(invoked);
    else if (endsProgram(line)) running.pop();
    else if (emittedData(line) !== null) out.push(`${running.join(">")} ${line}`);
  }
  return out;
}

/** A well-nested log as a validator writes it: calls, their text, compute units, data, ends (some failed). */
const callLog: fc.Memo<string[]> = fc.memo((depth) =>
  fc
    .tuple(
      fc.constantFrom(...PROGRAMS),
      fc.array(
        fc.oneof(
          fc.constant(["Program log: Instruction: Transfer"]),
          fc.constant(["Program log: Program 11111111111111111111111111111111 invoke [1] (text, not a call)"]),
          fc.base64String({ minLength: 4, maxLength: 12 }).map((data) => [`Program data: ${data}`]),
          fc.constant([`Program return: ${PROGRAMS[1]} AQ==`]),
          depth > 1 ? callLog(depth - 1) : fc.constant([] as string[]),
        ),
        { maxLength: 4 },
      ),
      fc.constantFrom("success", "failed: custom program error: 0x1"),
    )
    .map(([program, body, end]) => {
      const level = 4 - depth;
      return [
        `Program ${program} invoke [${level}]`,
        ...body.flat(),
        `Program ${program} consumed 100 of 200000 compute units`,
        `Program ${program} ${end}`,
      ];
    }),
);

describe("what the chain remembers of a log", () => {
  it("keeps every data line with the programs that were running when it was written, and nothing of calls that emitted none", () => {
    fc.assert(
      fc.property(fc.array(callLog(3), { maxLength: 4 }), (calls) => {
        const whole = calls.flat();
        const remembered = rememberedLog(whole);
        expect(emissions(remembered)).toEqual(emissions(whole));
        // Only runtime lines are kept, and each kept invoke line is one of a call that emitted.
        expect(remembered.every((line) => emittedData(line) !== null || invokedProgram(line) !== null || endsProgram(line))).toBe(true);
        if (emissions(whole).length === 0) expect(remembered).toEqual([]);
      }),
    );
  });

  it("keeps a trade's three lines of its curve call, not the token program's calls inside it", () => {
    const [curve, token] = PROGRAMS;
    const whole = [
      `Program ${curve} invoke [1]`,
      "Program log: buy",
      `Program ${token} invoke [2]`,
      "Program log: Instruction: Transfer",
      `Program ${token} consumed 4645 of 190000 compute units`,
      `Program ${token} success`,
      "Program data: AQID",
      `Program ${curve} consumed 5616 of 200000 compute units`,
      `Program ${curve} success`,
    ];
    expect(rememberedLog(whole)).toEqual([`Program ${curve} invoke [1]`, "Program data: AQID", `Program ${curve} success`]);
  });
});
