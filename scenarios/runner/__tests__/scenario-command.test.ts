import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
