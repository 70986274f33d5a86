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
