import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, stop } from "../../cli/__tests__/spawned-devnet.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ARGS = [
  "up",
  "--port",
  "0",
  "--seed",
  "banner",
  "--launches",
  "3",
  "--history-hours",
  "0.2",
  "--no-bots",
  "--genesis-time",
  "2026-01-01",
];

/** Runs `basket-devnet up` until it prints its banner; returns the banner's first line, then stops it. */
async function bannerOf(extra: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...ARGS, ...extra], { env });
  let output = "";
  try {
    return await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const line = /^basket-devnet \S+: seed .*$/m.exec(output);
        if (line && output.includes("Base URL")) resolve(line[0]);
      };
      child.stdout.on("data", read);
      child.stderr.on("data", read);
      child.on("exit", (code) => reject(new Error(`basket-devnet exited with ${code}:\n${output}`)));
    });
  } finally {
    await stop(child, "SIGTERM");
  }
}

describe("basket-devnet up with the world cache", () => {
  it("says in its banner whether the world was built or came from $XDG_CACHE_HOME/basket-devnet", async () => {
    const cache = mkdtempSync(join(tmpdir(), "basket-xdg-"));
    dirs.push(cache);
    const env = { ...process.env, XDG_CACHE_HOME: cache };
    // Basket launches and collectibles counted apart, as the README counts them (--launches 3 makes no collectible).
    expect(await bannerOf([], env)).toMatch(/, 3 launches and 0 collectibles, ready in [\d.]+ s \(world built in [\d.]+ s\)$/);
    expect(readdirSync(join(cache, "basket-devnet")).filter((name) => /^[0-9a-f]{32}$/.test(name))).toHaveLength(1);
    expect(await bannerOf([], env)).toMatch(/ready in [\d.]+ s \(world from cache in [\d.]+ s\)$/);
    expect(await bannerOf(["--no-world-cache"], env)).toMatch(/\(world built in [\d.]+ s\)$/);
  }, 120_000);
});
