import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BasketClient } from "../../../src/client/basket-client.ts";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../../src/chain/virtual-clock.ts";
import { type Simulator, startSimulator } from "../../../src/simulator/simulator.ts";
import { freshWallet } from "../../../conformance/engine/suite-wallet.ts";

/**
 * The web client end to end in real Chromium (Debian's `chromium`, driven by playwright-core)
 * against a real simulator: pages, live updates from the stream, the preview route and a
 * burner-wallet trade. Screenshots of every page go to web/.screenshots/ (gitignored).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOTS = fileURLToPath(new URL("../../.screenshots/", import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface Row {
  address: string;
  primaryMint: string;
  symbol: string;
  name: string;
  status: string;
  imageUri: string;
  kind: string;
}

let simulator: Simulator;
let browser: Browser;
let api: BasketClient;
let context: BrowserContext;
let page: Page;
/** Requests the page made to anything but the simulator, and errors it threw: both must stay empty. */
let foreign: string[];
let pageErrors: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (Debian's; .ci/run does it), or set CHROMIUM_PATH`);
  mkdirSync(SHOTS, { recursive: true });
  [simulator, browser] = await Promise.all([
    startSimulator({
      seed: "web-client-e2e",
      port: 0,
      host: "127.0.0.1",
      rpcPort: null,
      bots: false,
      genesisTime: DEFAULT_GENESIS_UNIX_TIMESTAMP,
      launchCount: 30,
      historyHours: 2,
      // Fast slots: each trade's transactions land in a quarter of the wall time.
      slotMs: 100,
    }),
    chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] }),
  ]);
  api = new BasketClient(simulator.baseUrl, { pollIntervalMs: 100, pollTimeoutMs: 20_000 });
  // The first request builds the bundle: done here, so no test pays for it inside its own time.
  expect((await fetch(`${simulator.baseUrl}/app/main.js`)).status).toBe(200);
  // Any other name under /app/ is the API's NOT_FOUND, as every other missing thing is.
  const missing = await fetch(`${simulator.baseUrl}/app/nope.js`);
  expect([missing.status, await missing.json()]).toEqual([404, { code: "NOT_FOUND", error: 'no client file matches "nope.js"' }]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await simulator?.close();
});

async function openPage(hash: string, viewport = DESKTOP): Promise<Page> {
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  foreign = [];
  pageErrors = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(simulator.baseUrl) && !url.startsWith(simulator.streamUrl.replace(/\/v1\/stream$/, "")) && !url.startsWith("data:"))
      foreign.push(url);
  });
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  await page.goto(`${simulator.baseUrl}/${hash}`);
  return page;
}

