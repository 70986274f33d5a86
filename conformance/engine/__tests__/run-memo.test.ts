import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Check } from "../check.ts";
import { runConformance } from "../run-conformance.ts";

/** A server with no document: every request counted by path. */
const app = Fastify();
const hits = new Map<string, number>();
app.addHook("onRequest", async (request) => {
  const path = request.url.split("?")[0]!;
  hits.set(path, (hits.get(path) ?? 0) + 1);
});
app.get("/v1/setup", async () => ({ token: "t1" }));
app.get("/v1/answer", async (_request, reply) => reply.code(500).send({ error: "broken" }));

/** A check that shares a setup request and one answer, then fails judging the answer. */
function sharingCheck(id: string): Check {
  return {
    id,
    phase: "schema",
    rule: { section: "Test", text: "a shared answer is judged by each check" },
    enforces: "specification",
    async run(context) {
      const token = await context.shared("setup", async (shared) => {
        const answer = await shared.exchange({ method: "GET", path: "/v1/setup" });
        return (answer.body as { token: string }).token;
      });
      const answer = await context.exchangeOnce({ method: "GET", path: "/v1/answer", query: { token } });
      context.fail(`${id} saw ${answer.status}`);
    },
  };
}

describe("what the checks of a run share", () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  it("sends a shared request once per run, and each check's reproduction holds what it judged", async () => {
    const checks = [sharingCheck("memo.first"), sharingCheck("memo.second"), sharingCheck("memo.third")];
    const run = () => runConformance({ baseUrl, seed: 1, registry: checks });
    const summary = await run();
    expect(summary.failed).toBe(3);
    expect(hits.get("/v1/setup")).toBe(1);
    expect(hits.get("/v1/answer")).toBe(1);
    for (const outcome of summary.outcomes) {
      expect(outcome.status).toBe("fail");
      if (outcome.status !== "fail") continue;
      expect(outcome.failure.message).toBe(`${outcome.check.id} saw 500`);
      expect(outcome.failure.curl).toEqual([`curl -sS -i '${baseUrl}/v1/setup'`, `curl -sS -i '${baseUrl}/v1/answer?token=t1'`]);
    }
    // A new run asks the server again: nothing is kept between runs.
    await run();
    expect(hits.get("/v1/setup")).toBe(2);
    expect(hits.get("/v1/answer")).toBe(2);
  });
});
