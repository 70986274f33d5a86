import { type AppContext, errorText, statusOf } from "../app-context.ts";
import type { BurnerWallet } from "../burner-wallet.ts";
import { h, replaceChildren } from "../dom.ts";
import { STATUS_LABELS, formatBps, formatSol, formatUnits, shortAddress } from "../format.ts";
import { tokenHash } from "../route.ts";
import { tradePanel } from "../trade-panel.ts";

type Json = Record<string, any>;

/** USDC has 6 decimals; amounts named `…Usdc` are its base units. */
const USDC_DECIMALS = 6;

function usdc(amount: string | null | undefined): string {
  return amount === null || amount === undefined ? "—" : `${formatUnits(amount, USDC_DECIMALS, 2)} USDC`;
}

function when(unix: number | null | undefined): string {
  return typeof unix === "number" && unix > 0 ? new Date(unix * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "—";
}

function fact(label: string, value: Node | string): HTMLElement {
  return h("div", {}, h("dt", {}, label), h("dd", {}, value));
}

function vaultCard(card: Json): HTMLElement {
  const identity = card.identity ?? {};
  const values = card.values ?? {};
  return h(
    "li",
    { class: "vault-card", "data-asset": card.asset },
    h(
      "div",
      { class: "photos" },
      h("img", { src: card.photo?.fullUrl ?? card.photo?.thumbUrl, alt: `Front of ${identity.itemName ?? "the card"}`, loading: "lazy" }),
      card.photo?.backUrl
        ? h("img", { src: card.photo.backUrl, alt: `Back of ${identity.itemName ?? "the card"}`, loading: "lazy" })
        : null,
    ),
    h("h3", {}, identity.itemName ?? shortAddress(card.asset)),
    h(
      "dl",
      { class: "figures" },
      fact("Grade", `${identity.grader ?? "?"} ${identity.grade ?? "?"}${identity.gradeLabel ? ` (${identity.gradeLabel})` : ""}`),
      fact("Set", `${identity.set ?? "—"} ${identity.year ?? ""}`),
      fact("Serial", identity.serial ?? "—"),
      fact("Certificate", identity.certificate ?? "—"),
      fact("Insured", values.insured ? `$${values.insured.usd}${values.insured.stale ? " (stale)" : ""}` : "—"),
      fact("Acquired for", usdc(values.acquiredFor?.usdc ?? card.spentUsdc)),
      fact("Held", card.stillHeld ? "In custody" : "Left custody"),
      fact("Acquired", when(card.acquiredAt)),
    ),
  );
}

/**
 * The collectible page `#/collectibles/{id}`: the card's photos, grade, stage and vault from
 * `GET /v1/collectibles/{id}` and `…/vault`. A server without those routes (404) gets a
 * clear message instead of an empty page.
 */
export function collectiblePage(root: HTMLElement, context: AppContext, id: string, wallet: Promise<BurnerWallet>): () => void {
  const { api, stream } = context;
  let stopped = false;
  let tradeElement: HTMLElement | null = null;
  const status = h("p", { role: "status", class: "grid-status" }, "Loading…");
  replaceChildren(root, status);

  async function load(): Promise<void> {
    let record: Json;
    try {
      record = await api.get<Json>(`/v1/collectibles/${encodeURIComponent(id)}`);
    } catch (error) {
      if (stopped) return;
      context.setTitle("Collectible not found");
      const missing = statusOf(error) === 404;
      replaceChildren(
        root,
        h(
          "section",
          { class: "panel notice", "data-collectible-missing": "" },
          h("h1", {}, missing ? "No collectible here" : "Could not load the collectible"),
          h(
            "p",
            {},
            missing
              ? `This server has no collectible record for ${id} (GET /v1/collectibles/${id} answered 404). It may be a basket launch, or this server may not list collectibles yet.`
              : errorText(error),
          ),
          h("p", {}, h("a", { href: tokenHash(id) }, "Open it as a token page"), " · ", h("a", { href: "#/" }, "Back to launches")),
        ),
      );
      return;
    }
    let vault: Json | null = null;
    let vaultError: string | null = null;
    try {
      vault = await api.get<Json>(`/v1/collectibles/${encodeURIComponent(id)}/vault`);
    } catch (error) {
      vaultError = statusOf(error) === 404 ? "This server has no vault record for it (404)." : errorText(error);
    }
    if (stopped) return;
    render(record, vault, vaultError);
  }

  function render(record: Json, vault: Json | null, vaultError: string | null): void {
    const card = record.card ?? {};
    const image = record.cardImage ?? {};
    context.setTitle(`${record.symbol} · ${card.itemName ?? record.name}`);
    const cards = (vault?.cards ?? []) as Json[];
    // A collectible trades on its curve while raising and on its pool once tradable; in between the crank owns it.
    const tradable = record.stage === "raising" || record.stage === "tradable";
    // Made once and moved into each render, so a re-read mid-trade keeps the trade's log.
    tradeElement ??= tradable
      ? tradePanel(
          context,
          wallet,
          { address: record.launch, symbol: record.symbol, primaryDecimals: record.primaryDecimals, status: record.status },
          record.primaryMint,
          () => {},
        )
      : null;
    const trade =
      tradable && tradeElement
        ? tradeElement
        : h(
            "section",
            { class: "panel" },
            h("h2", {}, "Trading"),
            h("p", { class: "muted" }, `Not tradable while ${record.stage}: the acquisition is under way.`),
          );
    if (!tradable) tradeElement = null;
    replaceChildren(
      root,
      h(
        "header",
        { class: "token-head" },
        h("img", { src: image.thumbUrl ?? record.imageUri, alt: "", width: 72, height: 72 }),
        h(
          "div",
          {},
          h("h1", {}, `${record.symbol} `, h("span", { class: "name" }, card.itemName ?? record.name)),
          h("p", { class: "muted" }, record.description),
          h(
            "p",
            { class: "ids" },
            h("span", { class: "badge", "data-field": "stage" }, `Stage: ${record.stage}`),
            " ",
            h("span", { class: `badge status-${record.status}` }, STATUS_LABELS[record.status] ?? record.status),
            " Launch ",
            h("code", { title: record.launch }, shortAddress(record.launch)),
          ),
        ),
      ),
      h(
        "div",
        { class: "token-grid" },
        h(
          "section",
          { class: "panel", "aria-labelledby": "photo-heading" },
          h("h2", { id: "photo-heading" }, "The card"),
          h(
            "div",
            { class: "photos big" },
            h("img", { src: image.fullUrl ?? record.imageUri, alt: `${image.itemName ?? card.itemName ?? record.name}, graded card` }),
          ),
          h(
            "dl",
            { class: "figures wide" },
            fact("Item", card.itemName ?? image.itemName ?? "not known yet"),
            fact("Grade", card.grade === null || card.grade === undefined ? "not known yet" : `${card.grader ?? ""} ${card.grade}`),
            fact("Standard", card.standard ?? "—"),
            fact("Category", card.category ?? "—"),
            fact("Target", card.targetLamports ? formatSol(card.targetLamports) : "—"),
            fact("Listed at", usdc(card.listedPriceUsdc)),
            fact("Progress", formatBps(record.progressBps ?? 0)),
            fact("Surplus to treasury", usdc(record.acquisition?.surplusToTreasuryUsdc)),
          ),
        ),
        h(
          "div",
          { class: "side" },
          trade,
          h(
            "section",
            { class: "panel vault", "aria-labelledby": "vault-heading" },
            h("h2", { id: "vault-heading" }, "Vault"),
            vault
              ? h(
                  "dl",
                  { class: "figures wide" },
                  fact("Custody", h("code", { title: vault.custody?.account ?? "" }, shortAddress(vault.custody?.account ?? "—"))),
                  fact("Held", String(vault.totals?.held ?? 0)),
                  fact("No longer held", String(vault.totals?.noLongerHeld ?? 0)),
                  fact("Insured", vault.totals?.insuredUsd ? `$${vault.totals.insuredUsd}` : "—"),
                  fact("Acquired for", usdc(vault.totals?.acquiredForUsdc)),
                )
              : h("p", { class: "muted" }, vaultError ?? "No vault yet."),
            cards.length > 0
              ? h("ul", { class: "vault-cards" }, ...cards.map(vaultCard))
              : vault
                ? h("p", { class: "muted" }, "No card in custody yet: the raise or the acquisition is still under way.")
                : null,
          ),
        ),
      ),
    );
  }

  stream.setLive(id);
  const offFrame = stream.onFrame((frame) => {
    if (frame.launch === id && (frame.kind === "collectible" || frame.kind === "status" || frame.kind === "migration")) void load();
  });
  const offReread = stream.onReread(() => void load());
  void load();
  return () => {
    stopped = true;
    offFrame();
    offReread();
    stream.setLive(null);
  };
}