afterEach(async () => {
  expect(foreign, "the client requested something other than the simulator").toEqual([]);
  expect(pageErrors, "the page threw").toEqual([]);
  await context?.close();
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

/** A buy landed through the API (not the page) by a fresh faucet wallet; returns the settling signature. */
async function buyThroughApi(launch: string): Promise<string> {
  const { wallet } = await freshWallet();
  await api.devnet("airdrop", { wallet: wallet.address, lamports: "2000000000" });
  const outcome = await api.trade(
    { launch, direction: "buy", amountIn: "50000000", mode: "exactInSol", wallet: wallet.address, slippageBps: 500 },
    (transaction) => wallet.sign(transaction),
  );
  const last = outcome.statuses.at(-1)!;
  expect(last.status).toMatch(/^(confirmed|finalized)$/);
  return last.signature;
}

async function bondingLaunch(): Promise<Row> {
  const { launches } = await api.launches({ tab: "trending", limit: 48, kind: "all" });
  const row = (launches as unknown as Row[]).find((launch) => launch.status === "activeBonding" && launch.kind === "pairs");
  expect(row).toBeDefined();
  return row!;
}

describe("web client in Chromium", () => {
  it("home grid shows the cards, and a trade's delta changes that card", async () => {
    await openPage("");
    await page.waitForSelector(".grid .card[data-address] .card-link");
    await page.waitForSelector('.connection[data-state="open"]');
    const addresses = await page.$$eval(".grid .card[data-address]", (cards) => cards.map((card) => card.getAttribute("data-address")!));
    expect(addresses.length).toBeGreaterThan(5);
    await shot("home-desktop");
    const target = (await bondingLaunch()).address;
    expect(addresses).toContain(target);
    const card = page.locator(`.grid .card[data-address="${target}"]`);
    const before = Number(await card.getAttribute("data-trades24"));
    await buyThroughApi(target);
    // The REST list is not read again: only the stream's delta can change the card.
    await expect.poll(async () => Number(await card.getAttribute("data-trades24")), { timeout: 10_000 }).toBe(before + 1);
    expect(await card.locator('[data-field="trades24"]').textContent()).toBe(String(before + 1));
    await page.setViewportSize(PHONE);
    await shot("home-phone");
  });

  it("tabs and search read the launch lists", async () => {
    await openPage("#/?tab=graduated");
    await page.waitForSelector(".grid .card[data-address]");
    const statuses = await page.$$eval(".grid .badge", (badges) => badges.map((badge) => badge.textContent));
    expect(statuses.length).toBeGreaterThan(0);
    // The graduated tab lists launches past the curve: none is still on it.
    expect(statuses).not.toContain("On curve");
    const row = await bondingLaunch();
    await page.getByLabel("Search launches").fill(row.symbol);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForSelector(`.grid .card[data-address="${row.address}"]`);
  });

  for (const by of ["address", "mint"] as const) {
    it(`token page by ${by} shows the chart and the tape, and a trade landed through the API appears in both within seconds`, async () => {
      const row = await bondingLaunch();
      await openPage(`#/t/${by === "address" ? row.address : row.primaryMint}`);
      await page.waitForSelector(".tape tbody tr[data-signature]");
      await page.waitForSelector(".chart canvas");
      await expect.poll(async () => Number(await page.locator(".chart").getAttribute("data-candles"))).toBeGreaterThan(0);
      expect(await page.locator("h1").first().textContent()).toContain(row.symbol);
      const tradesBefore = Number(await page.locator(".chart").getAttribute("data-trades"));
      await shot(`token-by-${by}`);
      const signature = await buyThroughApi(row.address);
      await page.waitForSelector(`.tape tbody tr[data-signature="${signature}"]`, { timeout: 5_000 });
      await expect
        .poll(async () => Number(await page.locator(".chart").getAttribute("data-trades")), { timeout: 5_000 })
        .toBe(tradesBefore + 1);
      // The market figures follow the trade as well: the 24h count is the launch's after it.
      const after = (await (await fetch(`${simulator.baseUrl}/v1/launches/${row.address}`)).json()) as { trades24: number };
      await expect
        .poll(async () => Number(await page.locator('[data-field="trades24"]').textContent()), { timeout: 5_000 })
        .toBe(after.trades24);
      if (by === "mint") {
        await page.setViewportSize(PHONE);
        await shot("token-phone");
        // The tape scrolls inside its box: the page itself is no wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
    });
  }

  it("/t/{launch} serves the preview tags and redirects to the token page; /t/{mint} gives the not-found card and the redirect", async () => {
    const row = await bondingLaunch();
    const preview = await fetch(`${simulator.baseUrl}/t/${row.address}`, { redirect: "manual" });
    expect(preview.status).toBe(200);
    // A trailing slash, as share targets add one, gets the same card.
    const slashed = await fetch(`${simulator.baseUrl}/t/${row.address}/`, { redirect: "manual" });
    expect({ status: slashed.status, type: slashed.headers.get("content-type") }).toEqual({
      status: 200,
      type: "text/html; charset=utf-8",
    });
    expect(preview.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await preview.text();
    const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
    expect(tag("og:title")).toContain(row.symbol);
    expect(tag("og:description")?.length).toBeGreaterThan(10);
    expect(tag("og:image")).toBe(row.imageUri);
    expect(tag("twitter:card")).toBe("summary_large_image");
    expect(tag("twitter:image")).toBe(row.imageUri);
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/#/t/${row.address}">`);

    const notFound = await fetch(`${simulator.baseUrl}/t/${row.primaryMint}`, { redirect: "manual" });
    expect(notFound.status).toBe(404);
    const missing = await notFound.text();
    expect(missing).toContain('<meta property="og:title" content="Launch not found">');
    expect(missing).not.toContain(row.symbol);
    expect(missing).toContain(`url=/#/t/${row.primaryMint}`);

    await openPage(`t/${row.address}`);
    await page.waitForURL(`${simulator.baseUrl}/#/t/${row.address}`);
    await page.waitForSelector(".tape tbody tr[data-signature]");
    // The mint's redirect lands on the hash page, which resolves the mint itself.
    await page.goto(`${simulator.baseUrl}/t/${row.primaryMint}`);
    await page.waitForURL(`${simulator.baseUrl}/#/t/${row.primaryMint}`);
    await page.waitForSelector(".tape tbody tr[data-signature]");
    expect(await page.locator("h1").first().textContent()).toContain(row.symbol);
  });

  it("a burner-wallet buy from the page is funded, quoted, built, signed in the browser, confirmed, and shows on the tape", async () => {
    const row = await bondingLaunch();
    await openPage(`#/t/${row.address}`);
    await page.waitForSelector(".tape tbody tr[data-signature]");
    await page.getByRole("button", { name: /Fund from faucet/ }).click();
    await page.waitForSelector(".flow-log li.ok");
    await expect.poll(() => page.locator(".wallet-balance").textContent()).toContain("2 SOL");
    const burner = await page.evaluate(() => localStorage.getItem("basket-devnet:burner:v1"));
    expect(burner).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    await page.getByLabel("Side").selectOption("buy");
    await page.getByLabel("Amount in SOL").fill("0.05");
    await page.getByRole("button", { name: "Quote and trade" }).click();
    await page.waitForSelector('.flow-log [data-done="confirmed"]', { timeout: 30_000 });
    const signatures = await page.$$eval(".flow-log li[data-signature]", (items) =>
      items.map((item) => item.getAttribute("data-signature")!),
    );
    expect(signatures.length).toBeGreaterThan(0);
    const settled = await api.transaction(signatures.at(-1)!);
    expect(settled.status).toMatch(/^(confirmed|finalized)$/);
    await page.waitForSelector(`.tape tbody tr[data-signature="${signatures.at(-1)}"]`, { timeout: 5_000 });
    // The key never left the browser: the server saw only the burner's address.
    const balances = await api.balances((await page.locator(".wallet-balance a").getAttribute("title"))!);
    expect(balances.tokens.some((token) => token.mint === row.primaryMint && BigInt(token.amount) > 0n)).toBe(true);
    await shot("token-after-burner-buy");
  });

  it("a #/t/ link to a collectible (by its mint) lands on its collectible page with photos, grade, stage and vault", async () => {
    const page1 = await api.get<{ items: { launch: string; primaryMint: string; symbol: string; stage: string }[] }>("/v1/collectibles", {
      stage: "tradable",
      limit: 1,
    });
    const collectible = page1.items[0];
    expect(collectible, "the seeded world holds a tradable collectible").toBeDefined();
    await openPage(`#/t/${collectible!.primaryMint}`);
    await page.waitForURL(`${simulator.baseUrl}/#/collectibles/${collectible!.launch}`);
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe("Stage: tradable");
    expect(await page.locator("h1").textContent()).toContain(collectible!.symbol);
    const vault = await api.get<{ cards: { asset: string; identity: { grader: string; grade: number } }[] }>(
      `/v1/collectibles/${collectible!.launch}/vault`,
    );
    const held = vault.cards[0]!;
    const card = page.locator(`.vault-card[data-asset="${held.asset}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(`${held.identity.grader} ${held.identity.grade}`);
    // Front and back photos, loaded from the simulator's media route.
    const loaded = await card.locator("img").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0));
    expect(loaded).toEqual([true, true]);
    await shot("collectible");
    await page.setViewportSize(PHONE);
    await shot("collectible-phone");
  });

  it("the collectible page says clearly what is missing when the server has no collectible record", async () => {
    const row = await bondingLaunch();
    expect((await api.exchange({ method: "GET", path: `/v1/collectibles/${row.address}` })).status).toBe(404);
    await openPage(`#/collectibles/${row.address}`);
    await page.waitForSelector("[data-collectible-missing]");
    expect(await page.locator("h1").textContent()).toBe("No collectible here");
    expect(await page.locator("[data-collectible-missing]").textContent()).toContain("answered 404");
    await shot("collectible-missing");
  });

  it("the studio drives /devnet/ and shows what each action did", async () => {
    await openPage("#/studio");
    await page.waitForSelector("text=Clock: ");
    const slotBefore = Number((await api.devnet("advance", { slots: 1 })).slot);
    await page.getByLabel("Slots", { exact: true }).fill("40");
    await page.getByRole("button", { name: "Advance" }).click();
    await page.waitForSelector(".studio-log li.ok");
    const text = await page.locator(".studio-log li").first().textContent();
    expect(text).toMatch(/POST \/devnet\/advance \{"slots":40\} → slot (\d+)/);
    expect(Number(/→ slot (\d+)/.exec(text!)![1])).toBeGreaterThanOrEqual(slotBefore + 40);
    await page.getByRole("button", { name: "Take snapshot" }).click();
    await page.waitForSelector(".studio-log li:has-text('saved')");
    // A transaction fault is armed for the burner's own next transaction, not the bots' next one.
    await page.getByRole("button", { name: "Arm" }).click();
    const armed = page.locator(".studio-log li:has-text('faults/transaction')");
    await armed.waitFor();
    expect(await armed.textContent()).toMatch(/\{"kind":"drop","wallet":"[1-9A-HJ-NP-Za-km-z]{32,44}"\} → armed drop/);
    expect(await (await fetch(`${simulator.baseUrl}/devnet/faults/transaction`, { method: "DELETE" })).json()).toEqual({ cleared: 1 });
    // A collectible between its raise and its pool: one crank step moves it on, and the log says where.
    const { items } = await api.get<{ items: { launch: string; stage: string }[] }>("/v1/collectibles", { limit: 50 });
    const midway = items.find((item) => ["funding", "swapping", "acquiring", "pooling"].includes(item.stage));
    expect(midway, "the seeded world holds a collectible mid-acquisition").toBeDefined();
    await page.getByLabel("Collectible launch address").fill(midway!.launch);
    await page.getByLabel("Step").selectOption("crank-next");
    await page.getByRole("button", { name: "Run" }).click();
    const line = page.locator(".studio-log li:has-text('collectibles/crank')");
    await line.waitFor();
    const stage = (await api.get<{ stage: string }>(`/v1/collectibles/${midway!.launch}`)).stage;
    expect(stage).not.toBe(midway!.stage);
    expect(await line.locator("code").textContent()).toContain(`now ${stage}`);
    await shot("studio");
  });

  it("the wallet page shows the burner and funds it from the faucet", async () => {
    await openPage("#/wallet");
    await page.getByRole("button", { name: /Fund from faucet/ }).click();
    await expect.poll(() => page.locator('[data-field="sol"]').textContent(), { timeout: 10_000 }).toBe("2 SOL");
    const address = await page.locator("code.address").getAttribute("data-address");
    expect((await api.balances(address!)).solLamports).toBe("2000000000");
    // A component the wallet holds (a buy's excess) is listed without a link: it has no token page.
    const [component] = (await api.assets()).assets as { mint: string }[];
    await api.devnet("airdrop", { wallet: address!, mint: component!.mint, amount: "1000" });
    // The same browser, so the same burner: the page reads the balances again as it loads.
    await page.reload();
    const held = page.locator(`.token-list li[data-mint="${component!.mint}"]`);
    await held.waitFor();
    expect(await held.locator("a").count()).toBe(0);
    await page.setViewportSize(PHONE);
    await shot("wallet-phone");
  });
});
