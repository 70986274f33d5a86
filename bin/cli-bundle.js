// The CLI compiled once into plain JavaScript, so a start loads no TypeScript loader: tsx
// transforms every module through loader hooks on a worker thread, which cost a start more
// than a second. The bundle is kept under node_modules/.cache (never a file of the
// repository), named by a hash of the sources it was built from; an edit to any of them makes
// the next start build it again (a few hundred milliseconds), so there is no build step to forget.
//
// It is one CommonJS file run through `vm.Script` with V8's code cache beside it: compiling the
// bundle's 3 MB, and then each function a start calls, was a fifth of a cached start, and node 20
// keeps no compile cache for ES modules. The first run of a bundle writes the cache; later runs
// skip the compiling.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Script } from "node:vm";

export const REPO_DIR = fileURLToPath(new URL("../", import.meta.url));
/** The entry point bundled: the CLI (its subcommands come along, initialised only when used). */
export const CLI_ENTRY = "src/cli/main.ts";
/** Inputs of every bundle besides its sources (absolute paths): this file (the bundle's options) and esbuild's version. */
const BUILDER_INPUTS = [fileURLToPath(import.meta.url), join(REPO_DIR, "node_modules", "esbuild", "package.json")];
/** Where bundles are kept; BASKET_DEVNET_BUNDLE_DIR moves it (the start benchmark times a first start with an empty one). */
export const BUNDLE_ROOT = process.env.BASKET_DEVNET_BUNDLE_DIR || join(REPO_DIR, "node_modules", ".cache", "basket-devnet", "cli-bundle");
/**
 * Loaded from node_modules at run time: native code and what finds it (esbuild, litesvm's
 * NAPI loader, see NATIVE_LOADER), a loader (tsx, vitest), and packages with files of their own
 * to find beside them.
 */
const EXTERNAL_PACKAGES = /^(?:esbuild|tsx|vitest|playwright-core|@asyncapi\/parser|fsevents|litesvm-[^/]+)(?:\/|$)/;
const CURRENT_FILE = "current.json";
/** The bundle's one file, in each bundle's folder. */
const ENTRY_FILE = "main.cjs";
/** Bundles kept: a process started from the one before may still be running (and write its code cache). */
const KEEP = 3;

/**
 * The key of a bundle: a hash of the checkout's own path and of every input's path and bytes
 * (the inputs esbuild reported, paths relative to `repoDir`, or absolute); null when an input
 * is gone (a deleted file: build again). The checkout's path is in it because the bundle holds
 * it (see sourceUrls): a node_modules copied or restored into another checkout, cache and all,
 * would otherwise run the first checkout's files and write its world cache there.
 */
