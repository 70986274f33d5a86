import type { Check } from "../../engine/check.ts";
import { PAGE_TIMEOUT_MS, clientUrlOf, fetchPage, linkedLaunches, tokenPage } from "./preview-page.ts";
import { fetchTextWithin } from "../../../src/client/request-deadline.ts";

const SECTION = "What the service does › Web client links";

export const linksClientServed: Check = {
  id: "links.client.served",
  phase: "links",
  rule: {
    section: "Notation",
    text: "{client_url} is the address of the web client: it answers with an HTML page, and the scripts and stylesheets it serves itself load",
  },
  enforces: "specification",
  async run(context) {
    const clientUrl = clientUrlOf(context);
    const page = await fetchPage(`${clientUrl}/`);
    if (page.status !== 200 || !page.contentType.startsWith("text/html"))
      context.fail(`GET ${clientUrl}/ answered ${page.status} ${page.contentType || "(no content type)"}, not an HTML page`, {
        input: { url: page.url },
        expected: { status: 200, contentType: "text/html" },
        actual: { status: page.status, contentType: page.contentType },
      });
    // A page shell whose script fails renders nothing: each asset it serves itself must load. Assets of
    // other origins (a CDN) are the network's to serve, not the client's, and a CI job may not reach them.
    const origin = new URL(page.url).origin;
    for (const asset of page.assets.filter((url) => new URL(url).origin === origin)) {
      const { response, text: body } = await fetchTextWithin(asset, {}, PAGE_TIMEOUT_MS);
      if (response.status !== 200)
        context.fail(`the client page names ${asset}, which answers ${response.status}: the page cannot render`, {
          input: { url: asset },
          expected: { status: 200 },
          actual: { status: response.status, contentType: response.headers.get("content-type"), body: body.slice(0, 300) },
        });
    }
  },
};

export const linksPreviewLaunchCard: Check = {
  id: "links.preview.launchCard",
  phase: "links",
  rule: { section: SECTION, text: "{client_url}/t/{launch} serves a preview card, then redirects to the page {client_url}/#/t/{launch}" },
  enforces: "specification",
  async run(context) {
    const clientUrl = clientUrlOf(context);
    for (const launch of linkedLaunches(context)) {
      const page = await fetchPage(`${clientUrl}/t/${launch.address}`);
      const title = page.meta.get("og:title") ?? page.meta.get("twitter:title") ?? "";
      if (!page.contentType.startsWith("text/html") || title === "")
        context.fail(`${page.url} serves no preview card (no og:title or twitter:title in an HTML page)`, {
          input: { url: page.url },
          actual: { status: page.status, contentType: page.contentType, meta: Object.fromEntries(page.meta) },
        });
      const name = launch.name ?? "";
      if (!title.includes(launch.symbol) && !title.includes(launch.address) && (name === "" || !title.includes(name)))
        context.fail(
          `the preview card of ${launch.address} is titled ${JSON.stringify(title)}, naming neither its ticker, its name nor its address`,
          {
            input: { url: page.url },
            expected: { titleIncludes: launch.symbol },
            actual: { title },
          },
        );
      // A collectible's #/t/ link redirects on to its collectible page: either is the page.
      const expected = [tokenPage(clientUrl, launch.address), new URL(`${clientUrl}/#/collectibles/${launch.address}`).href];
      if (page.redirect === null || !expected.includes(page.redirect))
        context.fail(`${page.url} does not redirect to the token page`, {
          input: { url: page.url },
          expected: { redirect: expected[0] },
          actual: { redirect: page.redirect, status: page.status },
        });
    }
  },
};

export const linksPreviewMintNotFound: Check = {
  id: "links.preview.mintNotFound",
  phase: "links",
  rule: {
    section: SECTION,
    text: "the preview route matches a launch address only, so a mint yields a redirect with a not-found preview card",
  },
  enforces: "specification",
  async run(context) {
    const clientUrl = clientUrlOf(context);
    for (const launch of linkedLaunches(context)) {
      if (launch.primaryMint === launch.address) continue;
      const page = await fetchPage(`${clientUrl}/t/${launch.primaryMint}`);
      if (page.redirect === null || !page.redirect.startsWith(`${new URL(clientUrl).origin}`))
        context.fail(`${page.url} (a mint) does not redirect into the client`, {
          input: { url: page.url },
          actual: { status: page.status, redirect: page.redirect },
        });
      const title = page.meta.get("og:title") ?? page.meta.get("twitter:title") ?? "";
      // The card must not be the launch's own: the route does not resolve mints.
      if (title.includes(launch.symbol) || page.meta.get("og:url")?.includes(launch.address))
        context.fail(`${page.url} (a mint) serves the launch's own preview card; the route matches launch addresses only`, {
          input: { url: page.url },
          expected: { card: "not found" },
          actual: { title, ogUrl: page.meta.get("og:url") ?? null },
        });
    }
  },
};

export const linksPreviewTags: Check = {
  id: "links.preview.tags",
  phase: "links",
  rule: {
    section: SECTION,
    text: "our preview card: 200 with og:title, og:description, og:image (the launch's imageUri, when that is an absolute http(s) URL), twitter:card; a mint's card is a 404 that redirects to {client_url}/#/t/{mint}",
  },
  enforces: "decision",
  async run(context) {
    const clientUrl = clientUrlOf(context);
    for (const launch of linkedLaunches(context, 2)) {
      const record = await context.exchange({ method: "GET", path: `/v1/launches/${launch.address}` });
      const recorded = (record.body as { imageUri?: string } | undefined)?.imageUri;
      // A card's image is fetched by whoever renders it: only an absolute http(s) one is named.
      const imageUri = recorded !== undefined && /^https?:\/\//i.test(recorded) ? recorded : undefined;
      const page = await fetchPage(`${clientUrl}/t/${launch.address}`);
      const actual = {
        status: page.status,
        description: page.meta.get("og:description") ?? null,
        image: page.meta.get("og:image") ?? null,
        twitterCard: page.meta.get("twitter:card") ?? null,
        twitterImage: page.meta.get("twitter:image") ?? null,
      };
      if (
        page.status !== 200 ||
        !actual.description ||
        actual.image !== (imageUri ?? null) ||
        actual.twitterImage !== (imageUri ?? null) ||
        !["summary", "summary_large_image"].includes(actual.twitterCard ?? "")
      )
        context.fail(`the preview card of ${launch.address} lacks a tag or names another image`, {
          input: { url: page.url },
          expected: { status: 200, image: imageUri, twitterCard: "summary or summary_large_image" },
          actual,
        });
      const mintPage = await fetchPage(`${clientUrl}/t/${launch.primaryMint}`);
      const expected = tokenPage(clientUrl, launch.primaryMint);
      if (mintPage.status !== 404 || mintPage.redirect !== expected)
        context.fail(`${mintPage.url} (a mint) should be a 404 not-found card redirecting to the hash page`, {
          input: { url: mintPage.url },
          expected: { status: 404, redirect: expected },
          actual: { status: mintPage.status, redirect: mintPage.redirect },
        });
    }
  },
};
