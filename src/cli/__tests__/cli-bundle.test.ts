import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_DIR, buildBundle, bundleKey, codeCacheOf, currentBundle, loadBundle } from "../../../bin/cli-bundle.js";
import * as fromSource from "./bundle-paths-fixture.ts";
import { runCommand, spawnDevnet, stop } from "./spawned-devnet.ts";

const execFileAsync = promisify(execFile);
const parent = mkdtempSync(join(tmpdir(), "basket-cli-bundle-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A tiny repository of two modules, one importing the other. */
function miniRepo(name: string, b: string): string {
  const repo = join(parent, name);
  mkdirSync(join(repo, "src"), { recursive: true });
  writeFileSync(join(repo, "src", "a.ts"), 'import { b } from "./b.ts";\nexport const value: number = b + 1;\n');
  writeFileSync(join(repo, "src", "b.ts"), b);
  return repo;
}

/** The part of litesvm's LiteSVM the bundle test drives. */
interface LiteSvmLike {
  airdrop(address: string, lamports: bigint): unknown;
  getBalance(address: string): bigint | null;
}

const load = async (entry: string) => loadBundle(entry).exports;
/** The bundle folder and arguments of the two `up` runs below (the second reuses the first's bundle). */
const upBundles = join(parent, "up-bundles");
const UP_ARGS = ["--port", "0", "--no-rpc", "--no-bots", "--clock", "manual", "--genesis-time", "2026-01-01"];

describe("the CLI bundle", () => {
  it("is keyed by its sources' contents: an edit makes it stale and the rebuild has the edit", async () => {
    const repo = miniRepo("edit", "export const b = 1;\n");
    const root = join(parent, "edit-bundles");
    const first = await buildBundle(root, repo, "src/a.ts");
    expect((await load(first.entry)).value).toBe(2);
    expect(currentBundle(root, repo)).toEqual(first);
    // Touched, not changed: the contents decide, the bundle stays current.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(repo, "src", "b.ts"), later, later);
    expect(currentBundle(root, repo)).toEqual(first);
    writeFileSync(join(repo, "src", "b.ts"), "export const b = 41;\n");
    expect(currentBundle(root, repo)).toBeNull();
    const second = await buildBundle(root, repo, "src/a.ts");
    expect(second.key).not.toBe(first.key);
    expect((await load(second.entry)).value).toBe(42);
    expect(currentBundle(root, repo)).toEqual(second);
  });

  it("is another checkout's no longer when its folder is copied elsewhere, node_modules cache and all", async () => {
    const repo = miniRepo("original", "export const b = 1;\n");
    const root = join(parent, "copied-bundles");
    const original = await buildBundle(root, repo, "src/a.ts");
    expect(currentBundle(root, repo)).toEqual(original);
    // The same files, times kept (`cp -a`, a restored CI cache): the bundle names the first
    // checkout's paths, so the copy builds its own.
    const copy = join(parent, "copy");
    await execFileAsync("cp", ["-a", repo, copy]);
    expect(currentBundle(root, copy)).toBeNull();
    const own = await buildBundle(root, copy, "src/a.ts");
    expect(own.key).not.toBe(original.key);
    expect(currentBundle(root, copy)).toEqual(own);
  });

  it("checks installed packages by npm's install marker: an install that changed a package makes it stale", async () => {
    const repo = miniRepo("installed", 'import { c } from "dep";\nexport const b = c;\n');
    const dep = join(repo, "node_modules", "dep");
    mkdirSync(dep, { recursive: true });
    writeFileSync(join(dep, "package.json"), JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js" }));
    writeFileSync(join(dep, "index.js"), "exports.c = 1;\n");
    const marker = join(repo, "node_modules", ".package-lock.json");
    writeFileSync(marker, "{}");
    const root = join(parent, "installed-bundles");
    const first = await buildBundle(root, repo, "src/a.ts");
    expect((await load(first.entry)).value).toBe(2);
    // The package's files are not statted one by one: the marker stands for them.
    const recorded = JSON.parse(readFileSync(join(root, "current.json"), "utf8")) as { inputs: string[]; stats: string[] };
    expect(recorded.inputs).toContain("node_modules/dep/index.js");
    expect(recorded.stats).toHaveLength(recorded.inputs.filter((input) => !input.includes("node_modules")).length + 1);
    // An install that rewrote the marker but changed no package: the contents decide, still current.
    const later = new Date(Date.now() + 5_000);
    utimesSync(marker, later, later);
    expect(currentBundle(root, repo)).toEqual(first);
    // An install that changed the package: stale, and the rebuild has the new code.
    writeFileSync(join(dep, "index.js"), "exports.c = 41;\n");
    const evenLater = new Date(Date.now() + 10_000);
    utimesSync(marker, evenLater, evenLater);
    expect(currentBundle(root, repo)).toBeNull();
    expect((await load((await buildBundle(root, repo, "src/a.ts")).entry)).value).toBe(42);
  });

  it("runs from V8's code cache once a run wrote it, and writes it again when V8 refuses it", async () => {
    const repo = miniRepo("cache", "export const b = 6;\n");
    const { entry } = await buildBundle(join(parent, "cache-bundles"), repo, "src/a.ts");
    // Each run in a new process: V8 keeps what it compiled in memory, so a second load in one
    // process never reads the cache at all.
    const run = async () => {
      const script = `const { loadBundle } = await import(${JSON.stringify(pathToFileURL(join(REPO_DIR, "bin", "cli-bundle.js")).href)});
const { exports, codeCache } = loadBundle(${JSON.stringify(entry)}); console.log(JSON.stringify({ value: exports.value, codeCache }));`;
      const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "-e", script]);
      return JSON.parse(stdout) as { value: number; codeCache: string };
    };
    expect(await run()).toEqual({ value: 7, codeCache: "absent" });
    expect(await run()).toEqual({ value: 7, codeCache: "used" });
    // A damaged cache is refused by V8, the bundle still runs, and its exit writes a good one.
    const cache = readFileSync(codeCacheOf(entry));
    cache.fill(7, 0, 64);
    writeFileSync(codeCacheOf(entry), cache);
    expect(await run()).toEqual({ value: 7, codeCache: "rejected" });
    expect(await run()).toEqual({ value: 7, codeCache: "used" });
  });

  it("has a key that follows the bytes of every input, and none when an input is gone", () => {
    const repo = miniRepo("keys", "export const b = 1;\n");
    const inputs = ["src/a.ts", "src/b.ts"];
    const key = bundleKey(repo, inputs);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(bundleKey(repo, inputs)).toBe(key);
    writeFileSync(join(repo, "src", "b.ts"), "export const b = 2;\n");
    expect(bundleKey(repo, inputs)).not.toBe(key);
    expect(bundleKey(repo, [...inputs, "src/gone.ts"])).toBeNull();
  });

  it("holds one copy of @solana/* that litesvm's bundled JavaScript shares, and loads litesvm's native binary from node_modules", async () => {
    const repo = miniRepo("shared", "export const b = 1;\n");
    writeFileSync(join(repo, "src", "chain.ts"), 'export { address, lamports } from "@solana/kit";\nexport { LiteSVM } from "litesvm";\n');
    const root = join(parent, "shared-bundles");
    const bundle = await buildBundle(root, repo, "src/chain.ts");
    const recorded = JSON.parse(readFileSync(join(root, "current.json"), "utf8")) as { inputs: string[] };
    const inputs = recorded.inputs.map((input) => resolve(repo, input));
    const solana = inputs.filter((input) => input.includes("node_modules/@solana/"));
    // Our `import` and litesvm's `require` both resolve to the ES module build: one copy each.
    expect(solana).toContain(join(REPO_DIR, "node_modules/@solana/kit/dist/index.node.mjs"));
    expect(solana.filter((input) => !input.endsWith(".mjs"))).toEqual([]);
    expect(inputs).toContain(join(REPO_DIR, "node_modules/litesvm/dist/index.js"));
    expect(inputs.filter((input) => input.endsWith("litesvm/dist/internal.js"))).toEqual([]);
    const bundled = (await load(bundle.entry)) as {
      address: (text: string) => string;
      lamports: (n: bigint) => bigint;
      LiteSVM: new () => LiteSvmLike;
    };
    // The bundled LiteSVM runs (its NAPI loader found the binary beside itself) and speaks
    // kit's types from the bundle's own copy.
    const svm = new bundled.LiteSVM();
    const wallet = bundled.address("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T");
    svm.airdrop(wallet, bundled.lamports(5_000_000_000n));
    expect(svm.getBalance(wallet)).toBe(5_000_000_000n);
  });

  it("computes every import.meta.url path as the sources do (programs, world cache, scenarios)", async () => {
    const bundle = await buildBundle(join(parent, "paths-bundles"), REPO_DIR, "src/cli/__tests__/bundle-paths-fixture.ts");
    expect(bundle.entry.startsWith(join(parent, "paths-bundles"))).toBe(true);
    const bundled = await load(bundle.entry);
    expect(bundled.PROGRAMS_DIST_DIR).toBe(fromSource.PROGRAMS_DIST_DIR);
    expect((bundled.defaultWorldCacheDir as typeof fromSource.defaultWorldCacheDir)({})).toBe(fromSource.defaultWorldCacheDir({}));
    expect(String(bundled.SCENARIO_SCHEMA_FILE)).toBe(String(fromSource.SCENARIO_SCHEMA_FILE));
    expect(String(bundled.LIBRARY_DIR)).toBe(String(fromSource.LIBRARY_DIR));
  });

  it("is compiled by `npm install` (the prepare script), so the first start compiles nothing", async () => {
    const root = join(parent, "prepared-bundles");
    const env = { ...process.env, BASKET_DEVNET_BUNDLE_DIR: root };
    await execFileAsync(process.execPath, [join(REPO_DIR, "bin", "prepare-cli.js")], { env });
    expect(currentBundle(root)).not.toBeNull();
    const { stdout, stderr } = await execFileAsync(process.execPath, [join(REPO_DIR, "bin", "basket-devnet.js"), "--version"], { env });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(stderr).not.toMatch(/compiled the CLI/);
  });

  it("runs `up` from a fresh bundle: says it compiled, loads the programs, serves the API and the web client", async () => {
    const devnet = await spawnDevnet(UP_ARGS, 120_000, { ...process.env, BASKET_DEVNET_BUNDLE_DIR: upBundles });
    try {
      expect(devnet.output()).toMatch(/compiled the CLI from changed sources/);
      expect(currentBundle(upBundles)).not.toBeNull();
      const launches = await fetch(`${devnet.baseUrl}/v1/launches?limit=3`);
      expect(launches.status).toBe(200);
      expect(((await launches.json()) as { launches: unknown[] }).launches).toHaveLength(3);
      const page = await fetch(`${devnet.baseUrl}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      // The client's script and stylesheet are built on first request by esbuild, which the
      // bundle loads at run time: its page shell alone would render nothing.
      for (const [file, type] of [
        ["main.js", /text\/javascript/],
        ["main.css", /text\/css/],
      ] as const) {
        const asset = await fetch(`${devnet.baseUrl}/app/${file}`);
        expect([file, asset.status]).toEqual([file, 200]);
        expect(asset.headers.get("content-type")).toMatch(type);
        expect((await asset.text()).length).toBeGreaterThan(1_000);
      }
    } finally {
      await stop(devnet.child, "SIGTERM");
    }
  }, 150_000);

  it("leaves V8's code cache beside the bundle when `up` stops, and the next start runs from it without writing it again", async () => {
    const bundle = currentBundle(upBundles)!;
    const cacheFile = codeCacheOf(bundle.entry);
    const written = readFileSync(cacheFile);
    expect(written.length).toBeGreaterThan(100_000);
    const writtenAt = statSync(cacheFile).mtimeMs;
    const devnet = await spawnDevnet(UP_ARGS, 120_000, { ...process.env, BASKET_DEVNET_BUNDLE_DIR: upBundles });
    try {
      expect(devnet.output()).not.toMatch(/compiled the CLI/);
      expect((await fetch(`${devnet.baseUrl}/v1/launches?limit=3`)).status).toBe(200);
    } finally {
      await stop(devnet.child, "SIGTERM");
    }
    // A cache V8 refused would have been written again at exit.
    expect(statSync(cacheFile).mtimeMs).toBe(writtenAt);
    expect(readFileSync(cacheFile).equals(written)).toBe(true);
  }, 150_000);

  it("replaces a thin cache (written by `--version`) with the richer one a running start compiles", async () => {
    const bundles = join(parent, "thin-bundles");
    const env = { ...process.env, BASKET_DEVNET_BUNDLE_DIR: bundles };
    expect((await runCommand(["--version"], env)).code).toBe(0);
    const cacheFile = codeCacheOf(currentBundle(bundles)!.entry);
    const thin = statSync(cacheFile).size;
    const devnet = await spawnDevnet(UP_ARGS, 120_000, env);
    try {
      expect((await fetch(`${devnet.baseUrl}/v1/launches?limit=3`)).status).toBe(200);
      // The refresh comes 5 s after the start.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await stop(devnet.child, "SIGTERM");
    }
    expect(statSync(cacheFile).size).toBeGreaterThan(thin * 1.1);
  }, 150_000);
});
