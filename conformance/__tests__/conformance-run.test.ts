import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../checks/index.ts";
import { BOUNDARIES_CHECKS } from "../checks/boundaries/index.ts";
import { NEGATIVE_CHECKS } from "../checks/negative/index.ts";
import { SCHEMA_CHECKS } from "../checks/schema/index.ts";
import { conformanceCommand } from "../cli/conformance-command.ts";
import { type StartedServer, startBuiltInServer } from "../cli/start-simulator.ts";
import type { Check } from "../engine/check.ts";
import { runConformance } from "../engine/run-conformance.ts";
import { junitXml } from "../reporters/junit-reporter.ts";
import { parseXmlElements } from "./well-formed-xml.ts";

const MINE = [...SCHEMA_CHECKS, ...BOUNDARIES_CHECKS, ...NEGATIVE_CHECKS];

describe("a clean run against the built-in simulator", () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startBuiltInServer({ seed: 1 });
  }, 60_000);
  afterAll(() => server?.close());

  it("has zero failures, runs every phase, and writes one JUnit test case per check", async () => {
    const summary = await runConformance({ baseUrl: server.baseUrl, seed: 1, numRuns: 8, registry: MINE, strict: true });
    const failures = summary.outcomes.filter((outcome) => outcome.status === "fail");
    expect(failures.map((outcome) => (outcome.status === "fail" ? `${outcome.check.id}: ${outcome.failure.message}` : ""))).toEqual([]);
    expect(Object.keys(summary.phaseMillis)).toEqual(["schema", "boundaries", "negative"]);
    expect(summary.outcomes).toHaveLength(MINE.length);
    // Nothing skipped: the simulator serves every route these phases judge, collectibles included.
    expect(summary.outcomes.filter((outcome) => outcome.status === "skip").map((outcome) => outcome.check.id)).toEqual([]);
    const names = parseXmlElements(junitXml(summary));
    expect(names.filter((name) => name === "testcase")).toHaveLength(MINE.length);
    expect(names.filter((name) => name === "skipped")).toHaveLength(0);
  }, 120_000);
});

describe("a server without the /devnet/ control API", () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startBuiltInServer({ seed: 2, control: false });
  }, 60_000);
  afterAll(() => server?.close());

  it("skips every check that needs control, with the reason, and fails none for it", async () => {
    const needing = ALL_CHECKS.filter((check) => (check.needs ?? []).length > 0);
    const summary = await runConformance({ baseUrl: server.baseUrl, seed: 1, numRuns: 3, registry: [...MINE, ...needing] });
    expect(summary.failed).toBe(0);
    for (const outcome of summary.outcomes.filter((item) => needing.some((check) => check.id === item.check.id))) {
      expect(outcome.status).toBe("skip");
      if (outcome.status === "skip") expect(outcome.reason).toMatch(/\/devnet\/|--allow-slow|--keypair/);
    }
  }, 120_000);
});

