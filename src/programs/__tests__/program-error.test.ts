import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { describeProgramError, programErrorDescription, programErrorName, ProgramErrorCode } from "../program-error.ts";
import { parseDefines, pascalCase, readFixture } from "./c-source.ts";

describe("ProgramErrorCode mirrors errors.h", () => {
  const defines = parseDefines(readFixture("include/errors.h"), "ERROR_");

  it("has exactly the names and numbers of errors.h", () => {
    const fromHeader = Object.fromEntries([...defines].map(([name, code]) => [pascalCase(name), code]));
    expect(defines.size).toBeGreaterThan(20);
    expect(ProgramErrorCode).toEqual(fromHeader);
  });

  it("names and describes every code in one sentence", () => {
    for (const [name, code] of Object.entries(ProgramErrorCode)) {
      expect(programErrorName(code)).toBe(name);
      const description = programErrorDescription(code);
      expect(description).toMatch(/^[a-z].*\.$/);
      expect(description?.split(". ")).toHaveLength(1);
    }
  });

  it("formats the sentence a failed transaction carries", () => {
    expect(describeProgramError(6006)).toBe(
      "custom program error 6006 (SlippageExceeded): the trade would pay more than max in or receive less than min out.",
    );
    expect(describeProgramError(1)).toBe("custom program error 1.");
    expect(programErrorName(1)).toBeUndefined();
    expect(programErrorDescription(7000)).toBeUndefined();
  });

  it("names a code the System Program or SPL Token raised by that program's own catalogue", () => {
    expect(describeProgramError(1, SYSTEM_PROGRAM_ADDRESS)).toBe(
      "custom program error 1 (System Program): account does not have enough SOL to perform the operation.",
    );
    expect(describeProgramError(1, TOKEN_PROGRAM_ADDRESS)).toBe("custom program error 1 (SPL Token): Insufficient funds.");
    // One of ours, raised by our program: our name, whatever program id the log gave.
    expect(describeProgramError(6006, "BasketCurve111111111111111111111111111111111")).toMatch(
      /^custom program error 6006 \(SlippageExceeded\)/,
    );
  });
});
