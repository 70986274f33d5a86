import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPairSigner, getAddressEncoder } from "@solana/kit";
import { afterAll, describe, expect, it } from "vitest";
import { BasketClient } from "../../../src/client/basket-client.ts";
import { startSimulator } from "../../../src/simulator/simulator.ts";
import { scenarioCommand } from "../scenario-command.ts";

const folder = mkdtempSync(join(tmpdir(), "basket-scenario-command-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await scenarioCommand(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("scenario run's exit code", () => {
  it("is 1 when every scenario was skipped (the run checked nothing), 0 when one of them ran and passed", async () => {
    const file = join(folder, "needs-control.yaml");
    writeFileSync(
      file,
      "name: needs-control\ndescription: a funded wallet's balance\nseed: 1\nwallets:\n  alice: {}\nsteps:\n  - balances: { wallet: alice }\n",
    );
    const skipped = await run(["run", file, "--control", "off"]);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toMatch(
      /no scenario ran \(1 scenario, every one skipped, reasons above\): a run that checks nothing does not pass/,
    );
    expect(skipped.stdout).toMatch(/0 passed, 0 failed, 1 skipped/);
    const ran = await run(["run", file]);
    expect({ code: ran.code, stdout: ran.stdout }).toMatchObject({ code: 0, stdout: expect.stringMatching(/1 passed/) });
  }, 120_000);
});

describe("scenario run --inject-bug", () => {
  it("runs the scenarios with the modes active on the built-in simulator: a scenario guarding one fails", async () => {
    const file = join(folder, "live-count.yaml");
    writeFileSync(
      file,
      "name: live-count\ndescription: the live tape holds 12 trades\nseed: 1\nsteps:\n  - read: { path: /v1/trades/live }\n    expect: { body: { trades: { length: 12 } } }\n",
    );
    const plain = await run(["run", file]);
    expect({ code: plain.code, stdout: plain.stdout }).toMatchObject({ code: 0, stdout: expect.stringMatching(/1 passed/) });
    const broken = await run(["run", file, "--inject-bug", "live-eleven-trades"]);
    expect(broken.stderr).toMatch(/with injected bugs live-eleven-trades/);
    expect({ code: broken.code, stdout: broken.stdout }).toMatchObject({ code: 1, stdout: expect.stringMatching(/1 failed/) });
  }, 120_000);

  it("is refused with --base-url and for a mode the catalogue does not hold", async () => {
    const file = join(folder, "live-count.yaml");
    expect((await run(["run", file, "--inject-bug", "no-such-mode"])).code).toBe(2);
    const remote = await run(["run", file, "--base-url", "http://127.0.0.1:9", "--inject-bug", "live-eleven-trades"]);
    expect({ code: remote.code, stderr: remote.stderr }).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--inject-bug needs the built-in simulator/),
    });
  });
});

describe("scenario run --wallet NAME=FILE", () => {
  it("signs with the key given and does not fund it: a funded key trades on a server whose /devnet/ the run may not use, each step landing on the server's own clock", async () => {
    const server = await startSimulator({
      seed: "held-wallet",
      port: 0,
      // A clock of its own the run cannot move: 50 ms slots.
      clockMode: "realtime",
      slotMs: 50,
      bots: false,
      rpcPort: null,
      launchCount: 12,
      historyHours: 1,
    });
    try {
      const signer = await generateKeyPairSigner(true);
      const exported = new Uint8Array(await crypto.subtle.exportKey("pkcs8", signer.keyPair.privateKey)).slice(-32);
      const keyFile = join(folder, "alice.json");
      writeFileSync(keyFile, JSON.stringify([...exported, ...getAddressEncoder().encode(signer.address)]));
      // Funded by its owner, out of the run's sight (the run itself is --control off).
      const client = new BasketClient(server.baseUrl);
      await client.devnet("airdrop", { wallet: signer.address, lamports: "5000000000" });
      // Its components too, so the buy's plan is the settle alone.
      const { launches } = (await client.launches({ kind: "pairs", status: "activeBonding", limit: 1 })) as {
        launches: { components: { mint: string }[] }[];
      };
      for (const { mint } of launches[0]!.components)
        await client.devnet("airdrop", { wallet: signer.address, mint, amount: "1000000000000000" });
      const file = join(folder, "held.yaml");
      writeFileSync(
        file,
        [
          "name: held",
          "description: a buy signed by a wallet the user brought",
          "seed: 1",
          "wallets:",
          "  alice: {}",
          "steps:",
          "  - read: { path: /v1/launches, query: { kind: pairs, status: activeBonding, limit: 1 }, capture: { launch: 'launches[0].address' } }",
          "  - quote: { launch: '${launch}', direction: buy, amountIn: '100000000', mode: exactInSol, wallet: alice }",
          "  - build: { quoteId: '${quote.quoteId}', wallet: alice }",
          "  - sign: { wallet: alice, plan: '${plan}' }",
          "  - expect: { that: '${plan}', is: { length: 1 } }",
          "  - trade: { launch: '${launch}', direction: buy, amountIn: '100000000', mode: exactInSol, wallet: alice }",
          "  - expect: { that: '${trade.statuses[0].status}', is: confirmed }",
          "",
        ].join("\n"),
      );
      const held = await run(["run", file, "--base-url", server.baseUrl, "--control", "off", "--wallet", `alice=${keyFile}`, "--verbose"]);
      expect(held.stdout).toContain(`wallet alice = ${signer.address} (the key given with --wallet`);
      expect(held.stdout).toMatch(/\(step 1: no \/devnet\/ control to land it; asked its status \d+ times? over \d+ ms\)/);
      expect({ code: held.code, stdout: held.stdout }).toMatchObject({ code: 0, stdout: expect.stringMatching(/1 passed/) });
      // Without the key the same run needs the faucet, which --control off forbids: skipped, naming the wallet.
      const derived = await run(["run", file, "--base-url", server.baseUrl, "--control", "off"]);
      expect({ code: derived.code, stdout: derived.stdout }).toMatchObject({
        code: 1,
        stdout: expect.stringMatching(/wallet alice \(funded by the faucet\) needs the \/devnet\/ control API/),
      });
    } finally {
      await server.close();
    }
  }, 120_000);

  it("refuses a name no scenario declares, a malformed option and a file that is not a keypair, before anything runs", async () => {
    const file = join(folder, "needs-control.yaml");
    const notKey = join(folder, "not-a-key.json");
    writeFileSync(notKey, JSON.stringify(Array.from({ length: 64 }, (_, index) => index)));
    const cases: [string, RegExp][] = [
      ["bob=key.json", /--wallet bob: no scenario of the run declares a wallet bob \(the wallets declared are alice\)/],
      ["alice", /--wallet takes NAME=FILE/],
      [`alice=${join(folder, "missing.json")}`, /--wallet alice=.*missing\.json cannot be read as JSON/],
      [`alice=${notKey}`, /--wallet alice=.*not-a-key\.json is not a keypair/],
    ];
    for (const [given, sentence] of cases) {
      const refused = await run(["run", file, "--base-url", "http://127.0.0.1:9", "--wallet", given]);
      expect({ given, code: refused.code, stderr: refused.stderr }).toMatchObject({ code: 2, stderr: expect.stringMatching(sentence) });
    }
  });
});
