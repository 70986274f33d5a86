import { CandlestickSeries, type IChartApi, type ISeriesApi, type UTCTimestamp, createChart } from "lightweight-charts";
import { type AppContext, errorText, statusOf } from "../app-context.ts";
import type { BurnerWallet } from "../burner-wallet.ts";
import { curveProgressBar, h, replaceChildren } from "../dom.ts";
import {
  STATUS_LABELS,
  ago,
  formatBps,
  formatChartPrice,
  formatPrice,
  formatSol,
  formatUnits,
  formatUsd,
  priceInDna,
  priceInSol,
  shortAddress,
} from "../format.ts";
import { redirectForLaunch } from "../route.ts";
import { tradePanel } from "../trade-panel.ts";

type Launch = Record<string, any>;

interface Candle {
  readonly t: number;
  readonly o: string;
  readonly h: string;
  readonly l: string;
  readonly c: string;
  readonly n: number;
}

/** One-minute candles, the last 500: eight hours, more than the seeded history. */
const BUCKET_SECONDS = 60;
/** Trades shown on the tape. */
const TAPE_ROWS = 50;
/** Trades arrive in bursts: one re-read per burst. */
const REFRESH_DEBOUNCE_MS = 150;

function tapeRow(trade: Launch, decimals: number, symbol: string, nowMs: number): HTMLTableRowElement {
  const buy = trade.direction === "buy";
  return h(
    "tr",
    { "data-signature": trade.signature, class: buy ? "buy" : "sell" },
    h("td", {}, h("time", { datetime: trade.at, title: trade.at }, ago(Date.parse(trade.at), nowMs))),
    h("td", { class: buy ? "up" : "down" }, buy ? "Buy" : "Sell"),
    h("td", { class: "num" }, `${formatUnits(trade.primaryAmount, decimals, 2)} ${symbol}`),
    h("td", { class: "num" }, formatSol(trade.solLamports)),
    h("td", { class: "num" }, formatPrice(trade.priceSol)),
    h("td", {}, h("span", { title: trade.trader }, shortAddress(trade.trader))),
  );
}

/**
 * The token page: `#/t/{id}` with a launch address, a primary mint or a ticker, resolved by
 * `GET /v1/launches/{id}`; a collectible's record redirects to its collectible page. Chart
 * and tape re-read when the live tier announces a trade; the record on status/migration.
 */