export function bundleKey(repoDir, inputs) {
  const hash = createHash("sha256");
  hash.update(`node ${process.versions.node.split(".")[0]}\n`);
  hash.update(`checkout ${resolve(repoDir)}\n`);
  for (const input of inputs) {
    let bytes;
    try {
      bytes = readFileSync(resolve(repoDir, input));
    } catch {
      return null;
    }
    hash.update(`${input} ${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest("hex").slice(0, 24);
}

/** Points current.json at a bundle, atomically (a concurrent start reads the old or the new, whole). */
function writeCurrent(root, current) {
  // A read-only cache: the next start checks the contents again, nothing worse.
  replaceFile(join(root, CURRENT_FILE), JSON.stringify(current), join(root, `.tmp-${process.pid}-${randomBytes(4).toString("hex")}.json`));
}

/**
 * Puts `data` at `target` whole or not at all: written beside it under `temporary`, then renamed
 * over it, so a concurrent reader sees the old file or the new one. A folder that cannot be
 * written leaves things as they were; the caller's next run does the work again.
 */
function replaceFile(target, data, temporary = `${target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`) {
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** Where an input lives in an installed package: npm's own files, changed only by an install. */
const INSTALLED = /(?:^|[\\/])node_modules[\\/]/;
/** npm rewrites this on every install that changes node_modules. */
const INSTALL_MARKER = join("node_modules", ".package-lock.json");

/**
 * The files whose size and modification time stand for `inputs`: the sources one by one, and
 * for the hundreds of installed packages' files (two thirds of the inputs) npm's install
 * marker alone, when there is one. A start stats these; an install is what changes packages.
 */
function checkedFiles(repoDir, inputs) {
  if (!existsSync(resolve(repoDir, INSTALL_MARKER))) return inputs;
  return [...inputs.filter((input) => !INSTALLED.test(input)), INSTALL_MARKER];
}

/** Each checked file's size and modification time, as `stats` in current.json records them. */
function statsOf(repoDir, inputs) {
  return checkedFiles(repoDir, inputs).map((input) => {
    const stat = statSync(resolve(repoDir, input), { throwIfNoEntry: false });
    return stat ? `${stat.size}:${stat.mtimeMs}` : "-";
  });
}

function unchangedStats(repoDir, inputs, stats) {
  if (!Array.isArray(stats)) return false;
  const now = statsOf(repoDir, inputs);
  return now.length === stats.length && now.every((stat, index) => stat !== "-" && stat === stats[index]);
}

/** The current bundle's entry file when its sources are unchanged, else null. */
export function currentBundle(root = BUNDLE_ROOT, repoDir = REPO_DIR) {
  let current;
  try {
    current = JSON.parse(readFileSync(join(root, CURRENT_FILE), "utf8"));
  } catch {
    return null;
  }
  if (!current || typeof current.key !== "string" || !Array.isArray(current.inputs)) return null;
  // Built for another checkout (a node_modules copied here with its cache): its paths are that checkout's.
  if (current.checkout !== resolve(repoDir)) return null;
  // Every checked file's size and mtime as recorded: unchanged (a stat each, no reading).
  // Otherwise the contents of every input decide (a checkout or an install that touched files
  // without changing them keeps the bundle).
  const entry = join(root, current.key, ENTRY_FILE);
  if (!existsSync(entry)) return null;
  if (unchangedStats(repoDir, current.inputs, current.stats)) return { entry, key: current.key };
  const stats = statsOf(repoDir, current.inputs);
  if (bundleKey(repoDir, current.inputs) !== current.key) return null;
  // Same contents, new times: record them, so the next start is back to stats only.
  writeCurrent(root, { key: current.key, checkout: current.checkout, inputs: current.inputs, stats });
  return { entry, key: current.key };
}

/**
 * The bundled files compute paths from `import.meta.url` (the programs, the web client, the
 * OpenAPI document, the world cache folder): each module gets its own source file's URL, so
 * every path resolves as it does when the file runs from source.
 */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const contents = readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      const extension = extname(args.path);
      return { contents, loader: extension.endsWith("ts") ? "ts" : "js" };
    });
  },
};

/**
 * litesvm's JavaScript is bundled (it requires @solana/kit), but not the NAPI-RS loader beside
 * it: that file finds the native binary by paths relative to itself.
 */
const NATIVE_LOADER = /^\.\/internal(?:\.js)?$/;
const LITESVM_DIST = `${sep}node_modules${sep}litesvm${sep}dist`;
/** @solana/* and @solana-program/*: each is bundled once, as its ES module (see below). */
const SOLANA_PACKAGE = /^@solana(?:-program)?\//;
const requireHere = createRequire(import.meta.url);

/**
 * The packages left out of the bundle are required by their resolved path: the bundle may live
 * outside the checkout (BASKET_DEVNET_BUNDLE_DIR), where a bare name finds no node_modules.
 */
const repositoryPackages = {
  name: "repository-packages",
  setup(build) {
    build.onResolve({ filter: NATIVE_LOADER }, (args) =>
      args.resolveDir.endsWith(LITESVM_DIST) ? { path: requireHere.resolve(join(args.resolveDir, args.path)), external: true } : undefined,
    );
    // litesvm `require`s @solana/kit where our sources `import` it: resolved by kind, the two
    // would be two copies of every @solana/* package (CommonJS and ES module builds). Every
    // reference resolves to the ES module build instead, which esbuild hoists into the bundle.
    build.onResolve({ filter: SOLANA_PACKAGE }, (args) =>
      args.kind === "require-call" ? build.resolve(args.path, { kind: "import-statement", resolveDir: args.resolveDir }) : undefined,
    );
    build.onResolve({ filter: EXTERNAL_PACKAGES }, (args) => {
      try {
        return { path: requireHere.resolve(args.path), external: true };
      } catch {
        // Not installed (an optional package): left to fail, or not, where it is imported.
        return { path: args.path, external: true };
      }
    });
  },
};

/** Bundles the CLI into `root`/<key>/ and makes it current; resolves with its entry file and key. */
export async function buildBundle(root = BUNDLE_ROOT, repoDir = REPO_DIR, entry = CLI_ENTRY) {
  // The folder first: a read-only install fails here at once, before esbuild's service starts.
  mkdirSync(root, { recursive: true });
  const { build } = await import("esbuild");
  const building = join(root, `.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    const result = await build({
      absWorkingDir: repoDir,
      entryPoints: { main: entry },
      bundle: true,
      // One CommonJS file: what vm.Script runs with a code cache (see loadBundle). The sources
      // are ES modules; esbuild hoists them into one scope as it would for an ES module bundle,
      // and their dynamic imports become calls into the same file.
      format: "cjs",
      platform: "node",
      target: "node20",
      // Packages are bundled too (resolving and compiling hundreds of small modules of
      // @solana/kit, fastify and friends cost a start more than their code): all but those
      // with native binaries or files of their own to find next to them.
      outdir: building,
      outExtension: { ".js": ".cjs" },
      metafile: true,
      // Packages come from the node_modules installed beside this file, wherever the entry is.
      nodePaths: [join(REPO_DIR, "node_modules")],
      logLevel: "silent",
      plugins: [sourceUrls, repositoryPackages],
    });
    const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...BUILDER_INPUTS])].sort();
    // Stats first: a file edited while the key is computed then fails the stat check later.
    const stats = statsOf(repoDir, inputs);
    const key = bundleKey(repoDir, inputs);
    if (key === null) throw new Error("a source file vanished while the CLI was bundled");
    const target = join(root, key);
    try {
      renameSync(building, target);
    } catch {
      // Another start built the same sources first: theirs is the same bundle.
      if (!existsSync(join(target, ENTRY_FILE))) throw new Error(`could not put the CLI bundle in ${target}`);
    }
    writeCurrent(root, { key, checkout: resolve(repoDir), inputs, stats });
    prune(root, key);
    return { entry: join(target, ENTRY_FILE), key };
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Deletes bundles beyond the KEEP most recent (and leftovers of killed builds older than an hour). */
function prune(root, keep) {
  const hourAgo = Date.now() - 3_600_000;
  const bundles = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    const mtime = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (entry.name.startsWith(".tmp-")) {
      if (mtime < hourAgo) rmSync(path, { recursive: true, force: true });
    } else if (entry.isDirectory() && entry.name !== keep) bundles.push({ path, mtime });
  }
  bundles.sort((a, b) => b.mtime - a.mtime);
  for (const stale of bundles.slice(KEEP - 1)) rmSync(stale.path, { recursive: true, force: true });
}

