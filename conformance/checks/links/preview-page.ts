import type { CheckContext, SampleLaunch } from "../../engine/check.ts";
import { fetchTextWithin } from "../../../src/client/request-deadline.ts";

/** What a links check learns from one GET of a client URL, read without running any script. */
export interface FetchedPage {
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly html: string;
  /** `<meta property|name=… content=…>` tags by key (first wins). */
  readonly meta: ReadonlyMap<string, string>;
  /**
   * Where the page sends a reader: an HTTP `Location`, else a `<meta http-equiv="refresh">` URL,
   * else a string literal an inline script sets `location` to; resolved against the page's URL.
   */
  readonly redirect: string | null;
  /** The page's scripts (`<script src>`) and stylesheets (`<link rel="stylesheet" href>`), resolved against its URL. */
  readonly assets: readonly string[];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name]!);
}

/** The attributes of one tag, names lowercased; values unquoted and unescaped. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([A-Za-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    attributes.set(match[1]!.toLowerCase(), unescape(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

/** The URL an inline script sends the reader to (`location = "…"`, `location.href = "…"`, `location.replace("…")`, `.assign("…")`), if one does. */
function scriptRedirect(html: string): string | null {
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const found = /location(?:\.href)?\s*=\s*(["'`])([^"'`]+)\1|location\.(?:replace|assign)\(\s*(["'`])([^"'`]+)\3\s*\)/.exec(body ?? "");
    if (found) return unescape(found[2] ?? found[4]!);
  }
  return null;
}

export function readPage(url: string, status: number, headers: Headers, html: string): FetchedPage {
  const meta = new Map<string, string>();
  let refresh: string | null = null;
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const key = attributes.get("property") ?? attributes.get("name");
    const content = attributes.get("content");
    if (key && content !== undefined && !meta.has(key.toLowerCase())) meta.set(key.toLowerCase(), content);
    if (attributes.get("http-equiv")?.toLowerCase() === "refresh" && content !== undefined) {
      const target = /^\s*\d+(?:\.\d+)?\s*[;,]\s*url\s*=\s*['"]?([^'"]+)['"]?\s*$/i.exec(content)?.[1];
      if (target && refresh === null) refresh = target.trim();
    }
  }
  const assets: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const source = tag.toLowerCase().startsWith("<script")
      ? attributes.get("src")
      : attributes.get("rel")?.toLowerCase().split(/\s+/).includes("stylesheet")
        ? attributes.get("href")
        : undefined;
    if (source !== undefined && source !== "") assets.push(new URL(source, url).href);
  }
  const location = status >= 300 && status < 400 ? headers.get("location") : null;
  const target = location ?? refresh ?? scriptRedirect(html);
  return {
    url,
    status,
    contentType: headers.get("content-type") ?? "",
    html,
    meta,
    redirect: target === null ? null : new URL(target, url).href,
    assets,
  };
}

/** How long a page or one of its assets may take to answer whole. */
export const PAGE_TIMEOUT_MS = 10_000;

/** GETs a URL on the client's host (not the API's: the context's recorder knows only the base URL), without following redirects. */
export async function fetchPage(url: string): Promise<FetchedPage> {
  const { response, text } = await fetchTextWithin(url, { redirect: "manual", headers: { accept: "text/html" } }, PAGE_TIMEOUT_MS);
  return readPage(url, response.status, response.headers, text);
}

/** The client URL, or the check skips: the links phase runs only when one is given. */
export function clientUrlOf(context: CheckContext): string {
  if (context.clientUrl === null)
    return context.skip("the links phase needs the web client's address: --client-url URL (base for the server's own)");
  return context.clientUrl;
}

/** A few launches to link to: the first of each status, at most `count`. */
export function linkedLaunches(context: CheckContext, count = 3): SampleLaunch[] {
  const seen = new Set<string>();
  const picked: SampleLaunch[] = [];
  for (const launch of context.samples.launches) {
    if (seen.has(launch.status)) continue;
    seen.add(launch.status);
    picked.push(launch);
    if (picked.length === count) break;
  }
  if (picked.length === 0) context.noSample("launch to link to");
  return picked;
}

/** `{client_url}/#/t/{id}` as a URL parser writes it (so it compares equal to a resolved redirect). */
export function tokenPage(clientUrl: string, id: string): string {
  return new URL(`${clientUrl}/#/t/${id}`).href;
}
