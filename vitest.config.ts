import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/__tests__/**/*.test.ts",
      "programs-fixtures/toolchain/__tests__/**/*.test.ts",
      "conformance/**/*.test.ts",
      "scenarios/**/*.test.ts",
      "web/__tests__/**/*.test.ts",
    ],
    // LiteSVM is a native addon: separate processes keep each test file's VM to itself.
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
