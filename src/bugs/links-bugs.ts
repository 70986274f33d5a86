import type { InjectedBug, SentPage } from "./injected-bug.ts";

const PREVIEW_ROUTE = "/t/:launch";

/** The page without its redirect: no meta refresh and no script moving the browser on. */
function withoutRedirect(page: SentPage): string | undefined {
  const html = page.html.replace(/<meta http-equiv="refresh"[^>]*>/gi, "").replace(/<script>location\.replace\([^<]*<\/script>/g, "");
  return html === page.html ? undefined : html;
}

/** The page with every `name` meta tag removed. */
function withoutMeta(page: SentPage, name: string): string | undefined {
  const html = page.html.replace(new RegExp(`<meta (?:name|property)="${name}"[^>]*>`, "g"), "");
  return html === page.html ? undefined : html;
}

/** Breaks of the web client's links (`/t/{launch}`), caught by the links phase. */
export const LINKS_BUGS: readonly InjectedBug[] = [
  {
    name: "preview-no-redirect",
    phase: "links",
    rule: "{client_url}/t/{launch} serves a preview card, then redirects to the page; this mode serves the card and stays.",
    caughtBy: "links.preview.launchCard",
    http: {
      method: "GET",
      route: PREVIEW_ROUTE,
      onSendHtml: (page) => (page.reply.statusCode === 200 ? withoutRedirect(page) : undefined),
    },
  },
  {
    name: "mint-preview-no-redirect",
    phase: "links",
    rule: "A mint at {client_url}/t/{mint} yields a redirect with a not-found card; this mode serves the not-found card without the redirect.",
    caughtBy: "links.preview.mintNotFound",
    http: {
      method: "GET",
      route: PREVIEW_ROUTE,
      onSendHtml: (page) => (page.reply.statusCode === 404 ? withoutRedirect(page) : undefined),
    },
  },
  {
    name: "preview-without-twitter-card",
    phase: "links",
    rule: "Our preview card carries twitter:card beside the Open Graph tags; this mode leaves it out.",
    caughtBy: "links.preview.tags",
    strictOnly: true,
    http: {
      method: "GET",
      route: PREVIEW_ROUTE,
      onSendHtml: (page) => (page.reply.statusCode === 200 ? withoutMeta(page, "twitter:card") : undefined),
    },
  },
];
