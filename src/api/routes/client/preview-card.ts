/**
 * The social preview of `{client_url}/t/{launch}`: an HTML page whose Open Graph and
 * Twitter card tags describe the launch, and which sends a browser on to the token page
 * `{client_url}/#/t/{launch}` at once (a meta refresh, for crawlers that run no script,
 * and `location.replace`, so the back button skips it). The specification's rule: the
 * route matches a launch address only, so a mint (or anything else) gets the not-found
 * card and the same redirect — the hash page then resolves a mint itself.
 */

/** What the card shows of a launch: the record's own fields, nothing computed. */
export interface PreviewLaunch {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly description: string;
  readonly imageUri: string;
  readonly status: string;
  readonly progressBps: number;
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Descriptions are up to 500 characters; cards show about 200. */
const DESCRIPTION_CHARS = 200;

/**
 * `text` on one line in at most `chars` characters, cut with an ellipsis. Characters are code
 * points: a cut inside a surrogate pair would leave half an emoji, which has no UTF-8.
 */
function shorten(text: string, chars: number): string {
  const flat = [...text.replace(/\s+/g, " ").trim()];
  return flat.length <= chars
    ? flat.join("")
    : `${flat
        .slice(0, chars - 1)
        .join("")
        .trimEnd()}…`;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  activeBonding: "on its curve",
  graduationPending: "graduation pending",
  migrating: "migrating to its market",
  graduated: "graduated",
};

/** The token page a preview sends its reader to: the hash route on the client's address. */
export function tokenPageUrl(clientUrl: string, id: string): string {
  return `${clientUrl}/#/t/${encodeURIComponent(id)}`;
}

/**
 * The preview page. `launch` null is the not-found card. `clientUrl` is where the client
 * lives (no trailing slash), null when it is this server: the redirect then stays relative
 * (`/#/t/{id}`, right behind any proxy) and the card's `og:url` names `selfUrl`. `id` is the
 * path segment as requested.
 */
export function previewPage(clientUrl: string | null, selfUrl: string, id: string, launch: PreviewLaunch | null): string {
  const target = tokenPageUrl(clientUrl ?? "", id);
  const canonical = tokenPageUrl(clientUrl ?? selfUrl, id);
  const title = launch ? `${launch.symbol} · ${launch.name}` : "Launch not found";
  const progress = launch ? `${(launch.progressBps / 100).toFixed(launch.progressBps % 100 === 0 ? 0 : 2)}%` : "";
  // The launch's own words shortened, never its status and progress after them.
  const state = launch ? `${STATUS_WORDS[launch.status] ?? launch.status}, ${progress} of the curve sold.` : "";
  const said = launch ? shorten(launch.description, DESCRIPTION_CHARS - state.length - 3) : "";
  const description = !launch
    ? "No launch has this address. Preview links take a launch address; a mint opens through the token page."
    : said === ""
      ? `${state[0]!.toUpperCase()}${state.slice(1)}`
      : `${said} — ${state}`;
  // A card's image is fetched by whoever renders the card: an absolute http(s) URL only (a
  // creator's imageUri is kept as sent, and may be relative, `javascript:` or anything else).
  const image = launch && /^https?:\/\//i.test(launch.imageUri) ? launch.imageUri : null;
  const meta = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "basket-devnet"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", canonical],
    ...(image ? [["property", "og:image", image]] : []),
    ["name", "twitter:card", image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ...(image ? [["name", "twitter:image", image]] : []),
    ["name", "description", description],
  ]
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value!)}">`)
    .join("\n    ");
  const body = launch
    ? `<article class="card">
      ${image ? `<img src="${escapeHtml(image)}" alt="" width="96" height="96">` : ""}
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(description)}</p>
    </article>`
    : `<article class="card" data-not-found>
      <h1>Launch not found</h1>
      <p>${escapeHtml(description)}</p>
    </article>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    ${meta}
    <meta http-equiv="refresh" content="0; url=${escapeHtml(target)}">
    <link rel="canonical" href="${escapeHtml(canonical)}">
    <style>body{font-family:system-ui,sans-serif;background:#0f1419;color:#e7ecf1;display:grid;place-items:center;min-height:100vh;margin:0}.card{max-width:32rem;padding:1.5rem;text-align:center}a{color:#7cc4ff}</style>
    <script>location.replace(${JSON.stringify(target).replace(/</g, "\\u003c")});</script>
  </head>
  <body>
    ${body}
    <p><a href="${escapeHtml(target)}">Open the token page</a></p>
  </body>
</html>
`;
}
