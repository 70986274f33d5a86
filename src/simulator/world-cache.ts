import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PROGRAM_BINARIES, PROGRAMS_DIST_DIR } from "../chain/program-binaries.ts";
import { CHECKPOINT_FILE, JOURNAL_FILE } from "./state-journal.ts";

/*
 * The world cache: a finished world of one seed and set of world options, kept as a state
 * directory (journal.jsonl + chain-checkpoint.bin, see state-journal.ts) so a later start
 * rebuilds chain and read model through the very path a --state-dir restart takes, instead
 * of executing the history's transactions again.
 *
 *   <root>/<key>/journal.jsonl
 *   <root>/<key>/chain-checkpoint.bin
 *   <root>/<key>/population.json      the launches as describePopulation derives them, kept so a
 *                                     load skips hundreds of address derivations
 *   <root>/<key>/manifest.json        {"v":2,"key","files":{name: sha256}}
 *
 * An entry is written into a private temporary folder and renamed into place once whole, so
 * concurrent starts (test workers) never read half an entry; the loser of a race drops its
 * copy. The manifest's hashes catch a damaged file: such an entry is deleted and rebuilt.
 */

/** Bump when the entry layout changes (the key then changes with it). */
const CACHE_FORMAT = 2;
/** Entries kept; the least recently used beyond this are deleted when a new one is written. */
const MAX_ENTRIES = 12;
const MANIFEST_FILE = "manifest.json";
export const POPULATION_FILE = "population.json";
/** The files of an entry, each hashed in its manifest. */
const ENTRY_FILES = [JOURNAL_FILE, CHECKPOINT_FILE, POPULATION_FILE] as const;

/** The source folders whose code shapes a built world: any change to them is another world. */
const WORLD_SOURCE_DIRS = ["world", "programs", "economics", "chain", "simulator"] as const;
const SRC_DIR = fileURLToPath(new URL("../", import.meta.url));
const REPO_DIR = fileURLToPath(new URL("../../", import.meta.url));

/**
 * With genesis at the wall clock the cache could never hit (every start has another slot 0),
 * so a cached world's genesis is floored to this bucket: starts within the same ten minutes
 * share one world, whose history then ends up to ten minutes before the start; the clock
 * jumps over the empty gap when it catches up with the wall clock.
 */
export const WALL_CLOCK_GENESIS_BUCKET_SECONDS = 600n;

/** What shapes a world: its key is a hash of these, the programs' bytes and the world code. */
export interface WorldIdentity {
  readonly seed: string;
  readonly launchCount: number;
  readonly historyHours: number;
  readonly solUsd: number;
  readonly genesisUnixTimestamp: bigint;
  readonly slotMillis: number;
  readonly wallClock: boolean;
}

function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Every non-test source file under `dir`, sorted: their paths and bytes go into the code's hash. */
function sourceFiles(dir: string, prefix: string, into: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory()) {
      if (entry.name !== "__tests__" && entry.name !== "node_modules") sourceFiles(join(dir, entry.name), `${prefix}${entry.name}/`, into);
    } else if (/\.(ts|js|json|c|h)$/.test(entry.name)) {
      into.push(`${prefix}${entry.name}`);
    }
  }
}

let codeHash: string | null = null;

/**
 * A hash of everything besides the options that decides what a built world holds: the three
 * programs' bytes, the world-building sources (read from disk once per process, so an edit
 * needs no version bump), the LiteSVM version (its snapshot format) and the cache format.
 */
export function worldCodeHash(): string {
  if (codeHash !== null) return codeHash;
  const hash = createHash("sha256");
  hash.update(`format ${CACHE_FORMAT}\n`);
  for (const program of PROGRAM_BINARIES) {
    hash.update(`program ${program.name}\n`);
    hash.update(readFileSync(join(PROGRAMS_DIST_DIR, program.file)));
  }
  const files: string[] = [];
  for (const dir of WORLD_SOURCE_DIRS) sourceFiles(join(SRC_DIR, dir), `${dir}/`, files);
  for (const file of files) {
    hash.update(`source ${file}\n`);
    hash.update(readFileSync(join(SRC_DIR, file)));
  }
  const litesvm = join(REPO_DIR, "node_modules", "litesvm", "package.json");
  hash.update(`litesvm ${existsSync(litesvm) ? (JSON.parse(readFileSync(litesvm, "utf8")) as { version: string }).version : "?"}\n`);
  codeHash = hash.digest("hex");
  return codeHash;
}