describe("a server that breaks one rule", () => {
  // A real black box: a list that answers as many rows as `limit` asks, 101 too (the specification's range is 1 to 100).
  const app = Fastify();
  app.get("/v1/launches", async (request) => {
    const limit = Number((request.query as { limit?: string }).limit ?? 50);
    return { launches: Array.from({ length: Number.isInteger(limit) && limit > 0 ? limit : 0 }, (_, index) => ({ index })) };
  });
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  it("fails the expected check, saves the failure, and replay reproduces it", async () => {
    const failureDir = await mkdtemp(join(tmpdir(), "conformance-failures-"));
    const summary = await runConformance({ baseUrl, seed: 7, checks: "boundaries.launches.limit", failureDir });
    expect(summary.failed).toBe(1);
    const outcome = summary.outcomes[0];
    expect(outcome?.status).toBe("fail");
    if (outcome?.status !== "fail") return;
    expect(outcome.failure.checkId).toBe("boundaries.launches.limit");
    expect(outcome.failure.seed).toBe(7);
    expect(outcome.failure.curl.at(-1)).toContain("limit=101");
    const [file] = await readdir(failureDir);
    expect(file).toBe("boundaries.launches.limit-7.json");
    const saved = JSON.parse(await readFile(join(failureDir, file as string), "utf8"));
    expect(saved.baseUrl).toBe(baseUrl);

    let out = "";
    const code = await conformanceCommand(["replay", join(failureDir, file as string), "--failures-dir", failureDir], {
      stdout: (text) => (out += text),
      stderr: (text) => (out += text),
    });
    expect(code).toBe(1);
    expect(out).toContain("FAIL boundaries.launches.limit");
    expect(out).toContain("limit=101 is past the limit, and GET");
  }, 60_000);

  it("with --max-failures, lists the checks it did not start as skipped with the reason, in every report", async () => {
    const checks = BOUNDARIES_CHECKS.filter((check) => check.id.startsWith("boundaries.launches.")).slice(0, 3);
    const first = checks.find((check) => check.id === "boundaries.launches.limit")!;
    const rest = checks.filter((check) => check !== first);
    expect(rest.length).toBeGreaterThan(0);
    const summary = await runConformance({ baseUrl, seed: 7, registry: [first, ...rest], maxFailures: 1, failureDir: null });
    expect(summary.failed).toBe(1);
    expect(summary.notRun).toBe(rest.length);
    expect(summary.outcomes).toHaveLength(1 + rest.length);
    for (const outcome of summary.outcomes.slice(1)) {
      expect(outcome).toMatchObject({ status: "skip", reason: "not run: --max-failures 1 was reached" });
    }
    const names = parseXmlElements(junitXml(summary));
    expect(names.filter((name) => name === "testcase")).toHaveLength(1 + rest.length);
  });

  it("notes a server that clamps an out-of-range limit (the specification's bound kept), and fails it only with --strict", async () => {
    const clamping = Fastify();
    clamping.get("/v1/launches", async (request) => {
      const limit = Math.min(100, Math.max(1, Number((request.query as { limit?: string }).limit ?? 50)));
      return { launches: Array.from({ length: limit }, (_, index) => ({ index })) };
    });
    const url = await clamping.listen({ port: 0, host: "127.0.0.1" });
    try {
      const lenient = await runConformance({ baseUrl: url, seed: 7, checks: "boundaries.launches.limit", failureDir: null });
      expect(lenient.outcomes[0]).toMatchObject({ status: "note", failure: { enforces: "decision" } });
      expect(lenient.failed).toBe(0);
      const strict = await runConformance({ baseUrl: url, seed: 7, checks: "boundaries.launches.limit", failureDir: null, strict: true });
      expect(strict.outcomes[0]).toMatchObject({
        status: "fail",
        failure: { message: expect.stringContaining("limit=0, limit=101 answered 200") },
      });
    } finally {
      await clamping.close();
    }
  });

  it("answers a usage error with exit code 2 and a sentence", async () => {
    let err = "";
    const code = await conformanceCommand(["--base-url", baseUrl, "--shard", "3/2"], { stdout: () => {}, stderr: (text) => (err += text) });
    expect(code).toBe(2);
    expect(err).toContain("--shard must be I/N with 1 <= I <= N");
  });

  it("refuses a report it cannot write, or two reports to one file, with exit code 2 before judging anything", async () => {
    const folder = await mkdtemp(join(tmpdir(), "conformance-reports-"));
    const blocker = join(folder, "a-file");
    await writeFile(blocker, "");
    for (const [report, said] of [
      [
        `junit=${join(blocker, "under-a-file.xml")}`,
        `cannot write the report ${join(blocker, "under-a-file.xml")}: ${blocker} is a file, not a folder`,
      ],
      [`junit=${join(folder, "r")},json=${join(folder, "r")}`, "twice"],
    ] as const) {
      let err = "";
      let out = "";
      const code = await conformanceCommand(["--base-url", baseUrl, "--report", report], {
        stdout: (text) => (out += text),
        stderr: (text) => (err += text),
      });
      expect(code).toBe(2);
      expect(err).toContain(said);
      expect(out).toBe("");
    }
  });

  it("with --start, fails a decision check the built-in simulator breaks (our document is its rule), exit code 1; replay starts it again, bug and all", async () => {
    const failureDir = await mkdtemp(join(tmpdir(), "conformance-failures-"));
    let out = "";
    const code = await conformanceCommand(
      ["--start", "--inject-bug", "expired-reported-pending", "--checks", "status.expiredAfterLastValid", "--failures-dir", failureDir],
      { stdout: (text) => (out += text), stderr: () => {} },
    );
    expect(out).toContain("FAIL");
    expect(code).toBe(1);
    // The simulator that failed is gone with its port: the saved file says how it was started.
    const [file] = await readdir(failureDir);
    const saved = JSON.parse(await readFile(join(failureDir, file as string), "utf8"));
    expect(saved.startedWith).toEqual({ injectBugs: "expired-reported-pending" });
    let replayed = "";
    const replay = await conformanceCommand(["replay", join(failureDir, file as string), "--failures-dir", failureDir], {
      stdout: (text) => (replayed += text),
      stderr: () => {},
    });
    expect(replayed).toContain("on a new built-in simulator with injected bugs expired-reported-pending");
    expect(replayed).toContain("FAIL status.expiredAfterLastValid");
    expect(replay).toBe(1);
  }, 60_000);

  it("refuses a --checks or --phases filter that matches no check, exit code 2, before judging anything", async () => {
    for (const filter of [
      ["--checks", "nomatch.*"],
      ["--phases", "read", "--checks", "stream.*"],
    ]) {
      let err = "";
      let out = "";
      const code = await conformanceCommand(["--base-url", baseUrl, ...filter], {
        stdout: (text) => (out += text),
        stderr: (text) => (err += text),
      });
      expect(code).toBe(2);
      expect(err).toMatch(/no check matches .*nothing would be judged/);
      expect(out).toBe("");
    }
  });
});

