import type { PlanStep, TransactionStatus } from "../../src/client/basket-client.ts";
import { type AppContext, errorText } from "./app-context.ts";
import type { BurnerWallet } from "./burner-wallet.ts";
import { h, replaceChildren } from "./dom.ts";
import { formatSol, formatUnits, LAMPORTS_DECIMALS, parseUnits, shortAddress } from "./format.ts";

/** What the faucet button gives: 2 SOL, plenty for devnet trades. */
export const FAUCET_LAMPORTS = 2_000_000_000n;

const FINAL_STATUSES = new Set(["confirmed", "finalized", "failed", "expired"]);

export interface TradeLaunch {
  readonly address: string;
  readonly symbol: string;
  readonly primaryDecimals: number;
  readonly status: string;
}

/** Fetches the wallet's SOL and this launch's token balance. */
async function balancesOf(context: AppContext, wallet: string, mint: string | null) {
  const balances = await context.api.balances(wallet);
  const token = mint ? balances.tokens.find((entry) => entry.mint === mint) : undefined;
  return { sol: BigInt(balances.solLamports), token: token ? BigInt(token.amount) : 0n };
}

/**
 * Buy and sell from the page with the burner wallet: quote (stored), build for the burner,
 * sign each plan step here, submit them in order and follow each status to the end, every
 * step written to a log the user can read (and a test can wait on).
 */
