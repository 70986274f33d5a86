import { describe, expect, it } from "vitest";
import { collectibleHash, homeHash, parseRoute, redirectForLaunch, tokenHash } from "../../src/route.ts";

const ADDRESS = "95nLfWrajSD6TG2LKsutjjLBqQvaXncfknrrspVUGUm2";

describe("hash routes (the Web client links table)", () => {
  it("reads the token, collectible, home, wallet and studio routes", () => {
    expect(parseRoute(`#/t/${ADDRESS}`)).toEqual({ page: "token", id: ADDRESS });
    expect(parseRoute(`#/collectibles/${ADDRESS}`)).toEqual({ page: "collectible", id: ADDRESS });
    expect(parseRoute("")).toEqual({ page: "home", tab: "trending", q: "" });
    expect(parseRoute("#/?tab=graduated&q=sol")).toEqual({ page: "home", tab: "graduated", q: "sol" });
    expect(parseRoute("#/?tab=nonsense")).toEqual({ page: "home", tab: "trending", q: "" });
    expect(parseRoute("#/wallet")).toEqual({ page: "wallet" });
    expect(parseRoute("#/studio")).toEqual({ page: "studio" });
    expect(parseRoute("#/t/<script>").page).toBe("unknown");
    expect(parseRoute("#/t/%E0%A4%A").page).toBe("unknown");
  });

  it("writes links that read back as themselves", () => {
    expect(parseRoute(tokenHash(ADDRESS))).toEqual({ page: "token", id: ADDRESS });
    expect(parseRoute(collectibleHash(ADDRESS))).toEqual({ page: "collectible", id: ADDRESS });
    expect(parseRoute(homeHash("volume", "abc"))).toEqual({ page: "home", tab: "volume", q: "abc" });
    expect(homeHash("trending")).toBe("#/");
  });

  it("a #/t/ link that resolves to a collectible redirects to its collectible page by launch address; a basket launch stays", () => {
    expect(redirectForLaunch({ kind: "collectibles", address: ADDRESS })).toBe(`#/collectibles/${ADDRESS}`);
    expect(redirectForLaunch({ kind: "pairs", address: ADDRESS })).toBeNull();
  });
});
