import { describe, expect, it } from "vitest";
import { matchPattern } from "../../runner/match-pattern.ts";
import { stableExpectation } from "../stable-expectation.ts";
import { WalletNames } from "../wallet-names.ts";

describe("a recorded answer's expectation", () => {
  it("keeps an absolute URL's path on any host: a replay's server runs at another port", () => {
    const recorded = { imageUri: "http://127.0.0.1:18933/v1/media/launch-FRMOS-1c1327.svg", symbol: "FRMOS" };
    const expectation = stableExpectation(200, recorded, new WalletNames());
    expect(expectation).toEqual({
      status: 200,
      body: { imageUri: { matches: "^https?://[^/]+/v1/media/launch-FRMOS-1c1327\\.svg$" }, symbol: "FRMOS" },
    });
    const body = expectation.body as Record<string, unknown>;
    expect(matchPattern({ ...recorded, imageUri: "http://127.0.0.1:35931/v1/media/launch-FRMOS-1c1327.svg" }, body)).toEqual([]);
    expect(matchPattern({ ...recorded, imageUri: "http://127.0.0.1:35931/v1/media/launch-OTHER-1c1327.svg" }, body)).not.toEqual([]);
    // The dot is a dot: a look-alike path does not pass.
    expect(matchPattern({ ...recorded, imageUri: "http://h/v1/media/launch-FRMOS-1c1327xsvg" }, body)).not.toEqual([]);
  });
});