export function tradePanel(
  context: AppContext,
  wallet: Promise<BurnerWallet>,
  launch: TradeLaunch,
  primaryMint: string,
  onLanded: () => void,
): HTMLElement {
  const balance = h("p", { class: "wallet-balance", "aria-live": "polite" }, "Wallet: loading…");
  const log = h("ol", { class: "flow-log", "aria-label": "Trade steps", "aria-live": "polite" });
  const direction = h(
    "select",
    { id: "trade-direction", name: "direction" },
    h("option", { value: "buy" }, "Buy (spend SOL)"),
    h("option", { value: "sell" }, `Sell (give ${launch.symbol})`),
  );
  const amount = h("input", {
    id: "trade-amount",
    name: "amount",
    inputmode: "decimal",
    value: "0.05",
    required: true,
    autocomplete: "off",
  });
  const amountLabel = h("label", { for: "trade-amount" }, "Amount in SOL");
  const submit = h("button", { type: "submit", class: "primary" }, "Quote and trade");
  const fund = h("button", { type: "button" }, "Fund from faucet (2 SOL)");
  let busy = false;

  direction.addEventListener("change", () => {
    amountLabel.textContent = direction.value === "buy" ? "Amount in SOL" : `Amount in ${launch.symbol}`;
  });

  function note(text: string, kind: "info" | "ok" | "error" = "info"): HTMLLIElement {
    const item = h("li", { class: `step ${kind}` }, text);
    log.appendChild(item);
    return item;
  }

  async function refreshBalance(): Promise<void> {
    try {
      const burner = await wallet;
      const { sol, token } = await balancesOf(context, burner.address, primaryMint);
      replaceChildren(
        balance,
        "Burner ",
        h("a", { href: "#/wallet", title: burner.address }, shortAddress(burner.address)),
        `: ${formatSol(sol)} · ${formatUnits(token, launch.primaryDecimals)} ${launch.symbol}`,
      );
    } catch (error) {
      balance.textContent = `Wallet: ${errorText(error)}`;
    }
  }

  fund.addEventListener("click", async () => {
    if (busy) return;
    busy = true;
    fund.disabled = true;
    try {
      const burner = await wallet;
      await context.api.devnet("airdrop", { wallet: burner.address, lamports: FAUCET_LAMPORTS.toString() });
      note(`Faucet sent ${formatSol(FAUCET_LAMPORTS)} to ${shortAddress(burner.address)}.`, "ok");
    } catch (error) {
      note(`Faucet refused: ${errorText(error)}`, "error");
    } finally {
      busy = false;
      fund.disabled = false;
      await refreshBalance();
    }
  });

  async function trade(): Promise<void> {
    const burner = await wallet;
    const buy = direction.value === "buy";
    const units = parseUnits(amount.value, buy ? LAMPORTS_DECIMALS : launch.primaryDecimals);
    if (units === null) {
      note(`Enter a positive amount with at most ${buy ? LAMPORTS_DECIMALS : launch.primaryDecimals} decimals.`, "error");
      amount.focus();
      return;
    }
    replaceChildren(log);
    note(
      `Quoting a ${buy ? "buy" : "sell"} of ${buy ? formatSol(units) : `${formatUnits(units, launch.primaryDecimals)} ${launch.symbol}`}…`,
    );
    const { quote } = await context.api.quote({
      launch: launch.address,
      direction: buy ? "buy" : "sell",
      amountIn: units.toString(),
      mode: buy ? "exactInSol" : "exactIn",
      wallet: burner.address,
      slippageBps: 300,
      preview: false,
    });
    const out = quote.expectedOut ?? quote.estimatedAmountOut;
    const outText =
      typeof out === "string" ? (buy ? `${formatUnits(out, launch.primaryDecimals)} ${launch.symbol}` : `${formatSol(out)}`) : "an amount";
    note(`Quote ${String(quote.quoteId).slice(0, 8)}…: about ${outText}.`, "ok");
    const build = await context.api.build(quote.quoteId, burner.address);
    const steps: PlanStep[] = build.plan ?? [{ step: 1, label: "trade", transaction: build.transaction, kind: "trade", settles: true }];
    note(`Built ${steps.length} transaction${steps.length === 1 ? "" : "s"} to sign in this browser.`, "ok");
    for (const step of steps) {
      const signed = await burner.sign(step.transaction);
      const item = note(`Step ${step.step} (${step.label}): signed ${shortAddress(signed.signature)}, submitting…`);
      await context.api.submit(signed.transaction, quote.quoteId);
      const status = await followStatus(signed.signature, build.lastValidBlockHeight, (current) => {
        item.textContent = `Step ${step.step} (${step.label}): ${shortAddress(signed.signature)} ${current}…`;
      });
      item.textContent = `Step ${step.step} (${step.label}): ${shortAddress(signed.signature)} ${status.status}${status.error ? ` — ${status.error}` : ""}`;
      item.className = `step ${status.status === "failed" || status.status === "expired" ? "error" : "ok"}`;
      item.dataset.signature = signed.signature;
      item.dataset.status = status.status;
      if (status.status === "failed" || status.status === "expired") return;
    }
    note(`Trade ${buy ? "bought" : "sold"}: confirmed.`, "ok").dataset.done = "confirmed";
    onLanded();
  }

  async function followStatus(
    signature: string,
    lastValidBlockHeight: number,
    progress: (status: string) => void,
  ): Promise<TransactionStatus> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await context.api.transaction(signature, lastValidBlockHeight);
      if (FINAL_STATUSES.has(status.status) || Date.now() > deadline) return status;
      progress(status.status);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const form = h(
    "form",
    {
      class: "trade-form",
      "aria-label": `Trade ${launch.symbol}`,
      onsubmit: async (event: Event) => {
        event.preventDefault();
        if (busy) return;
        busy = true;
        submit.disabled = true;
        try {
          await trade();
        } catch (error) {
          note(`Refused: ${errorText(error)}`, "error");
        } finally {
          busy = false;
          submit.disabled = false;
          await refreshBalance();
        }
      },
    },
    h("div", { class: "field" }, h("label", { for: "trade-direction" }, "Side"), direction),
    h("div", { class: "field" }, amountLabel, amount),
    h("div", { class: "actions" }, submit, fund),
  );
  void refreshBalance();
  return h(
    "section",
    { class: "panel trade", "aria-labelledby": "trade-heading" },
    h("h2", { id: "trade-heading" }, "Trade with the burner wallet"),
    balance,
    form,
    log,
  );
}
