import { type AppContext, errorText } from "../app-context.ts";
import type { BurnerWallet } from "../burner-wallet.ts";
import { h, replaceChildren } from "../dom.ts";

type Json = Record<string, unknown>;

/**
 * `#/studio`: the simulator's `/devnet/` API as buttons — clock mode and advance, faults,
 * price moves, forced graduation, snapshots — each answer written to a log of what it did.
 * A deployment without `/devnet/` (the real service) gets a sentence instead.
 */
export function studioPage(root: HTMLElement, context: AppContext, burner: () => Promise<BurnerWallet>): () => void {
  const { api } = context;
  context.setTitle("Devnet studio");
  let stopped = false;
  const clock = h("p", { class: "clock", role: "status", "aria-live": "polite" }, "Reading the clock…");
  const log = h("ol", { class: "studio-log", "aria-label": "What the studio did", "aria-live": "polite" });
  const snapshots = h("select", { id: "snapshot-id", name: "snapshot" });
  const componentSelect = h("select", { id: "price-mint", name: "mint" });

  function record(request: string, ok: boolean, answer: unknown): void {
    const item = h("li", { class: ok ? "ok" : "error" }, h("code", {}, request), h("pre", {}, JSON.stringify(answer, null, 2)));
    log.prepend(item);
  }

  async function readClock(): Promise<boolean> {
    try {
      const answer = await api.get<Json>("/devnet/clock");
      const mode = root.querySelector<HTMLSelectElement>("#clock-mode");
      if (mode && document.activeElement !== mode) mode.value = String(answer.mode);
      if (!stopped)
        clock.textContent = `Clock: ${answer.mode} · slot ${answer.slot} · ${new Date(Number(answer.unixMillis)).toISOString().replace("T", " ").slice(0, 19)} UTC`;
      return true;
    } catch {
      return false;
    }
  }

  async function call(path: string, body: Json, describe: (answer: Json) => string): Promise<Json | null> {
    const request = `POST /devnet/${path} ${JSON.stringify(body)}`;
    try {
      const answer = await api.devnet(path, body as never);
      record(`${request} → ${describe(answer)}`, true, answer);
      await readClock();
      return answer;
    } catch (error) {
      record(`${request} → refused: ${errorText(error)}`, false, (error as { body?: unknown }).body ?? String(error));
      return null;
    }
  }

  const input = (id: string, label: string, attributes: Record<string, string | number>) =>
    h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name: id, ...attributes }));
  const value = (id: string) => (root.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement).value.trim();
  const form = (label: string, onsubmit: () => Promise<unknown>, ...children: Node[]) =>
    h(
      "form",
      {
        class: "studio-form",
        "aria-label": label,
        onsubmit: (event: Event) => {
          event.preventDefault();
          void onsubmit();
        },
      },
      h("h3", {}, label),
      ...children,
    );

  /** The collectible routes answer the steps they ran; the log line names the stage reached when it can. */
  const describeSteps = (answer: Json) => {
    const { stage, steps } = answer as { stage?: unknown; steps?: { step?: unknown; did?: unknown }[] };
    const ran = Array.isArray(steps) ? steps.map((step) => String(step.did ?? step.step)).join("; ") : "";
    return `${ran ? `${ran}; ` : ""}${typeof stage === "string" ? `now ${stage}` : "done"}`;
  };

  function render(): void {
    const mode = h(
      "select",
      { id: "clock-mode", name: "mode" },
      ...["realtime", "manual", "per-transaction"].map((name) => h("option", { value: name }, name)),
    );
    replaceChildren(
      root,
      h("h1", {}, "Devnet studio"),
      h(
        "p",
        { class: "muted" },
        "Drive the simulator through its /devnet/ API. Every action lands real transactions or moves the real clock; the log shows each answer.",
      ),
      clock,
      h(
        "div",
        { class: "studio-grid" },
        h(
          "section",
          { class: "panel", "aria-labelledby": "clock-heading" },
          h("h2", { id: "clock-heading" }, "Clock"),
          form(
            "Clock mode",
            () => call("clock", { mode: mode.value }, (answer) => `now ${answer.mode}`),
            h("div", { class: "field" }, h("label", { for: "clock-mode" }, "Mode"), mode),
            h("button", { type: "submit" }, "Set mode"),
          ),
          form(
            "Advance time",
            () =>
              call(
                "advance",
                { slots: Number(value("advance-slots")) },
                (answer) => `slot ${answer.slot}, ${answer.landed} transactions landed`,
              ),
            input("advance-slots", "Slots", { type: "number", min: 1, max: 10_000_000, value: 25, required: "" }),
            h("button", { type: "submit" }, "Advance"),
          ),
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "faults-heading" },
          h("h2", { id: "faults-heading" }, "Faults"),
          form(
            "Next transaction",
            async () => {
              const kind = value("tx-fault");
              // The burner's own next transaction by default: with the world's bots trading, "the next
              // submission" of anyone is almost never the visitor's.
              const target = value("tx-fault-for") === "burner" ? { wallet: (await burner()).address } : {};
              await call(
                "faults/transaction",
                kind === "delay" ? { kind, slots: Number(value("tx-delay")), ...target } : { kind, ...target },
                (answer) => `armed ${answer.armed}`,
              );
            },
            h(
              "div",
              { class: "field" },
              h("label", { for: "tx-fault" }, "Fault"),
              h("select", { id: "tx-fault" }, h("option", { value: "drop" }, "drop"), h("option", { value: "delay" }, "delay")),
            ),
            input("tx-delay", "Delay slots", { type: "number", min: 1, max: 10_000, value: 10 }),
            h(
              "div",
              { class: "field" },
              h("label", { for: "tx-fault-for" }, "For"),
              h(
                "select",
                { id: "tx-fault-for" },
                h("option", { value: "burner" }, "my burner wallet's next transaction"),
                h("option", { value: "anyone" }, "the next transaction of anyone"),
              ),
            ),
            h("button", { type: "submit" }, "Arm"),
          ),
          form(
            "Stream",
            async () => {
              const kind = value("stream-fault");
              await call(
                "faults/stream",
                kind === "drop" || kind === "duplicate" ? { kind, frames: Number(value("stream-frames")) } : { kind },
                (answer) => `applied ${answer.applied}`,
              );
            },
            h(
              "div",
              { class: "field" },
              h("label", { for: "stream-fault" }, "Fault"),
              h(
                "select",
                { id: "stream-fault" },
                ...["resync", "close", "drop", "duplicate"].map((kind) => h("option", { value: kind }, kind)),
              ),
            ),
            input("stream-frames", "Frames", { type: "number", min: 1, max: 1000, value: 5 }),
            h("button", { type: "submit" }, "Apply"),
          ),
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "market-heading" },
          h("h2", { id: "market-heading" }, "Market"),
          form(
            "Move a component price",
            () =>
              call(
                "prices",
                { mint: componentSelect.value, priceSol: Number(value("price-sol")) },
                (answer) => `venue at ${answer.priceSol} SOL`,
              ),
            h("div", { class: "field" }, h("label", { for: "price-mint" }, "Component"), componentSelect),
            input("price-sol", "SOL per token", { type: "number", step: "any", min: 0, value: 0.5, required: "" }),
            h("button", { type: "submit" }, "Move price"),
          ),
          form(
            "Force graduation",
            () => call("graduate", { launch: value("graduate-launch") }, (answer) => `${answer.launch} is ${answer.status}`),
            input("graduate-launch", "Launch address", {
              required: "",
              autocomplete: "off",
              spellcheck: "false",
              pattern: "[1-9A-HJ-NP-Za-km-z]{32,44}",
            }),
            h("button", { type: "submit" }, "Graduate"),
          ),
          form(
            "Collectible stages",
            async () => {
              const launch = value("collectible-launch");
              const action = value("collectible-action");
              // A devnet without collectibles answers 404: the log shows the refusal like any other.
              if (action === "crank-next" || action === "crank-all")
                await call("collectibles/crank", { launch, steps: action === "crank-all" ? "all" : "next" }, describeSteps);
              else await call(`collectibles/${action}`, { launch }, describeSteps);
            },
            input("collectible-launch", "Collectible launch address", {
              required: "",
              autocomplete: "off",
              spellcheck: "false",
              pattern: "[1-9A-HJ-NP-Za-km-z]{32,44}",
            }),
            h(
              "div",
              { class: "field" },
              h("label", { for: "collectible-action" }, "Step"),
              h(
                "select",
                { id: "collectible-action" },
                h("option", { value: "complete" }, "complete the raise"),
                h("option", { value: "crank-next" }, "crank the next step"),
                h("option", { value: "crank-all" }, "crank every step"),
                h("option", { value: "release" }, "release the card"),
              ),
            ),
            h("button", { type: "submit" }, "Run"),
          ),
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "snap-heading" },
          h("h2", { id: "snap-heading" }, "Snapshots"),
          form(
            "Save",
            async () => {
              const answer = await call("snapshot", {}, (saved) => `saved ${saved.id} at slot ${saved.slot}`);
              if (answer)
                snapshots.prepend(h("option", { value: String(answer.id), selected: true }, `${answer.id} (slot ${answer.slot})`));
            },
            h("button", { type: "submit" }, "Take snapshot"),
          ),
          form(
            "Restore",
            () => call("restore", { id: snapshots.value }, (answer) => `back at slot ${answer.slot}`),
            h("div", { class: "field" }, h("label", { for: "snapshot-id" }, "Snapshot"), snapshots),
            h("button", { type: "submit" }, "Restore"),
          ),
        ),
      ),
      h("section", { class: "panel", "aria-labelledby": "log-heading" }, h("h2", { id: "log-heading" }, "What happened"), log),
    );
  }

  async function start(): Promise<void> {
    const hasControl = await readClock();
    if (stopped) return;
    if (!hasControl) {
      replaceChildren(
        root,
        h(
          "section",
          { class: "panel notice" },
          h("h1", {}, "Devnet studio"),
          h("p", {}, "This server has no /devnet/ control API (GET /devnet/clock failed): the studio works on the simulator only."),
        ),
      );
      return;
    }
    const clockText = clock.textContent;
    render();
    clock.textContent = clockText;
    try {
      const assets = await api.assets();
      const list = (assets as { assets?: { mint: string; symbol?: string; priceSol?: number | null }[] }).assets ?? [];
      replaceChildren(
        componentSelect,
        ...list.map((asset) =>
          h(
            "option",
            { value: asset.mint },
            `${asset.symbol ?? asset.mint}${asset.priceSol ? ` (${asset.priceSol.toPrecision(3)} SOL)` : ""}`,
          ),
        ),
      );
    } catch (error) {
      record("GET /v1/assets", false, errorText(error));
    }
  }

  void start();
  const timer = setInterval(() => void readClock(), 2_000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
