import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_DIR = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The world cache's default folder: $XDG_CACHE_HOME/basket-devnet, else
 * node_modules/.cache/basket-devnet in the checkout (never inside the repository's files).
 * A module of its own: the options parser needs it before the heavy modules load.
 */
export function defaultWorldCacheDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return xdg !== undefined && xdg.length > 0 ? join(xdg, "basket-devnet") : join(REPO_DIR, "node_modules", ".cache", "basket-devnet");
}
