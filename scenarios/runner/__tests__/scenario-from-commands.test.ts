import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../load-scenario.ts";
import { scenarioFromCommands, scenarioYaml } from "../scenario-from-commands.ts";
import { SCENARIO_SCHEMA_FILE } from "../scenario-schema-json.ts";

const LAUNCH = "95nLfWrajSD6TG2LKsutjjLBqQvaXncfknrrspVUGUm2";

describe("scenarioFromCommands", () => {
  const scenario = scenarioFromCommands({
    name: "stateful.tradeFlow.model",
    description: "A counterexample of the trade-flow model",
    seed: 7,
    launch: LAUNCH,
    wallets: 2,
    steps: [
      { step: "quoteBuild", with: { wallet: "w0", amount: "2000000000000", ageSeconds: 0 }, expect: "built" },
      { step: "quoteBuild", with: { wallet: "w1", amount: "1000000000000", ageSeconds: 31 }, expect: "refused: quotes expire after 30 s" },
      { step: "submit", with: { plan: "p0", step: 2, of: 2, settles: true, again: false }, expect: "the settle fails" },
      { step: "advance", with: { slots: 2 } },
      { step: "inOrderTrade", with: { wallet: "w1", amount: "1000000000000", plan: "p1", steps: 2 }, expect: "every step lands" },
      { step: "observe", expect: "landed settles once on the tape" },
    ],
  });

  it("writes a scenario file the schema accepts, naming the schema by a path that resolves from where the file is", () => {
    const file = join(tmpdir(), "counterexamples", "model.yaml");
    const text = scenarioYaml(scenario, file);
    const loaded = parseScenario(text);
    expect(loaded.ok || loaded.error).toBe(true);
    const hint = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text)?.[1];
    expect(resolve(dirname(file), hint!)).toBe(fileURLToPath(SCENARIO_SCHEMA_FILE));
    expect(scenarioYaml(scenario, fileURLToPath(new URL("../../library/new.yaml", import.meta.url)))).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/scenario\.schema\.json\n/,
    );
    expect(scenario.name).toBe("stateful.trade-flow.model");
    expect(Object.keys(scenario.wallets ?? {})).toEqual(["w0", "w1"]);
  });

  it("turns each command into the client's steps, with the expectations the format can state", () => {
    const kinds = scenario.steps.map((step) => Object.keys(step).find((key) => !["as", "expect", "note"].includes(key)) ?? "expect");
    expect(kinds).toEqual([
      "quote",
      "build",
      "sign",
      "quote",
      "advance",
      "build",
      "submit",
      "advance",
      "land",
      "trade",
      "read",
      "expect",
      "expect",
    ]);
    // The model's last judgement, per wallet: it holds what its landed settles delivered.
    expect(scenario.steps.slice(-2).map((step) => step.expect)).toEqual([
      { ledger: { wallet: "w0", launch: LAUNCH } },
      { ledger: { wallet: "w1", launch: LAUNCH } },
    ]);
    expect(scenario.steps[5]).toMatchObject({ expect: { error: "." }, note: "refused: quotes expire after 30 s" });
    expect(scenario.steps[6]).toMatchObject({ submit: { transaction: "${p0[1].transaction}", quoteId: "${q0.quoteId}" } });
  });

  it("refuses a submit of a plan nothing built", () => {
    expect(() =>
      scenarioFromCommands({
        name: "x",
        description: "x",
        seed: 1,
        launch: LAUNCH,
        wallets: 1,
        steps: [{ step: "submit", with: { plan: "p3", step: 1 } }],
      }),
    ).toThrow(/no earlier quoteBuild/);
  });
});
