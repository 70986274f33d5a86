import { type AppContext, errorText } from "../app-context.ts";
import { type BurnerWallet, replaceBurner } from "../burner-wallet.ts";
import { h, replaceChildren } from "../dom.ts";
import { formatSol, formatUnits, shortAddress } from "../format.ts";
import { tokenHash } from "../route.ts";
import { FAUCET_LAMPORTS } from "../trade-panel.ts";

/** `#/wallet`: the burner's address and balances, the faucet, and a way to start over. */
export function walletPage(
  root: HTMLElement,
  context: AppContext,
  wallet: () => Promise<BurnerWallet>,
  setWallet: (next: Promise<BurnerWallet>) => void,
): () => void {
  context.setTitle("Burner wallet");
  let stopped = false;
  const body = h("div", {}, "Loading…");
  const log = h("p", { role: "status", "aria-live": "polite" });
  replaceChildren(
    root,
    h(
      "section",
      { class: "panel narrow", "aria-labelledby": "wallet-heading" },
      h("h1", { id: "wallet-heading" }, "Burner wallet"),
      h(
        "p",
        { class: "muted" },
        "A key made in this browser and kept in its local storage. The server never sees it: it builds unsigned transactions and this page signs them. Devnet only — treat it as public.",
      ),
      body,
      log,
    ),
  );

  async function render(): Promise<void> {
    try {
      const burner = await wallet();
      const [balances, assets] = await Promise.all([context.api.balances(burner.address), context.api.assets()]);
      if (stopped) return;
      // A recipe's components (the excess a buy leaves) have no token page: only launch tokens link to one.
      const components = new Set(((assets.assets ?? []) as { mint: string }[]).map((asset) => asset.mint));
      replaceChildren(
        body,
        h(
          "dl",
          { class: "figures wide" },
          h(
            "div",
            {},
            h("dt", {}, "Address"),
            h("dd", {}, h("code", { class: "address", "data-address": burner.address }, burner.address)),
          ),
          h("div", {}, h("dt", {}, "SOL"), h("dd", { "data-field": "sol" }, formatSol(balances.solLamports))),
        ),
        h("h2", {}, "Tokens"),
        balances.tokens.length === 0
          ? h("p", { class: "muted" }, "None yet.")
          : h(
              "ul",
              { class: "token-list" },
              ...balances.tokens.map((token) => {
                const name = token.symbol || shortAddress(token.mint);
                return h(
                  "li",
                  { "data-mint": token.mint },
                  components.has(token.mint) ? h("span", {}, name) : h("a", { href: tokenHash(token.mint) }, name),
                  ` ${formatUnits(token.amount, token.decimals)}`,
                );
              }),
            ),
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            { type: "button", class: "primary", onclick: () => void fund() },
            `Fund from faucet (${formatSol(FAUCET_LAMPORTS, 0)})`,
          ),
          h("button", { type: "button", onclick: () => void reset() }, "Replace with a new burner"),
        ),
      );
    } catch (error) {
      if (!stopped) body.textContent = `Could not read the wallet: ${errorText(error)}`;
    }
  }

  async function fund(): Promise<void> {
    try {
      const burner = await wallet();
      await context.api.devnet("airdrop", { wallet: burner.address, lamports: FAUCET_LAMPORTS.toString() });
      log.textContent = `The faucet sent ${formatSol(FAUCET_LAMPORTS, 0)}.`;
    } catch (error) {
      log.textContent = `The faucet refused: ${errorText(error)}`;
    }
    await render();
  }

  async function reset(): Promise<void> {
    if (!confirm("Throw this key away? Whatever it holds is lost.")) return;
    setWallet(replaceBurner(localStorage));
    log.textContent = "A new burner was made.";
    await render();
  }

  void render();
  return () => {
    stopped = true;
  };
}
