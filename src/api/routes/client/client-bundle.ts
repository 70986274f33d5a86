import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** The client's entry point: web/src/main.ts at the repository's root. */
const ENTRY = fileURLToPath(new URL("../../../../web/src/main.ts", import.meta.url));

/** The built client: one script and one stylesheet, each with its content type. */
export interface ClientBundle {
  readonly files: ReadonlyMap<string, { readonly body: Uint8Array; readonly contentType: string }>;
  readonly millis: number;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
};

/**
 * Builds the web client from its TypeScript in memory with esbuild (about a second, no
 * network: every import resolves from node_modules), so `npm install && npm start` serves
 * it with no build step and the served client is always the checkout's. Files are named
 * `main.js` and `main.css` under the asset prefix.
 */
export async function buildClientBundle(): Promise<ClientBundle> {
  const started = performance.now();
  // Loaded here, not with the module: a start that serves no page never pays for esbuild.
  // Required, not imported: the CLI runs from a bundle in vm.Script, where import() of a
  // package outside the bundle has no loader to call.
  const { build } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    outdir: "/client-out",
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify: true,
    sourcemap: false,
    legalComments: "none",
    logLevel: "silent",
    // The client talks to the page's own origin: nothing is fetched from elsewhere.
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const files = new Map<string, { body: Uint8Array; contentType: string }>();
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1);
    const extension = name.slice(name.lastIndexOf(".") + 1);
    files.set(name, { body: file.contents, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" });
  }
  return { files, millis: performance.now() - started };
}