/** A check of the test's own, run through the engine's registry. */
const testCheck = (id: string, run: Check["run"]): Check => ({
  id,
  phase: "read",
  rule: { section: "Endpoints › GET /v1/launches", text: "a test rule" },
  enforces: "specification",
  run,
});

describe("a server that stops answering mid-run", () => {
  it("fails the check that lost it, then skips the rest with the reason instead of failing each on its connection", async () => {
    const app = Fastify();
    app.get("/v1/launches", async () => ({ launches: [] }));
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    const reads = async (context: Parameters<Check["run"]>[0]) => {
      await context.exchange({ method: "GET", path: "/v1/launches" });
    };
    const summary = await runConformance({
      baseUrl,
      seed: 1,
      failureDir: null,
      registry: [
        testCheck("test.stopsTheServer", async (context) => {
          await app.close();
          await reads(context);
        }),
        testCheck("test.afterwards.one", reads),
        testCheck("test.afterwards.two", reads),
      ],
    });
    expect(summary.outcomes.map((outcome) => outcome.status)).toEqual(["fail", "skip", "skip"]);
    for (const outcome of summary.outcomes.slice(1)) {
      if (outcome.status === "skip") expect(outcome.reason).toMatch(/^not run: the server stopped answering \(nothing answers at /);
    }
    expect(summary.notRun).toBe(2);
  });
});

describe("a server whose own document leaves out what its answers leave out", () => {
  // The built-in simulator behind a black box that drops `holders` from every launch row, and
  // serves an /openapi.json that no longer requires it: judged by its own document, it passed.
  let server: StartedServer;
  const app = Fastify();
  let baseUrl: string;
  beforeAll(async () => {
    server = await startBuiltInServer({ seed: 3 });
    const relaxed = JSON.parse(await readFile(new URL("../../openapi/openapi.json", import.meta.url), "utf8"));
    const row = relaxed.components.schemas.LaunchRow;
    row.required = row.required.filter((field: string) => field !== "holders");
    delete row.properties.holders;
    app.get("/openapi.json", async () => relaxed);
    app.get("/v1/launches", async (request, reply) => {
      const answer = await fetch(`${server.baseUrl}${request.url}`);
      const body = (await answer.json()) as { launches?: Record<string, unknown>[] };
      for (const launch of body.launches ?? []) delete launch.holders;
      return reply.code(answer.status).send(body);
    });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await server?.close();
  });

  it("is judged by the committed document, the contract, and fails the fields rule", async () => {
    const summary = await runConformance({ baseUrl, seed: 1, failureDir: null, checks: "schema.responses.valid" });
    const [outcome] = summary.outcomes;
    expect(outcome?.status).toBe("fail");
    if (outcome?.status === "fail") expect(outcome.failure.message).toMatch(/holders/);
  });
});

describe("a base URL that is not the service", () => {
  it("skips the rules about successful answers, saying none came, instead of passing them vacuously", async () => {
    const app = Fastify();
    app.setNotFoundHandler(async (_request, reply) => reply.code(426).send({ error: "upgrade to a WebSocket" }));
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const summary = await runConformance({ baseUrl, seed: 1, failureDir: null, checks: "schema.responses.valid,schema.success.is200" });
      expect(summary.outcomes.map((outcome) => outcome.status)).toEqual(["skip", "skip"]);
      for (const outcome of summary.outcomes)
        if (outcome.status === "skip") expect(outcome.reason).toMatch(/was answered with a success .*answered 426/);
    } finally {
      await app.close();
    }
  });
});

describe("a check that outlives its timeout", () => {
  it("fails, and sends nothing more: its next request is not made while the checks after it run", async () => {
    const app = Fastify();
    let requests = 0;
    app.get("/v1/launches", async () => {
      requests++;
      return { launches: [] };
    });
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const summary = await runConformance({
        baseUrl,
        seed: 1,
        failureDir: null,
        checkTimeoutMs: 300,
        registry: [
          testCheck("test.neverEnds", async (context) => {
            for (;;) {
              await context.exchange({ method: "GET", path: "/v1/launches" });
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          }),
        ],
      });
      expect(summary.outcomes.map((outcome) => outcome.status)).toEqual(["fail"]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = requests;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(requests).toBe(after);
    } finally {
      await app.close();
    }
  });
});
