import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadScenario } from "../../runner/load-scenario.ts";
import { scenarioCommand } from "../../runner/scenario-command.ts";
import { recordCommand } from "../record-command.ts";

const directory = mkdtempSync(join(tmpdir(), "scenario-record-cli-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function capture() {
  const io = { out: "", err: "" };
  return { io, sink: { stdout: (text: string) => void (io.out += text), stderr: (text: string) => void (io.err += text) } };
}

describe("basket-devnet scenario run", () => {
  it("names an unknown option or a missing value in one sentence and points at --help, exit 2", async () => {
    const unknown = capture();
    expect(await scenarioCommand(["run", "scenarios/library", "--bogus"], unknown.sink)).toBe(2);
    expect(unknown.io.err).toBe("basket-devnet scenario: unknown option --bogus\nRun 'basket-devnet scenario --help' for usage.\n");
    const missing = capture();
    expect(await scenarioCommand(["run", "scenarios/library", "--report"], missing.sink)).toBe(2);
    expect(missing.io.err).toMatch(/^basket-devnet scenario: Option '--report <value>' argument missing\n/);
    expect(missing.io.out).toBe("");
  });

  it("refuses record's options (a --seed would be ignored: a scenario's seed is in its file), exit 2", async () => {
    for (const option of [
      ["--seed", "3"],
      ["--target", "http://127.0.0.1:1"],
      ["--out", "x.yaml"],
    ]) {
      const run = capture();
      expect(await scenarioCommand(["run", "scenarios/library", ...option], run.sink)).toBe(2);
      expect(run.io.err).toContain(`${option[0]} belongs to record, not run`);
    }
  });
});

describe("basket-devnet scenario run --report", () => {
  it("refuses a report it cannot write, or one file named twice, with exit 2 before running anything", async () => {
    const blocker = join(directory, "a-file");
    writeFileSync(blocker, "");
    const unwritable = capture();
    expect(await scenarioCommand(["run", "scenarios/library", "--report", `junit=${join(blocker, "x.xml")}`], unwritable.sink)).toBe(2);
    expect(unwritable.io.err).toContain(`cannot write the report ${join(blocker, "x.xml")}: ${blocker} is a file, not a folder`);
    expect(unwritable.io.err).not.toContain("running");
    const twice = capture();
    const file = join(directory, "both.xml");
    expect(await scenarioCommand(["run", "scenarios/library", "--report", `junit=${file},json=${file}`], twice.sink)).toBe(2);
    expect(twice.io.err).toContain(`--report names ${file} twice`);
    expect(existsSync(file)).toBe(false);
  });
});

describe("basket-devnet scenario record", () => {
  it("refuses a missing --target or a target that is not http(s) with exit 2 and writes nothing", async () => {
    const out = join(directory, "never.yaml");
    const missing = capture();
    expect(await scenarioCommand(["record", "--out", out], missing.sink)).toBe(2);
    expect(missing.io.err).toMatch(/record needs --target URL/);
    const ftp = capture();
    expect(await scenarioCommand(["record", "--target", "ftp://example.com", "--out", out], ftp.sink)).toBe(2);
    expect(ftp.io.err).toMatch(/--target must be an http\(s\) URL, got "ftp:\/\/example.com"/);
    expect(existsSync(out)).toBe(false);
  });

  it("records in front of any server: a refusal with its own status and content type is forwarded and expected", async () => {
    // Not the simulator: a server of another team, answering 418 with its own body.
    const target = createServer((request, response) => {
      response.writeHead(418, { "content-type": "application/problem+json" });
      response.end(JSON.stringify({ error: "I am a teapot", code: "TEAPOT", at: Date.now() }));
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const out = join(directory, "teapot.yaml");
    const { io, sink } = capture();
    let answer: { status: number; type: string | null; body: unknown } | undefined;
    const code = await recordCommand(
      { target: `http://127.0.0.1:${(target.address() as AddressInfo).port}`, out, name: "teapot-refusal" },
      sink,
      async () => {
        const url = /recording (http:\/\/127\.0\.0\.1:\d+)/.exec(io.out)![1]!;
        const response = await fetch(`${url}/v1/brew?pot=1`, {
          method: "POST",
          body: "not json",
          headers: { "content-type": "text/plain" },
        });
        answer = { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
      },
    );
    target.close();
    expect(code).toBe(0);
    expect(answer).toMatchObject({ status: 418, type: "application/problem+json", body: { error: "I am a teapot", code: "TEAPOT" } });
    expect(io.out).toMatch(/wrote .*teapot\.yaml: scenario teapot-refusal, 1 steps/);
    const loaded = loadScenario(out);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.scenario.steps).toEqual([
      {
        request: { method: "POST", path: "/v1/brew", query: { pot: "1" }, raw: "not json", headers: { "content-type": "text/plain" } },
        expect: { status: 418, error: ".", code: "TEAPOT", body: { at: { exists: true } } },
      },
    ]);
  });

  it("warns that a recording will not replay when its target's clock runs in realtime, and not when it holds still", async () => {
    for (const mode of ["realtime", "manual"]) {
      const target = createServer((request, response) => {
        response.writeHead(request.url === "/devnet/clock" ? 200 : 404, { "content-type": "application/json" });
        response.end(JSON.stringify(request.url === "/devnet/clock" ? { mode } : { error: "no route" }));
      });
      await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
      const { io, sink } = capture();
      const out = join(directory, `clock-${mode}.yaml`);
      await recordCommand({ target: `http://127.0.0.1:${(target.address() as AddressInfo).port}`, out }, sink, async () => {});
      target.close();
      if (mode === "realtime") expect(io.err).toMatch(/warning: .* runs its clock in realtime: .*--clock manual --no-bots/);
      else expect(io.err).not.toContain("warning");
    }
  });

  it("refuses an --out it cannot write before recording anything (exit 2), and leaves no file behind when it can", async () => {
    const blocker = join(directory, "a-file");
    writeFileSync(blocker, "");
    const { io, sink } = capture();
    let recorded = false;
    const code = await recordCommand({ target: "http://127.0.0.1:9", out: join(blocker, "x.yaml") }, sink, async () => {
      recorded = true;
    });
    expect(code).toBe(2);
    expect(recorded).toBe(false);
    expect(io.err).toBe(
      `basket-devnet scenario: --out ${join(blocker, "x.yaml")} cannot be written: ${blocker} is a file, not a folder (EEXIST); name a file in a folder you can write\n`,
    );
    // A writable --out is probed without a trace: the empty session writes nothing. A target
    // where nothing answers yet is warned of, not refused (it may come up while recording).
    const out = join(directory, "probed", "session.yaml");
    const silent = capture();
    expect(await recordCommand({ target: "http://127.0.0.1:9", out }, silent.sink, async () => {})).toBe(1);
    expect(silent.io.err).toMatch(
      /warning: nothing answers at http:\/\/127\.0\.0\.1:9 yet \(\w[^)]*\): the proxy forwards there once it does/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("writes nothing and exits 1 when no client used the proxy", async () => {
    const out = join(directory, "empty.yaml");
    const { io, sink } = capture();
    expect(await recordCommand({ target: "http://127.0.0.1:9", out }, sink, async () => {})).toBe(1);
    expect(io.err).toMatch(/nothing was recorded: no client used http:\/\/127\.0\.0\.1:\d+;/);
    expect(existsSync(out)).toBe(false);
  });

  it("says the target never answered when a client came but nothing listened there, and the client got a JSON 502", async () => {
    const out = join(directory, "unreached.yaml");
    const { io, sink } = capture();
    let answer: { status: number; body: unknown } | null = null;
    const code = await recordCommand({ target: "http://127.0.0.1:9", out }, sink, async () => {
      const proxy = /recording (http:\/\/127\.0\.0\.1:\d+)/.exec(io.out + io.err)![1];
      const response = await fetch(`${proxy}/v1/launches`);
      answer = { status: response.status, body: await response.json() };
    });
    expect(code).toBe(1);
    expect(answer).toEqual({
      status: 502,
      body: { error: expect.stringMatching(/^the recording proxy could not reach http:\/\/127\.0\.0\.1:9: /) },
    });
    expect(io.err).toMatch(
      /nothing was recorded: the target never answered \(GET \/v1\/launches could not reach http:\/\/127\.0\.0\.1:9: connect ECONNREFUSED/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
