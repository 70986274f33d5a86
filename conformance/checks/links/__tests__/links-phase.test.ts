import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startBuiltInServer } from "../../../cli/start-simulator.ts";
import { parseConformanceCommand } from "../../../cli/conformance-options.ts";
import { runConformance } from "../../../engine/run-conformance.ts";
import { LINKS_CHECKS } from "../index.ts";
import { readPage } from "../preview-page.ts";

let server: StartedServer;
beforeAll(async () => {
  server = await startBuiltInServer({ seed: 1 });
}, 60_000);
afterAll(() => server?.close());

describe("the links phase", () => {
  it("passes against the simulator serving its own client (strict: our decisions too)", async () => {
    const summary = await runConformance({ baseUrl: server.baseUrl, clientUrl: server.baseUrl, seed: 1, phases: ["links"], strict: true });
    const outcomes = summary.outcomes.map((outcome) => [
      outcome.check.id,
      outcome.status === "fail" ? outcome.failure.message : outcome.status,
    ]);
    expect(outcomes).toEqual(LINKS_CHECKS.map((check) => [check.id, "pass"]));
  }, 60_000);

  it("skips every check, with the option to give, when no client URL is named", async () => {
    const summary = await runConformance({ baseUrl: server.baseUrl, seed: 1, phases: ["links"] });
    expect(summary.skipped).toBe(LINKS_CHECKS.length);
    for (const outcome of summary.outcomes) if (outcome.status === "skip") expect(outcome.reason).toContain("--client-url");
  }, 60_000);

  describe("a client whose preview serves a card for a mint and never redirects", () => {
    // A black box breaking both rules: every /t/{id} gets a card titled with the id, and no redirect.
    const broken = Fastify();
    broken.get("/", async (_request, reply) => reply.type("text/html").send("<!doctype html><title>client</title>"));
    broken.get<{ Params: { id: string } }>("/t/:id", async (request, reply) =>
      reply.type("text/html").send(`<meta property="og:title" content="${request.params.id}">`),
    );
    let clientUrl: string;
    beforeAll(async () => {
      clientUrl = await broken.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(() => broken.close());

    it("fails the launch card's redirect and the tag decision, and passes what it does serve", async () => {
      const summary = await runConformance({ baseUrl: server.baseUrl, clientUrl, seed: 1, phases: ["links"], strict: true });
      const status = Object.fromEntries(summary.outcomes.map((outcome) => [outcome.check.id, outcome.status]));
      expect(status).toEqual({
        "links.client.served": "pass",
        "links.preview.launchCard": "fail",
        "links.preview.mintNotFound": "fail",
        "links.preview.tags": "fail",
      });
      const launchCard = summary.outcomes.find((outcome) => outcome.check.id === "links.preview.launchCard");
      expect(launchCard?.status === "fail" && launchCard.failure.message).toMatch(/does not redirect to the token page/);
    }, 60_000);
  });
});

describe("a client whose page names a script that fails", () => {
  const broken = Fastify();
  broken.get("/", async (_request, reply) =>
    reply
      .type("text/html")
      .send('<!doctype html><link rel="stylesheet" href="/app/main.css"><script type="module" src="/app/main.js"></script>'),
  );
  broken.get("/app/main.css", async (_request, reply) => reply.type("text/css").send("body {}"));
  broken.get("/app/main.js", async (_request, reply) => reply.code(500).send({ error: "the client bundle failed to build" }));
  let clientUrl: string;
  beforeAll(async () => {
    clientUrl = await broken.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => broken.close());

  it("fails links.client.served, naming the asset", async () => {
    const summary = await runConformance({ baseUrl: server.baseUrl, clientUrl, seed: 1, checks: "links.client.served" });
    const served = summary.outcomes.find((outcome) => outcome.check.id === "links.client.served");
    expect(served?.status === "fail" && served.failure.message).toBe(
      `the client page names ${clientUrl}/app/main.js, which answers 500: the page cannot render`,
    );
  }, 60_000);
});

describe("--client-url", () => {
  it("reads a redirect from a Location, a meta refresh, or an inline script that sets location", () => {
    const at = "http://client.test/t/abc";
    const none = new Headers();
    expect(readPage(at, 302, new Headers({ location: "/#/t/abc" }), "").redirect).toBe("http://client.test/#/t/abc");
    expect(readPage(at, 200, none, '<meta http-equiv="refresh" content="0; url=/#/t/abc">').redirect).toBe("http://client.test/#/t/abc");
    expect(readPage(at, 200, none, '<script>window.location.replace("/#/t/abc")</script>').redirect).toBe("http://client.test/#/t/abc");
    expect(readPage(at, 200, none, "<script>location.href = '/#/collectibles/abc';</script>").redirect).toBe(
      "http://client.test/#/collectibles/abc",
    );
    // A script loaded from elsewhere, or one that sets no location, redirects nowhere the page shows.
    expect(
      readPage(at, 200, none, '<script src="/app.js">location = "/elsewhere"</script><script>let a = 1;</script>').redirect,
    ).toBeNull();
  });

  it("conformance takes a URL or `base`", () => {
    expect(parseConformanceCommand(["--start", "--client-url", "base"])).toMatchObject({ kind: "run", options: { clientUrl: "base" } });
    expect(parseConformanceCommand(["--base-url", "http://a:1", "--client-url", "http://b:2/"])).toMatchObject({
      kind: "run",
      options: { clientUrl: "http://b:2" },
    });
    expect(parseConformanceCommand(["--start", "--client-url", "ws://x"]).kind).toBe("error");
  });
});
