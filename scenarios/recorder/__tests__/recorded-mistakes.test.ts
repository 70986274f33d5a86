import { describe, expect, it } from "vitest";
import { parseScenario } from "../../runner/load-scenario.ts";
import { scenarioYaml } from "../../runner/scenario-from-commands.ts";
import type { RecordedExchange } from "../recorded-session.ts";
import { scenarioFromRecording } from "../scenario-from-recording.ts";

const A_WALLET = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

/** One recorded exchange of a JSON request and answer. */
function exchange(seq: number, url: string, request: unknown, status: number, answer: unknown): RecordedExchange {
  return {
    type: "http",
    seq,
    method: "POST",
    url,
    requestContentType: "application/json",
    requestBody: Buffer.from(JSON.stringify(request)),
    status,
    responseContentType: "application/json",
    responseBody: Buffer.from(JSON.stringify(answer)),
  };
}

describe("a recorded session with a client's own mistakes", () => {
  it("replays them as the plain requests they were, so the file loads; a fault aimed at a recorded wallet aims at its stand-in", () => {
    const events = [
      exchange(1, "/devnet/airdrop", { wallet: A_WALLET, lamports: "5000000000" }, 200, { wallet: A_WALLET }),
      exchange(2, "/devnet/faults/transaction", { kind: "drop", wallet: "not-a-wallet" }, 400, { error: "bad", code: "INVALID_BODY" }),
      exchange(3, "/devnet/faults/transaction", {}, 400, { error: "bad", code: "INVALID_BODY" }),
      exchange(4, "/v1/trades/quote", { launch: A_WALLET, direction: "buy", amountIn: "1", wallet: "bob" }, 400, { error: "bad" }),
      exchange(5, "/devnet/faults/transaction", { kind: "drop", wallet: A_WALLET }, 200, { armed: "drop" }),
    ];
    const scenario = scenarioFromRecording(events, { name: "mistakes", seed: 1, target: "http://127.0.0.1:8790" });
    const loaded = parseScenario(scenarioYaml(scenario, "mistakes.yaml"), "mistakes.yaml");
    if (!loaded.ok) throw new Error(loaded.error);
    const kinds = loaded.scenario.steps.map((step) => Object.keys(step).find((key) => key !== "expect" && key !== "as" && key !== "note"));
    expect(kinds).toEqual(["airdrop", "request", "request", "request", "fault"]);
    expect(loaded.scenario.steps[4]).toMatchObject({ fault: { transaction: "drop", wallet: "wallet1" } });
  });
});
