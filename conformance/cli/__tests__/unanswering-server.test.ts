import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../../src/cli/__tests__/spawned-devnet.ts";

// A server that accepts every connection and closes it before reading a byte: node 20's fetch
// never settles against it, and a judge that ran out of work there exited 0.
const closing = createServer((socket) => socket.destroy());
let baseUrl: string;
beforeAll(async () => {
  closing.listen(0, "127.0.0.1");
  await once(closing, "listening");
  baseUrl = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`;
});
afterAll(() => closing.close());

describe("a server that closes every connection unanswered", () => {
  it("fails conformance and a scenario run with one sentence and exit 2, never a silent exit 0", async () => {
    const [judged, replayed] = await Promise.all([
      runCommand(["conformance", "--base-url", baseUrl, "--phases", "read"]),
      runCommand(["scenario", "run", "scenarios/library/plan-landed-in-order.yaml", "--base-url", baseUrl]),
    ]);
    // node's fetch either waits for good (the deadline ends it) or sees the close, by timing: either sentence is the truth.
    const sentence = new RegExp(
      `nothing answers at ${baseUrl} \\(GET ${baseUrl}/v1/launches\\?limit=1: (no answer within 10 s|the server closed the connection without answering)\\)`,
    );
    expect({ code: judged.code, said: sentence.test(judged.stderr) }).toEqual({ code: 2, said: true });
    expect({ code: replayed.code, said: sentence.test(replayed.stderr) }).toEqual({ code: 2, said: true });
  }, 60_000);
});
