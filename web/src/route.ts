/**
 * The client's hash routes (the specification's Web client links table). Everything after
 * `#` is read here, in the browser: the server only ever serves `/`.
 */

export const TABS = ["trending", "new", "almost", "graduated", "volume"] as const;
export type Tab = (typeof TABS)[number];

export type Route =
  | { readonly page: "home"; readonly tab: Tab; readonly q: string }
  | { readonly page: "token"; readonly id: string }
  | { readonly page: "collectible"; readonly id: string }
  | { readonly page: "wallet" }
  | { readonly page: "studio" }
  | { readonly page: "unknown"; readonly hash: string };

/** An id in a path segment: decoded, and only what an address, mint or ticker can be. */
function segment(text: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9]{1,64}$/.test(decoded) ? decoded : null;
}

/** Reads `location.hash` (with or without the `#`). */
export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#/, "");
  const [path = "", search = ""] = text.split("?", 2);
  if (path === "" || path === "/") {
    const query = new URLSearchParams(search);
    const tab = query.get("tab");
    return { page: "home", tab: TABS.includes(tab as Tab) ? (tab as Tab) : "trending", q: (query.get("q") ?? "").slice(0, 64) };
  }
  const token = /^\/t\/([^/]+)\/?$/.exec(path);
  if (token) {
    const id = segment(token[1]!);
    return id ? { page: "token", id } : { page: "unknown", hash: text };
  }
  const collectible = /^\/collectibles\/([^/]+)\/?$/.exec(path);
  if (collectible) {
    const id = segment(collectible[1]!);
    return id ? { page: "collectible", id } : { page: "unknown", hash: text };
  }
  if (path === "/wallet") return { page: "wallet" };
  if (path === "/studio") return { page: "studio" };
  return { page: "unknown", hash: text };
}

export function homeHash(tab: Tab, q = ""): string {
  const query = new URLSearchParams();
  if (tab !== "trending") query.set("tab", tab);
  if (q) query.set("q", q);
  return `#/${query.size ? `?${query}` : ""}`;
}

export function tokenHash(id: string): string {
  return `#/t/${encodeURIComponent(id)}`;
}

export function collectibleHash(id: string): string {
  return `#/collectibles/${encodeURIComponent(id)}`;
}

/**
 * Where a `#/t/{id}` link lands once `GET /v1/launches/{id}` answered: a collectible's
 * record sends it to the collectible page (the specification: "a `#/t/` link to a
 * collectible redirects here"); any other launch stays on the token page (null).
 */
export function redirectForLaunch(record: { readonly kind: string; readonly address: string }): string | null {
  return record.kind === "collectibles" ? collectibleHash(record.address) : null;
}
