import { describe, expect, it } from "vitest";
import { parseConformanceCommand } from "../conformance-options.ts";

describe("parseConformanceCommand", () => {
  it("reads every option", () => {
    const command = parseConformanceCommand([
      "--base-url=http://127.0.0.1:8790/",
      "--phases",
      "schema,negative",
      "--checks",
      "boundaries.*",
      "--seed",
      "42",
      "--num-runs",
      "7",
      "--report",
      "junit=out/j.xml,json=out/r.json,md=out/r.md",
      "--control",
      "off",
      "--allow-slow",
      "--strict",
      "--shard",
      "2/3",
      "--max-failures",
      "5",
      "--timeout",
      "30",
    ]);
    expect(command).toEqual({
      kind: "run",
      options: {
        baseUrl: "http://127.0.0.1:8790",
        start: false,
        phases: ["schema", "negative"],
        checks: "boundaries.*",
        seed: 42,
        numRuns: 7,
        reports: [
          { format: "junit", file: "out/j.xml" },
          { format: "json", file: "out/r.json" },
          { format: "md", file: "out/r.md" },
        ],
        control: "off",
        allowSlow: true,
        strict: true,
        shard: { index: 2, count: 3 },
        maxFailures: 5,
        checkTimeoutMs: 30_000,
        failuresDir: ".conformance/failures",
      },
    });
  });

  it.each([
    [[], "a server is required"],
    [["--start", "--base-url", "http://x"], "exclude each other"],
    [["--base-url", "ftp://x"], "--base-url must use http or https"],
    [["--start", "--phases", "schema,fuzz"], '"fuzz" is none of them'],
    [["--start", "--report", "xml=a"], "--report takes junit=FILE"],
    [["--start", "--control", "on"], "--control must be auto or off"],
    [["--start", "--seed=-1"], "--seed must be a whole number"],
    [["--start", "--shard", "0/2"], "--shard must be I/N"],
    [["--start", "--bogus"], "unknown option --bogus"],
    [["--base-url", "http://x", "--inject-bug", "hello-v2"], "--inject-bug needs --start"],
    [["replay"], "replay takes exactly one FILE"],
  ])("refuses %j with a sentence", (argv, sentence) => {
    const command = parseConformanceCommand(argv);
    expect(command.kind).toBe("error");
    if (command.kind === "error") expect(command.message).toContain(sentence);
  });

  it("passes --inject-bug through with --start (the names are checked when the simulator starts)", () => {
    const command = parseConformanceCommand(["--start", "--inject-bug", "hello-v2,cards-seq-gap"]);
    expect(command).toMatchObject({ kind: "run", options: { start: true, injectBugs: "hello-v2,cards-seq-gap" } });
  });

  it("reads replay and list", () => {
    expect(parseConformanceCommand(["replay", "f.json", "--start"])).toMatchObject({
      kind: "replay",
      file: "f.json",
      options: { start: true },
    });
    expect(parseConformanceCommand(["list"])).toEqual({ kind: "list" });
  });

  it("saves a replay's new failure in replays/ beside the file it replays (never over it), unless --failures-dir says where", () => {
    expect(parseConformanceCommand(["replay", "ci/failures/f.json", "--start"])).toMatchObject({
      options: { failuresDir: "ci/failures/replays" },
    });
    expect(parseConformanceCommand(["replay", "ci/failures/f.json", "--start", "--failures-dir", "out"])).toMatchObject({
      options: { failuresDir: "out" },
    });
  });
});