/** The cache key of a world: the same key is the same world, byte for byte. */
export function worldCacheKey(identity: WorldIdentity): string {
  const options = JSON.stringify({
    seed: identity.seed,
    launchCount: identity.launchCount,
    historyHours: identity.historyHours,
    solUsd: identity.solUsd,
    genesisUnixTimestamp: identity.genesisUnixTimestamp.toString(),
    slotMillis: identity.slotMillis,
    wallClock: identity.wallClock,
  });
  return sha256(`${worldCodeHash()}\n${options}`).slice(0, 32);
}

interface Manifest {
  readonly v: number;
  readonly key: string;
  readonly files: Readonly<Record<string, string>>;
}

/** A folder of cached worlds. Every failure to read or write it is a miss, never an error. */
export class WorldCache {
  readonly root: string;
  readonly #log: (line: string) => void;
  readonly #maxEntries: number;

  constructor(root: string, log: (line: string) => void = () => {}, maxEntries = MAX_ENTRIES) {
    this.root = root;
    this.#log = log;
    this.#maxEntries = maxEntries;
  }

  /** The folder of `key`'s entry when it is whole and undamaged; a damaged one is deleted. */
  lookup(key: string): string | null {
    const dir = join(this.root, key);
    if (!existsSync(dir)) return null;
    try {
      const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8")) as Manifest;
      const whole =
        manifest.v === CACHE_FORMAT &&
        manifest.key === key &&
        ENTRY_FILES.every((file) => sha256(readFileSync(join(dir, file))) === manifest.files[file]);
      if (!whole) throw new Error("its files do not match its manifest");
      // Recently used entries are the ones kept.
      const now = new Date();
      try {
        writeFileSync(join(dir, ".used"), now.toISOString());
      } catch {
        // A read-only cache still serves.
      }
      return dir;
    } catch (error) {
      this.#log(
        `world cache entry ${key} is damaged (${error instanceof Error ? error.message : String(error)}); building the world again`,
      );
      this.discard(key);
      return null;
    }
  }

  /** A fresh private folder to build an entry in; null when the cache folder cannot be written. */
  begin(key: string): string | null {
    try {
      mkdirSync(this.root, { recursive: true });
      const dir = join(this.root, `${key}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
      mkdirSync(dir);
      return dir;
    } catch (error) {
      this.#log(`world cache ${this.root} is not writable (${error instanceof Error ? error.message : String(error)}); not caching`);
      return null;
    }
  }

  /** Seals the built entry in `building` (its journal closed) and moves it into place as `key`. */
  publish(key: string, building: string): void {
    try {
      const manifest: Manifest = {
        v: CACHE_FORMAT,
        key,
        files: Object.fromEntries(ENTRY_FILES.map((file) => [file, sha256(readFileSync(join(building, file)))])),
      };
      writeFileSync(join(building, MANIFEST_FILE), JSON.stringify(manifest));
      const dir = join(this.root, key);
      if (existsSync(dir)) {
        // Another start built the same world first: its copy is as good as ours.
        rmSync(building, { recursive: true, force: true });
        return;
      }
      renameSync(building, dir);
      this.#evict();
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      this.#log(`world cache entry ${key} not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Drops a folder begun but never published (the build failed). */
  abandon(building: string): void {
    rmSync(building, { recursive: true, force: true });
  }

  /** Deletes `key`'s entry. */
  discard(key: string): void {
    try {
      // Renamed away first, so a reader never sees it half deleted.
      const doomed = join(this.root, `${key}.del-${process.pid}-${randomBytes(4).toString("hex")}`);
      renameSync(join(this.root, key), doomed);
      rmSync(doomed, { recursive: true, force: true });
    } catch {
      // Already gone (another start discarded it), or read-only: a miss either way.
    }
  }

  #evict(): void {
    // A start killed while building leaves its private folder behind: gone after an hour.
    const hourAgo = Date.now() - 3_600_000;
    for (const entry of readdirSync(this.root, { withFileTypes: true })) {
      if (entry.isDirectory() && /\.(tmp|del)-/.test(entry.name) && lastUsed(join(this.root, entry.name)) < hourAgo) {
        rmSync(join(this.root, entry.name), { recursive: true, force: true });
      }
    }
    const entries = readdirSync(this.root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[0-9a-f]{32}$/.test(entry.name))
      .map((entry) => ({ key: entry.name, used: lastUsed(join(this.root, entry.name)) }))
      .sort((a, b) => b.used - a.used);
    for (const stale of entries.slice(this.#maxEntries)) this.discard(stale.key);
  }
}

function lastUsed(dir: string): number {
  try {
    return statSync(join(dir, ".used")).mtimeMs;
  } catch {
    try {
      return statSync(dir).mtimeMs;
    } catch {
      return 0;
    }
  }
}
