import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";

/**
 * The seed every fast-check property draws from: FC_SEED when given (to replay a failure
 * fast-check reported), otherwise one derived from the commit under test. The same commit
 * then draws the same cases on every machine, so a clean-clone run before landing predicts
 * CI's run exactly, while each new commit explores new cases.
 */
function propertySeed(): string {
  if (process.env.FC_SEED) return process.env.FC_SEED;
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return String(Number.parseInt(head.slice(0, 8), 16) | 0);
  } catch {
    // Not a git checkout: fast-check's own random seed, printed with any failure.
    return "";
  }
}

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
    env: { FC_SEED: propertySeed() },
    setupFiles: ["./vitest.setup.ts"],
  },
});
