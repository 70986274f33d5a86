import fc from "fast-check";
import type { Check } from "../../engine/check.ts";
import { runProperty } from "../../model/run-property.ts";
import { writeScenario } from "../../model/scenario-file.ts";
import { tradeFlowCommands } from "../../model/trade-flow-commands.ts";
import { type TradeFlowModel, type TradeFlowReal, observe } from "../../model/trade-flow-model.ts";
import { curveLaunch } from "../../model/trade-session.ts";

/** Wallets trading at once in a run: enough for their plans to interleave. */
const WALLETS = 3;

export const tradeFlowModel: Check = {
  id: "stateful.tradeFlow.model",
  phase: "stateful",
  rule: {
    section: "Endpoints › POST /v1/trades/build › Rules for a plan; POST /v1/trades/quote › Rules",
    text: "Over any sequence of quotes, builds, submissions in or out of order, resubmissions and time: steps landed in order settle; a settle sent before its setup fails; a stored quote expires after 30 s; and (our document) a landed settle is on the tape exactly once, a duplicate executes once, and balances move only for landed transactions",
  },
  enforces: "decision",
  needs: ["wallet", "clock", "control"],
  async run(context) {
    const launch = curveLaunch(context);
    let last: TradeFlowReal | null = null;
    await runProperty(
      context,
      tradeFlowCommands(WALLETS),
      async (commands) => {
        const wallets = await Promise.all(Array.from({ length: WALLETS }, () => context.wallet()));
        const model: TradeFlowModel = { wallets: WALLETS, plans: [] };
        const real: TradeFlowReal = { context, launch, wallets, plans: [], succeeded: new Set(), script: [] };
        last = real;
        await fc.asyncModelRun(() => ({ model, real }), commands);
        // Everything sent has had time to land: the last word of the model.
        await context.advance({ slots: 2 });
        real.script.push({ step: "advance", with: { slots: 2 } }, { step: "observe", expect: "the final state agrees with the model" });
        await observe(model, real);
      },
      {
        maxRuns: 8,
        timeLimitMs: 60_000,
        beforeFail: async (commands) => {
          const run = last as TradeFlowReal | null;
          if (!run) return;
          // Beside the run's saved failures (--failures-dir); a run that saves none writes none.
          const script = run.script.map(
            (step) => `${step.step} ${JSON.stringify(step.with ?? {})}${step.expect ? ` → ${step.expect}` : ""}`,
          );
          if (context.failureDir === null) return { script };
          const path = writeScenario(
            {
              name: "stateful.tradeFlow.model",
              description: `A counterexample of the trade-flow model on launch ${launch.address}: ${String(commands)}`,
              seed: context.seed,
              baseUrl: context.baseUrl,
              launch: launch.address,
              wallets: run.wallets.map((wallet) => wallet.address),
              steps: run.script,
            },
            context.failureDir,
          );
          return { scenario: path, script };
        },
      },
    );
  },
};
