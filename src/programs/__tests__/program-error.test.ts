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
});
