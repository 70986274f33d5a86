import "./styles.css";
import { type AppContext, sameOriginClient } from "./app-context.ts";
import { type BurnerWallet, loadOrCreateBurner } from "./burner-wallet.ts";
import { h, replaceChildren } from "./dom.ts";
import { collectiblePage } from "./pages/collectible.ts";
import { homePage } from "./pages/home.ts";
import { studioPage } from "./pages/studio.ts";
import { tokenPage } from "./pages/token.ts";
import { walletPage } from "./pages/wallet.ts";
import { parseRoute } from "./route.ts";
import { StreamConnection } from "./stream.ts";

/** The app shell: header, the one stream socket, the burner wallet, and the page of the hash route. */
function boot(): void {
  const app = document.getElementById("app")!;
  const main = h("main", { id: "main", tabindex: -1 });
  // The dot always shows; on a phone the words are for screen readers only.
  const connectionText = h("span", { class: "connection-text" }, "Connecting…");
  const connection = h("span", { class: "connection", role: "status", "aria-live": "polite", "data-state": "connecting" }, connectionText);
  const nav = h(
    "nav",
    { class: "top", "aria-label": "Main" },
    h("a", { href: "#/", class: "brand" }, "basket", h("span", {}, "devnet")),
    h("a", { href: "#/" }, "Launches"),
    h("a", { href: "#/wallet" }, "Wallet"),
    h("a", { href: "#/studio" }, "Studio"),
    connection,
  );
  replaceChildren(app, h("header", { class: "site" }, nav), main);

  const streamUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/v1/stream`;
  const stream = new StreamConnection({ url: streamUrl });
  stream.onState((state, detail) => {
    connection.dataset.state = state;
    connectionText.textContent =
      state === "open" ? "Live" : state === "waiting" ? `Offline, ${detail}` : state === "connecting" ? "Connecting…" : "Stopped";
  });
  stream.start();

  let wallet: Promise<BurnerWallet> | null = null;
  // Made on first use: a visitor who only reads never gets a key.
  const burner = () => (wallet ??= loadOrCreateBurner(localStorage));
  const context: AppContext = {
    api: sameOriginClient(),
    stream,
    setTitle(title) {
      document.title = `${title} · basket-devnet`;
    },
  };

  let stop: (() => void) | null = null;
  let firstRender = true;
  const render = () => {
    stop?.();
    main.replaceChildren();
    const route = parseRoute(location.hash);
    switch (route.page) {
      case "home":
        stop = homePage(main, context, route.tab, route.q);
        break;
      case "token":
        stop = tokenPage(main, context, route.id, burner());
        break;
      case "collectible":
        stop = collectiblePage(main, context, route.id, burner());
        break;
      case "wallet":
        stop = walletPage(main, context, burner, (next) => (wallet = next));
        break;
      case "studio":
        stop = studioPage(main, context, burner);
        break;
      default:
        context.setTitle("Not found");
        replaceChildren(
          main,
          h(
            "section",
            { class: "panel notice" },
            h("h1", {}, "No such page"),
            h("p", {}, `Nothing lives at #${route.hash}. `, h("a", { href: "#/" }, "Back to launches")),
          ),
        );
        stop = null;
    }
    // Keyboard and screen-reader users land on the new page, not on the link they left.
    if (!firstRender) main.focus({ preventScroll: true });
    firstRender = false;
    window.scrollTo(0, 0);
  };
  window.addEventListener("hashchange", render);
  render();
}

boot();
