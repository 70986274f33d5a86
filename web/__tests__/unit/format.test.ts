import { describe, expect, it } from "vitest";
import { formatChartPrice, formatPrice, formatUnits, parseUnits, priceInSol } from "../../src/format.ts";

describe("formatting amounts without floats", () => {
  it("formats base units with their decimals and reads typed decimals back exactly", () => {
    expect(formatUnits("123456789", 6)).toBe("123.4567");
    expect(formatUnits("1000000000000", 6, 0)).toBe("1,000,000");
    expect(formatUnits(5n, 0)).toBe("5");
    expect(parseUnits("0.05", 9)).toBe(50_000_000n);
    expect(parseUnits("12", 6)).toBe(12_000_000n);
    expect(parseUnits("0.0000000001", 9)).toBeNull();
    expect(parseUnits("0", 9)).toBeNull();
    expect(parseUnits("1e5", 9)).toBeNull();
    expect(parseUnits("-1", 9)).toBeNull();
  });

  it("prices: priceE12 times dnaUnitSol, shown as plain decimals", () => {
    expect(priceInSol("2000000000000", 0.5)).toBe(1);
    expect(priceInSol("1", null)).toBeNull();
    expect(formatPrice(0.00000002697)).toBe("0.00000002697");
    expect(formatPrice(1.5)).toBe("1.500");
    expect(formatChartPrice(0.0000005112)).toBe("0.0₆5112");
    expect(formatChartPrice(0.00012)).toBe("0.0₃1200");
    expect(formatChartPrice(0.5)).toBe("0.5000");
  });
});
