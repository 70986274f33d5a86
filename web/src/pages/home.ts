import { type AppContext, errorText } from "../app-context.ts";
import type { Card } from "../../../src/client/stream-card.ts";
import { CardsState } from "../cards-state.ts";
import { curveProgressBar, h, replaceChildren } from "../dom.ts";
import { formatBps, formatUsd, STATUS_LABELS } from "../format.ts";
import { TABS, type Tab, homeHash, tokenHash } from "../route.ts";

const TAB_LABELS: Readonly<Record<Tab, string>> = {
  trending: "Trending",
  new: "New",
  almost: "Almost",
  graduated: "Graduated",
  volume: "Volume",
};

/** Cards on one grid: the spec's cap is 100 mints a socket. */
const GRID_SIZE = 48;

/** One card's content, rebuilt from the card's own fields (a delta swaps it whole). */
function cardBody(card: Card): HTMLElement {
  const change = card.change24Bps;
  return h(
    "a",
    { class: "card-link", href: tokenHash(card.address), "aria-label": `${card.symbol}, ${card.name}` },
    h("img", { src: card.imageUri, alt: "", width: 56, height: 56, loading: "lazy" }),
    h(
      "div",
      { class: "card-head" },
      h("strong", { class: "symbol" }, card.symbol),
      h("span", { class: "name" }, card.name),
      h("span", { class: `badge status-${card.status}` }, STATUS_LABELS[card.status] ?? card.status),
    ),
    h(
      "dl",
      { class: "figures" },
      h("div", {}, h("dt", {}, "Price"), h("dd", { "data-field": "priceUsd" }, formatUsd(card.priceUsd))),
      h("div", {}, h("dt", {}, "Mkt cap"), h("dd", { "data-field": "marketCap" }, formatUsd(card.marketCap))),
      h(
        "div",
        {},
        h("dt", {}, "24h"),
        h("dd", { "data-field": "change24Bps", class: change > 0 ? "up" : change < 0 ? "down" : "" }, formatBps(change, true)),
      ),
      h("div", {}, h("dt", {}, "Trades 24h"), h("dd", { "data-field": "trades24" }, String(card.trades24))),
      h("div", {}, h("dt", {}, "Vol 24h"), h("dd", { "data-field": "volume24hUsd" }, formatUsd(card.volume24hUsd))),
      h("div", {}, h("dt", {}, "Holders"), h("dd", { "data-field": "holders" }, String(card.holders))),
    ),
    curveProgressBar(card.progressBps),
  );
}

/**
 * The home grid: the launch list of the tab (or the search results) read over REST for its
 * order, then kept current by the stream's cards tier (snapshot + deltas; a gap re-subscribes).
 */
export function homePage(root: HTMLElement, context: AppContext, tab: Tab, q: string): () => void {
  const { api, stream } = context;
  context.setTitle(q ? `Search “${q}”` : `${TAB_LABELS[tab]} launches`);
  const state = new CardsState();
  const elements = new Map<string, HTMLLIElement>();
  let order: string[] = [];
  let stopped = false;
  /** A snapshot is on its way (after a sub): deltas before it carry no news worth a re-sub. */
  let awaitingSnapshot = true;
  let awaitingSince = Date.now();
  /** A snapshot that has not come in this long was lost too: a gap then re-subscribes again. */
  const SNAPSHOT_PATIENCE_MS = 5_000;
  const awaitSnapshot = () => {
    awaitingSnapshot = true;
    awaitingSince = Date.now();
  };

  const search = h("input", {
    id: "search",
    type: "search",
    name: "q",
    value: q,
    placeholder: "Ticker, name, address or mint",
    autocomplete: "off",
  });
  const form = h(
    "form",
    {
      class: "search",
      role: "search",
      onsubmit: (event: Event) => {
        event.preventDefault();
        location.hash = homeHash(tab, search.value.trim());
      },
    },
    h("label", { for: "search" }, "Search launches"),
    search,
    h("button", { type: "submit" }, "Search"),
  );
  const tabs = h(
    "nav",
    { class: "tabs", "aria-label": "Launch lists" },
    ...TABS.map((name) =>
      h("a", { href: homeHash(name), class: "tab", ...(name === tab && !q ? { "aria-current": "page" } : {}) }, TAB_LABELS[name]),
    ),
  );
  const status = h("p", { class: "grid-status", role: "status", "aria-live": "polite" }, "Loading…");
  const grid = h("ul", { class: "grid", "aria-label": "Launches" });
  replaceChildren(root, h("h1", { class: "visually-hidden" }, "Launches"), form, tabs, status, grid);

  function render(address: string): void {
    const card = state.cards.get(address);
    const item = elements.get(address);
    if (!card || !item) return;
    item.dataset.trades24 = String(card.trades24);
    item.dataset.priceE12 = card.priceE12;
    replaceChildren(item, cardBody(card));
  }

  async function load(): Promise<void> {
    try {
      const { launches } = q ? await api.search(q, { kind: "all" }) : await api.launches({ tab, limit: GRID_SIZE, kind: "all" });
      if (stopped) return;
      order = launches.map((launch) => String(launch.address));
      // The sequence is the socket's, not the list's: a changed set continues it (a delta with
      // `removed`, then the new snapshot), so it is not reset here.
      elements.clear();
      // The REST rows fill the grid at once; the snapshot that follows the sub replaces them.
      for (const launch of launches) state.cards.set(String(launch.address), launch as unknown as Card);
      replaceChildren(
        grid,
        ...order.map((address) => {
          const item = h("li", { class: "card", "data-address": address });
          elements.set(address, item);
          return item;
        }),
      );
      for (const address of order) render(address);
      status.textContent =
        order.length === 0 ? (q ? `No launch matches “${q}”.` : "No launches in this list yet.") : `${order.length} launches`;
      awaitSnapshot();
      stream.setCards(order);
    } catch (error) {
      if (!stopped) status.textContent = `Could not load launches: ${errorText(error)}`;
    }
  }

  const offFrame = stream.onFrame((frame) => {
    if (frame.kind === "hello") {
      state.reset();
      awaitSnapshot();
    }
    if (frame.kind !== "cards") return;
    const outcome = state.apply(frame as Parameters<CardsState["apply"]>[0]);
    if (outcome.kind === "gap") {
      // A delta was missed: a new sub brings a new snapshot (once; one is enough).
      if (!awaitingSnapshot || Date.now() - awaitingSince > SNAPSHOT_PATIENCE_MS) {
        stream.resubscribeCards();
        awaitSnapshot();
      }
      return;
    }
    if (outcome.kind === "snapshot") awaitingSnapshot = false;
    if (outcome.kind === "ignored") return;
    const changed = outcome.kind === "snapshot" ? order : outcome.changed;
    for (const address of changed) render(address);
  });
  const offReread = stream.onReread(() => void load());
  void load();
  return () => {
    stopped = true;
    offFrame();
    offReread();
    stream.setCards([]);
  };
}
