import { describe, expect, it } from "vitest";
import { MediaLibrary, cardPhotoFiles, launchImageFile, mediaUri, tokenLogoFile } from "../media-library.ts";

describe("MediaLibrary", () => {
  const media = new MediaLibrary();

  it("draws the same SVG for the same name, another for another name", () => {
    const file = launchImageFile("BSKT", "a1b2c3");
    const image = media.get(file);
    expect(image?.contentType).toBe("image/svg+xml");
    expect(image?.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(image?.body).toContain("$BSKT");
    expect(new MediaLibrary().get(file)).toEqual(image);
    expect(media.get(launchImageFile("BSKT", "a1b2c4"))?.body).not.toBe(image?.body);
  });

  it("draws component logos", () => {
    const logo = media.get(tokenLogoFile("JitoSOL"));
    expect(logo?.body).toContain(">JitoSOL</text>");
    expect(mediaUri(tokenLogoFile("USDC"))).toBe("/v1/media/token-USDC.svg");
  });

  it.each([
    "card-99-PSA-10-12345678-front.svg",
    "card-00-XYZ-10-12345678-front.svg",
    "card-00-PSA-6-12345678-front.svg",
    "card-00-PSA-10-12345678-side.svg",
    "card-0-PSA-10-12345678-front.svg",
    "card-00-PSA-10-12345-front.svg",
  ])("draws no card photo named %j (no such template, grader, grade or side)", (name) => expect(media.get(name)).toBeNull());

  it("draws a card photo from its name alone, and names only photos it can draw", () => {
    const files = cardPhotoFiles({ template: 0, grader: "PSA", grade: 10, certificate: "12345678" });
    expect(files.front).toBe("card-00-PSA-10-12345678-front.svg");
    expect(media.get(files.front)?.body).toContain("GEM MT");
    expect(media.get(files.back)?.body).toContain("12345678");
    expect(() => cardPhotoFiles({ template: 99, grader: "PSA", grade: 10, certificate: "12345678" })).toThrow(RangeError);
    expect(() => cardPhotoFiles({ template: 0, grader: "psa", grade: 10, certificate: "12345678" })).toThrow(RangeError);
  });

  it.each(["", "launch-bskt-a1b2c3.svg", "launch-BSKT.svg", "token-.svg", "../etc/passwd", "token-USDC.png", "launch-BSKT-a1b2c3.svg/x"])(
    "holds nothing named %j",
    (name) => expect(media.get(name)).toBeNull(),
  );

  it("refuses to name a file it could not serve", () => {
    expect(() => launchImageFile("bad ticker", "a1b2c3")).toThrow(RangeError);
    expect(() => tokenLogoFile("../x")).toThrow(RangeError);
  });
});