export function tokenPage(root: HTMLElement, context: AppContext, id: string, wallet: Promise<BurnerWallet>): () => void {
  const { api, stream } = context;
  let stopped = false;
  let chart: IChartApi | null = null;
  let series: ISeriesApi<"Candlestick"> | null = null;
  let launch: Launch | null = null;
  let dnaUnitSol: number | null = null;
  const candles = new Map<number, Candle>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const header = h("header", { class: "token-head" });
  const facts = h("section", { class: "panel facts", "aria-labelledby": "facts-heading" });
  const chartBox = h("div", { class: "chart", role: "img", "aria-label": "Price chart, one-minute candles" });
  const chartNote = h("p", { class: "muted chart-unit" });
  const tapeBody = h("tbody");
  const tapeStatus = h("p", { class: "muted", role: "status" });
  const recipe = h("section", { class: "panel recipe", "aria-labelledby": "recipe-heading" });
  const tradeSlot = h("div");
  const status = h("p", { role: "status", class: "grid-status" }, "Loading…");
  replaceChildren(root, status);

  const toPrice = (value: string) => priceInSol(value, dnaUnitSol) ?? priceInDna(value);
  const bar = (candle: Candle) => ({
    time: candle.t as UTCTimestamp,
    open: toPrice(candle.o),
    high: toPrice(candle.h),
    low: toPrice(candle.l),
    close: toPrice(candle.c),
  });

  function markChart(): void {
    const list = [...candles.values()];
    const last = list.reduce<Candle | null>((latest, candle) => (latest === null || candle.t > latest.t ? candle : latest), null);
    chartBox.dataset.candles = String(list.length);
    chartBox.dataset.trades = String(list.reduce((sum, candle) => sum + candle.n, 0));
    if (last) {
      chartBox.dataset.lastTime = String(last.t);
      chartBox.dataset.lastClose = last.c;
    }
  }

  async function loadChart(full: boolean): Promise<void> {
    if (!launch) return;
    const answer = await api.chart(launch.address, { bucket: BUCKET_SECONDS, limit: full ? 500 : 3 });
    if (stopped || !series) return;
    dnaUnitSol = answer.dnaUnitSol;
    chartNote.textContent = dnaUnitSol === null ? "Prices in DNA units per token (a component is unpriced)." : "Prices in SOL per token.";
    const fresh = answer.candles as unknown as Candle[];
    if (full) {
      candles.clear();
      for (const candle of fresh) candles.set(candle.t, candle);
      series.setData(fresh.map(bar));
      chart?.timeScale().scrollToRealTime();
    } else {
      const lastTime = Math.max(0, ...candles.keys());
      for (const candle of fresh) {
        if (candle.t < lastTime && candles.get(candle.t)?.c === candle.c && candles.get(candle.t)?.n === candle.n) continue;
        if (candle.t < lastTime) return loadChart(true);
        candles.set(candle.t, candle);
        series.update(bar(candle));
      }
    }
    markChart();
  }

  async function loadTape(): Promise<void> {
    if (!launch) return;
    const answer = await api.trades(launch.address, { limit: TAPE_ROWS });
    if (stopped) return;
    const now = Date.now();
    replaceChildren(tapeBody, ...answer.trades.map((trade) => tapeRow(trade, launch!.primaryDecimals, launch!.symbol, now)));
    tapeStatus.textContent = answer.trades.length === 0 ? "No trades yet." : `Latest ${answer.trades.length} trades, newest first.`;
  }

  function renderFacts(): void {
    if (!launch) return;
    const row = launch;
    const price = priceInSol(row.priceE12, row.dnaUnitSol);
    replaceChildren(
      header,
      h("img", { src: row.imageUri, alt: "", width: 72, height: 72 }),
      h(
        "div",
        {},
        h("h1", {}, `${row.symbol} `, h("span", { class: "name" }, row.name)),
        h("p", { class: "muted" }, row.description),
        h(
          "p",
          { class: "ids" },
          h("span", { class: `badge status-${row.status}`, "data-field": "status" }, STATUS_LABELS[row.status] ?? row.status),
          " Launch ",
          h("code", { title: row.address }, shortAddress(row.address)),
          " · Mint ",
          h("code", { title: row.primaryMint }, shortAddress(row.primaryMint)),
          " · ",
          h("a", { href: `/t/${row.address}` }, "Share link"),
        ),
      ),
    );
    replaceChildren(
      facts,
      h("h2", { id: "facts-heading" }, "Market"),
      h(
        "dl",
        { class: "figures wide" },
        h("div", {}, h("dt", {}, "Price"), h("dd", {}, price === null ? "—" : `${formatPrice(price)} SOL`)),
        h("div", {}, h("dt", {}, "Price USD"), h("dd", {}, formatUsd(row.priceUsd))),
        h("div", {}, h("dt", {}, "Market cap"), h("dd", {}, formatUsd(row.marketCap))),
        h(
          "div",
          {},
          h("dt", {}, "24h change"),
          h("dd", { class: row.change24Bps > 0 ? "up" : row.change24Bps < 0 ? "down" : "" }, formatBps(row.change24Bps, true)),
        ),
        h("div", {}, h("dt", {}, "24h volume"), h("dd", {}, formatUsd(row.volume24hUsd))),
        h("div", {}, h("dt", {}, "Trades 24h"), h("dd", { "data-field": "trades24" }, String(row.trades24))),
        h("div", {}, h("dt", {}, "Holders"), h("dd", {}, String(row.holders))),
        h("div", {}, h("dt", {}, "Fee"), h("dd", {}, formatBps(row.feeBps))),
      ),
      h("h3", {}, "Curve progress"),
      curveProgressBar(row.progressBps, "progress big"),
      h(
        "p",
        { class: "muted", "data-field": "progress" },
        `${formatBps(row.progressBps)} of the curve sold · ${formatUnits(row.curveInventoryRemaining, row.primaryDecimals, 0)} ${row.symbol} left on it`,
      ),
    );
    const components = (row.components ?? []) as Launch[];
    replaceChildren(
      recipe,
      h("h2", { id: "recipe-heading" }, "Recipe"),
      h(
        "p",
        { class: "muted" },
        `Each ${row.symbol} is backed by this basket of ${components.length} component${components.length === 1 ? "" : "s"}.`,
      ),
      h(
        "table",
        { class: "table" },
        h("caption", { class: "visually-hidden" }, "Recipe components"),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "Component"),
            h("th", { scope: "col", class: "num" }, "Target"),
            h("th", { scope: "col", class: "num" }, "Value"),
            h("th", { scope: "col", class: "num" }, "Per token"),
            h("th", { scope: "col" }, "Check"),
          ),
        ),
        h(
          "tbody",
          {},
          ...components.map((component) =>
            h(
              "tr",
              {},
              h(
                "td",
                {},
                h("img", { src: component.logoUri, alt: "", width: 20, height: 20, class: "logo" }),
                ` ${component.symbol} `,
                h("span", { class: "muted" }, component.name),
              ),
              h("td", { class: "num" }, formatBps(component.targetBps)),
              h("td", { class: "num" }, formatBps(component.valueBps)),
              h("td", { class: "num" }, formatUnits(component.quantity, component.decimals)),
              h("td", {}, component.check?.pass ? "passes" : `fails${component.check?.reason ? `: ${component.check.reason}` : ""}`),
            ),
          ),
        ),
      ),
    );
  }

  function scheduleRefresh(): void {
    if (refreshTimer !== null) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      // The market figures (price, 24h counts, progress) move with every trade too.
      void Promise.all([loadTape(), loadChart(false), reloadRecord()]).catch(() => {});
    }, REFRESH_DEBOUNCE_MS);
  }

  async function reloadRecord(): Promise<void> {
    if (!launch) return;
    try {
      launch = await api.launch(launch.address);
      if (!stopped) renderFacts();
    } catch {
      // Shown again on the next frame or reconnect.
    }
  }

  async function start(): Promise<void> {
    try {
      launch = await api.launch(id);
    } catch (error) {
      if (stopped) return;
      context.setTitle("Launch not found");
      status.textContent =
        statusOf(error) === 404 ? `No launch has the address, mint or ticker ${id}.` : `Could not load the launch: ${errorText(error)}`;
      return;
    }
    if (stopped) return;
    const redirect = redirectForLaunch(launch as { kind: string; address: string });
    if (redirect) {
      location.replace(redirect);
      return;
    }
    context.setTitle(`${launch.symbol} · ${launch.name}`);
    renderFacts();
    replaceChildren(
      root,
      header,
      h(
        "div",
        { class: "token-grid" },
        h(
          "section",
          { class: "panel chart-panel", "aria-labelledby": "chart-heading" },
          h("h2", { id: "chart-heading" }, "Price"),
          chartBox,
          chartNote,
        ),
        h("div", { class: "side" }, tradeSlot, facts),
        h(
          "section",
          { class: "panel tape", "aria-labelledby": "tape-heading" },
          h("h2", { id: "tape-heading" }, "Trades"),
          tapeStatus,
          h(
            "div",
            { class: "scroll" },
            h(
              "table",
              { class: "table" },
              h("caption", { class: "visually-hidden" }, "Trade tape"),
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  h("th", { scope: "col" }, "Age"),
                  h("th", { scope: "col" }, "Side"),
                  h("th", { scope: "col", class: "num" }, "Amount"),
                  h("th", { scope: "col", class: "num" }, "SOL"),
                  h("th", { scope: "col", class: "num" }, "Price"),
                  h("th", { scope: "col" }, "Trader"),
                ),
              ),
              tapeBody,
            ),
          ),
        ),
        recipe,
      ),
    );
    replaceChildren(tradeSlot, tradePanel(context, wallet, launch as never, launch.primaryMint, scheduleRefresh));
    chart = createChart(chartBox, {
      autoSize: true,
      layout: { background: { color: "#151b23" }, textColor: "#c9d1d9" },
      grid: { vertLines: { color: "#222b36" }, horzLines: { color: "#222b36" } },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: { priceFormatter: formatChartPrice },
    });
    series = chart.addSeries(CandlestickSeries, {
      upColor: "#3fb950",
      downColor: "#f85149",
      wickUpColor: "#3fb950",
      wickDownColor: "#f85149",
      borderVisible: false,
      priceFormat: { type: "custom", formatter: formatChartPrice, minMove: 1e-15 },
    });
    stream.setLive(launch.address);
    await Promise.all([loadChart(true), loadTape()]).catch((error) => {
      tapeStatus.textContent = `Could not load: ${errorText(error)}`;
    });
  }

  const offFrame = stream.onFrame((frame) => {
    if (!launch || (frame.launch !== launch.address && frame.launch !== launch.primaryMint)) return;
    if (frame.kind === "trade") scheduleRefresh();
    if (frame.kind === "status" || frame.kind === "migration") void reloadRecord();
  });
  const offReread = stream.onReread(() => {
    void reloadRecord();
    void Promise.all([loadChart(true), loadTape()]).catch(() => {});
  });
  void start();
  return () => {
    stopped = true;
    offFrame();
    offReread();
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    stream.setLive(null);
    chart?.remove();
  };
}