/** V8's code cache of a bundle, beside it: valid for one node (one V8) on one architecture. */
export const codeCacheOf = (entry) => `${entry}.${process.version}-${process.arch}.v8-cache`;
/** When a long-running command (`up`) writes or refreshes the cache, if it has not exited by then. */
const CODE_CACHE_AFTER_MS = 5_000;
/** A cache in use is replaced when this run's would be this much larger (it compiled more of a start). */
const RICHER_CACHE = 1.1;

/**
 * Runs a bundle (a CommonJS file) and returns its exports, with whether V8's code cache was
 * `used`, `rejected` (V8 refused it: another V8, or a damaged file) or `absent`.
 *
 * A cache holds what was compiled when it was written, so it is written late: without a usable
 * one, when the command exits or after CODE_CACHE_AFTER_MS for one that keeps running (so a
 * start's functions are in it, not just the file's top level). A cache written by a short
 * command (`--version`, a start stopped early) holds less of a start: a long-running command
 * that compiled markedly more replaces it once, after CODE_CACHE_AFTER_MS.
 */
export function loadBundle(entry) {
  const cacheFile = codeCacheOf(entry);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The module wrapper node gives a CommonJS file, on the file's first line so stack traces
  // keep its line numbers; strict, as the ES modules it was made from were.
  const source = `(function (exports, require, module, __filename, __dirname) {"use strict";${readFileSync(entry, "utf8")}\n})`;
  const script = new Script(source, { filename: entry, ...(cachedData ? { cachedData } : {}) });
  const codeCache = cachedData === undefined ? "absent" : script.cachedDataRejected ? "rejected" : "used";
  if (codeCache === "used")
    setTimeout(() => writeCodeCache(script, cacheFile, cachedData.length * RICHER_CACHE), CODE_CACHE_AFTER_MS).unref();
  else rememberCompiledCode(script, cacheFile);
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(entry), module, entry, dirname(entry));
  return { exports: module.exports, codeCache };
}

/** Writes `script`'s code cache once: at exit, or after a while. */
function rememberCompiledCode(script, cacheFile) {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    writeCodeCache(script, cacheFile, 0);
  };
  process.once("exit", write);
  setTimeout(write, CODE_CACHE_AFTER_MS).unref();
}

/** Writes `script`'s code cache when it is at least `minimumBytes` (see replaceFile). */
function writeCodeCache(script, cacheFile, minimumBytes) {
  let data;
  try {
    data = script.createCachedData();
  } catch {
    // No cache this time: the next run compiles, nothing worse.
    return;
  }
  if (data.length >= minimumBytes) replaceFile(cacheFile, data);
}

/**
 * Runs the CLI: from the current bundle, or a bundle built now (said on stderr: the first
 * start after a change), or, when bundling fails, from source through tsx as before.
 */
export async function runCli() {
  let bundle = null;
  try {
    bundle = currentBundle();
    if (bundle === null) {
      const started = performance.now();
      bundle = await buildBundle();
      process.stderr.write(
        `basket-devnet: compiled the CLI from changed sources in ${((performance.now() - started) / 1000).toFixed(2)} s (kept for the next start)\n`,
      );
    }
  } catch (error) {
    process.stderr.write(
      `basket-devnet: could not compile the CLI (${error instanceof Error ? error.message : String(error)}); running it from source\n`,
    );
    bundle = null;
  }
  if (bundle !== null) {
    loadBundle(bundle.entry);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli/main.ts");
}
