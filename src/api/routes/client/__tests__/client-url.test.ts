import { describe, expect, it } from "vitest";
import { parseCommand } from "../../../../cli/parse-command.ts";
import { previewPage } from "../preview-card.ts";

const LAUNCH = {
  address: "95nLfWrajSD6TG2LKsutjjLBqQvaXncfknrrspVUGUm2",
  symbol: "FRMOS",
  name: 'Frosty "<Mosaic>"',
  description: "A basket & more",
  imageUri: "http://127.0.0.1:8790/v1/media/launch-FRMOS.svg",
  status: "activeBonding",
  progressBps: 606,
};

describe("--client-url", () => {
  it("basket-devnet up takes an http(s) URL without query or fragment, trailing slashes dropped", () => {
    expect(parseCommand(["up", "--client-url", "https://app.example.org/"])).toEqual({
      kind: "up",
      options: { clientUrl: "https://app.example.org/" },
    });
    for (const bad of ["ftp://x", "not a url", "https://x.org/?a=1", "https://x.org/#/t"]) {
      const command = parseCommand(["up", "--client-url", bad]);
      expect(command.kind).toBe("error");
      if (command.kind === "error") expect(command.message).toMatch(/^client URL must be an http or https URL/);
    }
  });
});

describe("the preview page", () => {
  it("escapes the record's text in tags and body, and redirects relative to this server when no client URL is set", () => {
    const html = previewPage(null, "http://127.0.0.1:8790", LAUNCH.address, LAUNCH);
    expect(html).toContain('<meta property="og:title" content="FRMOS · Frosty &quot;&lt;Mosaic&gt;&quot;">');
    expect(html).not.toContain("<Mosaic>");
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/#/t/${LAUNCH.address}">`);
    expect(html).toContain(`<meta property="og:url" content="http://127.0.0.1:8790/#/t/${LAUNCH.address}">`);
    expect(html).toContain("6.06% of the curve sold");
  });

  it("with a client URL, redirects there; the not-found card has no image and names no launch", () => {
    const html = previewPage("https://app.example.org", "http://127.0.0.1:8790", "So11111111111111111111111111111111111111112", null);
    expect(html).toContain('content="0; url=https://app.example.org/#/t/So11111111111111111111111111111111111111112"');
    expect(html).toContain('<meta property="og:title" content="Launch not found">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain("og:image");
  });
});

describe("the preview's description", () => {
  const descriptionOf = (html: string) => /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];

  it("keeps the status and progress after a long description, and never cuts a character in half", () => {
    for (const description of ["word ".repeat(100), "😀".repeat(300)]) {
      const text = descriptionOf(previewPage(null, "http://127.0.0.1:8790", LAUNCH.address, { ...LAUNCH, description }))!;
      expect(text).toMatch(/…\s—\son its curve, 6\.06% of the curve sold\.$/u);
      expect([...text].length).toBeLessThanOrEqual(200);
      // Every UTF-16 surrogate is in a pair: the text survives UTF-8 unchanged (a lone one becomes U+FFFD).
      expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
    }
  });

  it("says the status alone for a launch without a description", () => {
    const html = previewPage(null, "http://127.0.0.1:8790", LAUNCH.address, { ...LAUNCH, description: "  " });
    expect(descriptionOf(html)).toBe("On its curve, 6.06% of the curve sold.");
  });
});

describe("the preview's image", () => {
  it("is the launch's imageUri when that is an absolute http(s) URL, and none otherwise", () => {
    for (const imageUri of ["javascript:alert(1)", "/devnet/clock", "data:image/svg+xml,<svg/>", "ipfs://bafy"]) {
      const html = previewPage(null, "http://127.0.0.1:8790", LAUNCH.address, { ...LAUNCH, imageUri });
      expect({ imageUri, image: html.includes("og:image"), card: html.includes('content="summary"') }).toEqual({
        imageUri,
        image: false,
        card: true,
      });
    }
    const html = previewPage(null, "http://127.0.0.1:8790", LAUNCH.address, LAUNCH);
    expect(html).toContain(`<meta property="og:image" content="${LAUNCH.imageUri}">`);
  });
});
