import { describe, expect, it } from "vitest";
import { startSimulator } from "../simulator.ts";

describe("a public URL (--public-url)", () => {
  it("is what records' media links name, while the files are served at the path as ever", async () => {
    const publicUrl = "http://simulator.internal:8790";
    const simulator = await startSimulator({
      seed: "public-url",
      port: 0,
      rpcPort: null,
      clockMode: "manual",
      bots: false,
      launchCount: 2,
      historyHours: 0.1,
      publicUrl: `${publicUrl}/`,
    });
    try {
      const { launches } = (await (await fetch(`${simulator.baseUrl}/v1/launches?limit=2`)).json()) as {
        launches: { imageUri: string; components: { logoUri: string }[] }[];
      };
      const links = launches.flatMap((launch) => [launch.imageUri, ...launch.components.map((component) => component.logoUri)]);
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) expect(link.startsWith(`${publicUrl}/v1/media/`), link).toBe(true);
      const served = await fetch(`${simulator.baseUrl}${new URL(links[0]!).pathname}`);
      expect(served.status).toBe(200);
      // The web client is served there too: a preview card names the public URL, whatever Host the request carried.
      const address = (launches[0] as unknown as { address: string }).address;
      const preview = await (await fetch(`${simulator.baseUrl}/t/${address}`)).text();
      expect(preview).toContain(`<meta property="og:url" content="${publicUrl}/#/t/${address}">`);
      expect(preview).toContain(`url=${publicUrl}/#/t/${address}`);
    } finally {
      await simulator.close();
    }
  }, 60_000);

  it("is refused unless it is an http or https URL without a query or fragment", async () => {
    await expect(startSimulator({ publicUrl: "ftp://x" })).rejects.toThrow(/^public URL must be an http or https URL/);
    await expect(startSimulator({ publicUrl: "http://x/?a=1" })).rejects.toThrow(/^public URL must be/);
  });
});
