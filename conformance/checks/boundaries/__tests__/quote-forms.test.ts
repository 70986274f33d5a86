/**
 * A form check must not depend on a price: after a component's price rises tenfold (as
 * `POST /devnet/prices` moves it), a budget of 100 lamports buys nothing and a correct curve
 * refuses it, while the form under judgement (a leading zero) is as wrong as ever.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Simulator } from "../../../../src/simulator/simulator.ts";
import { runCheck, startTestSimulator } from "../../../model/__tests__/simulator-context.ts";
import { quoteForms } from "../quote-bound-checks.ts";

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(() => simulator?.close());

it("judges amountIn's form with a budget that buys something whatever the price", async () => {
  const { launches } = (await (await fetch(`${simulator.baseUrl}/v1/launches?status=activeBonding&limit=100`)).json()) as {
    launches: { kind: string; recipeTarget: { components: { mint: string; priceSol: number }[] } }[];
  };
  const first = launches.find((launch) => launch.kind === "pairs")!;
  for (const { mint, priceSol } of first.recipeTarget.components) {
    const moved = await fetch(`${simulator.baseUrl}/devnet/prices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mint, priceSol: priceSol * 10 }),
    });
    expect(moved.status).toBe(200);
  }
  expect((await runCheck(simulator, quoteForms)).status).toBe("passed");
});
