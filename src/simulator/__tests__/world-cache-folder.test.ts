import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECKPOINT_FILE, JOURNAL_FILE } from "../state-journal.ts";
import { POPULATION_FILE, WorldCache } from "../world-cache.ts";

const roots: string[] = [];
function root(): string {
  const dir = mkdtempSync(join(tmpdir(), "basket-world-cache-folder-"));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

const key = (n: number) => n.toString(16).padStart(32, "0");

/** Publishes an entry of made-up files (the folder logic does not read them as a world). */
function put(cache: WorldCache, n: number): void {
  const building = cache.begin(key(n))!;
  for (const file of [JOURNAL_FILE, CHECKPOINT_FILE, POPULATION_FILE]) writeFileSync(join(building, file), `${file} of ${n}`);
  cache.publish(key(n), building);
}

describe("WorldCache folder", () => {
  it("serves a published entry, deletes a damaged one, and leaves no temporary folder", () => {
    const lines: string[] = [];
    const cache = new WorldCache(root(), (line) => lines.push(line));
    expect(cache.lookup(key(1))).toBeNull();
    put(cache, 1);
    expect(cache.lookup(key(1))).toBe(join(cache.root, key(1)));
    writeFileSync(join(cache.root, key(1), JOURNAL_FILE), "damaged");
    expect(cache.lookup(key(1))).toBeNull();
    expect(lines.join("\n")).toMatch(/damaged/);
    expect(existsSync(join(cache.root, key(1)))).toBe(false);
    expect(readdirSync(cache.root)).toEqual([]);
  });

  it("keeps the first of two concurrent builds of one key", () => {
    const cache = new WorldCache(root());
    const first = cache.begin(key(2))!;
    const second = cache.begin(key(2))!;
    for (const [building, text] of [
      [first, "first"],
      [second, "second"],
    ] as const) {
      for (const file of [JOURNAL_FILE, CHECKPOINT_FILE, POPULATION_FILE]) writeFileSync(join(building, file), text);
    }
    cache.publish(key(2), first);
    cache.publish(key(2), second);
    expect(cache.lookup(key(2))).not.toBeNull();
    expect(readdirSync(cache.root)).toEqual([key(2)]);
  });

  it("keeps the most recently used entries and clears folders left by a killed build", () => {
    const cache = new WorldCache(root(), () => {}, 2);
    const stale = join(cache.root, `${key(9)}.tmp-1-deadbeef`);
    mkdirSync(stale);
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, longAgo, longAgo);
    put(cache, 1);
    put(cache, 2);
    // Entry 1 used last: entry 2 is the oldest when a third arrives.
    const used = join(cache.root, key(2), ".used");
    writeFileSync(used, "");
    utimesSync(used, longAgo, longAgo);
    expect(cache.lookup(key(1))).not.toBeNull();
    put(cache, 3);
    expect(readdirSync(cache.root).sort()).toEqual([key(1), key(3)]);
  });
});
