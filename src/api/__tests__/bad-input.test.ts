import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_ERROR_CATALOGUE } from "../../errors/index.ts";
import { MediaLibrary } from "../../world/media-library.ts";
import { buildApp } from "../app.ts";
import { OPENAPI_PATH } from "../openapi-document.ts";
import { OpenApiValidator } from "./openapi-validator.ts";
import { type SeededApi, startSeededApi } from "./seeded-api.ts";

/**
 * Malformed requests across every route: each is a 4xx with `{error, code}`, the code's own
 * status, and a sentence that names what was wrong. None may be a 5xx.
 */
let seeded: SeededApi;
let validator: OpenApiValidator;
let launch: { address: string; primaryMint: string };

beforeAll(async () => {
  seeded = await startSeededApi({ launchCount: 12 });
  validator = new OpenApiValidator(JSON.parse(readFileSync(join(import.meta.dirname, "../../..", OPENAPI_PATH), "utf8")));
  launch = (await seeded.app.inject("/v1/launches?limit=1")).json().launches[0];
});
afterAll(async () => seeded?.app.close());

const A = "So11111111111111111111111111111111111111112";
const ids = (n: number) => Array.from({ length: n }, () => A).join(",");

type Case = [url: string, code: string, mentions?: RegExp, method?: string, body?: string, contentType?: string];

// `{L}` is replaced by a real launch address.
const CASES: Case[] = [
  [
    "/v1/launches?limit=0",
    "INVALID_QUERY",
    /^query parameter limit must be an integer from 1 to 100, written in decimal digits without leading zeros$/,
  ],
  [
    "/v1/launches?limit=01",
    "INVALID_QUERY",
    /^query parameter limit must be an integer from 1 to 100, written in decimal digits without leading zeros$/,
  ],
  ["/v1/launches?limit=101", "INVALID_QUERY", /limit must be an integer from 1 to 100/],
  ["/v1/launches?limit=abc", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=1.5", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=%205", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=0x10", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=1e1", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=-1", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=5&limit=6", "INVALID_QUERY", /limit/],
  ["/v1/launches?limit=99999999999999999999", "INVALID_QUERY", /limit/],
  ["/v1/launches?status=bonding", "INVALID_QUERY", /status must be one of activeBonding, graduationPending, migrating, graduated/],
  ["/v1/launches?kind=everything", "INVALID_QUERY", /kind must be one of pairs, collectibles, all/],
  ["/v1/launches?tab=hot", "INVALID_QUERY", /tab must be one of/],
  ["/v1/launches?sort=price", "INVALID_QUERY", /sort must be one of/],
  ["/v1/launches?state=pending", "INVALID_QUERY", /state must be one of bonding, graduated/],
  ["/v1/launches?creator=0OIl", "INVALID_QUERY", /creator must be a base58 address/],
  ["/v1/launches?ids=notanaddress", "INVALID_QUERY", /ids must be 1 to 100 base58 addresses/],
  [`/v1/launches?ids=${ids(101)}`, "INVALID_QUERY", /ids must be 1 to 100/],
  [`/v1/launches?ids=${A},,${A}`, "INVALID_QUERY", /ids/],
  [`/v1/launches?ids=${A},`, "INVALID_QUERY", /ids/],
  [`/v1/launches?ids=${A},%20${A}`, "INVALID_QUERY", /ids/],
  ["/v1/launches?cat=" + "x".repeat(65), "INVALID_QUERY", /cat must be a string of 1 to 64 characters/],
  ["/v1/launches?status=graduated&cursor=abc", "CONFLICTING_PARAMETERS", /status cannot be combined with cursor/],
  ["/v1/launches?status=graduated&tab=new&sort=vol", "CONFLICTING_PARAMETERS", /status cannot be combined with tab, sort/],
  ["/v1/launches?status=activeBonding&ids=" + A, "CONFLICTING_PARAMETERS", /ids/],
  ["/v1/launches?cursor=not-a-cursor", "INVALID_CURSOR", /cursor is not a cursor this server issued/],
  ["/v1/launches?cursor=" + Buffer.from("newest|1|nope").toString("base64url"), "INVALID_CURSOR", /cursor/],
  ["/v1/launches?cursor=", "INVALID_CURSOR", /cursor/],
  ["/v1/launches?tab=new&cursor=%25%25%25", "INVALID_CURSOR", /cursor/],
  // A cursor of another order: its position means nothing here, and an empty page would read as the end.
  [
    `/v1/launches?tab=volume&cursor=${Buffer.from(`newest|3|${A}`).toString("base64url")}`,
    "INVALID_CURSOR",
    /cursor was issued for a list in newest order and this query lists in vol order; keep the order between pages/,
  ],
  [`/v1/launches?tab=new&sort=mcap&cursor=${Buffer.from(`newest|3|${A}`).toString("base64url")}`, "INVALID_CURSOR", /in mcap order/],
  [
    `/v1/collectibles?sort=newest&cursor=${Buffer.from(JSON.stringify(["name", "a", A])).toString("base64url")}`,
    "INVALID_CURSOR",
    /cursor was issued for a list in name order and this query lists in newest order/,
  ],
  ["/v1/launches/trending?kind=nfts", "INVALID_QUERY", /kind/],
  ["/v1/launches/almost-paired?kind=", "INVALID_QUERY", /kind/],
  ["/v1/launches/NOSUCHTKR", "NOT_FOUND", /no launch address, primary mint or ticker matches "NOSUCHTKR"/],
  [`/v1/launches/${A}`, "NOT_FOUND", /no launch/],
  ["/v1/launches/has.dot", "INVALID_PATH", /path parameter id must be a launch address, a primary mint .* or a ticker/],
  ["/v1/launches/X", "INVALID_PATH", /id/],
  // Past the router's default 100 characters, each route's own rule still answers.
  [`/v1/launches/${"a".repeat(101)}`, "INVALID_PATH", /path parameter id must be/],
  [`/v1/launches/${"a".repeat(5000)}/trades`, "INVALID_PATH", /path parameter id must be/],
  [`/v1/wallets/${"z".repeat(200)}/created`, "INVALID_PATH", /path parameter wallet must be/],
  [`/v1/wallets/${"z".repeat(200)}/balances`, "INVALID_PATH", /path parameter wallet must be/],
  [`/v1/collectibles/${"c".repeat(120)}`, "INVALID_PATH", /path parameter id must be/],
  [`/v1/media/${"m".repeat(300)}.svg`, "NOT_FOUND", /no media file matches "m+…"/],
  ["/v1/launches/{L}/trades?limit=0", "INVALID_QUERY", /limit must be an integer from 1 to 200/],
  ["/v1/launches/{L}/trades?limit=201", "INVALID_QUERY", /limit must be an integer from 1 to 200/],
  ["/v1/launches/{L}/trades?before=12", "INVALID_CURSOR", /before must be slot:seq/],
  ["/v1/launches/{L}/trades?before=12:", "INVALID_CURSOR", /before/],
  ["/v1/launches/{L}/trades?before=a:b", "INVALID_CURSOR", /before/],
  ["/v1/launches/{L}/trades?before=-1:0", "INVALID_CURSOR", /before/],
  ["/v1/launches/{L}/trades?before=01:0", "INVALID_CURSOR", /before/],
  ["/v1/launches/{L}/trades?before=100000000000000000000:0", "INVALID_CURSOR", /before/],
  ["/v1/launches/{L}/trades?before=1:99999999999", "INVALID_CURSOR", /before/],
  ["/v1/launches/NOSUCHTKR/trades", "NOT_FOUND", /no launch/],
  ["/v1/launches/{L}/chart?bucket=0", "INVALID_QUERY", /bucket must be an integer from 1 to 86400/],
  ["/v1/launches/{L}/chart?bucket=86401", "INVALID_QUERY", /bucket must be an integer from 1 to 86400/],
  ["/v1/launches/{L}/chart?limit=0", "INVALID_QUERY", /limit must be an integer from 1 to 1000/],
  ["/v1/launches/{L}/chart?limit=1001", "INVALID_QUERY", /limit must be an integer from 1 to 1000/],
  ["/v1/launches/{L}/chart?bucket=60s", "INVALID_QUERY", /bucket/],
  ["/v1/launches/NOSUCHTKR/chart", "NOT_FOUND", /no launch/],
  // The specification's address is its pattern: one that decodes to other than 32 bytes names nothing.
  [`/v1/launches/${"z".repeat(44)}`, "NOT_FOUND", /no launch/],
  [`/v1/launches/${"2".repeat(42)}/trades`, "NOT_FOUND", /no launch/],
  [`/v1/collectibles/${"z".repeat(44)}`, "NOT_FOUND", /no collectible/],
  [`/v1/collectibles/${"z".repeat(45)}`, "INVALID_PATH", /id must be a base58 address \(32 to 44 characters/],
  ["/v1/search?q=" + "q".repeat(101), "INVALID_QUERY", /q must be a string of 0 to 100 characters/],
  ["/v1/search?q=a&kind=x", "INVALID_QUERY", /kind/],
  // A parameter given twice is told so, not told a rule each copy keeps.
  ["/v1/launches?limit=1&limit=2", "INVALID_QUERY", /query parameter limit must be given once, not 2 times/],
  ["/v1/search?q=a&q=b&q=c", "INVALID_QUERY", /query parameter q must be given once, not 3 times/],
  ["/v1/wallets/notawallet/balances", "INVALID_PATH", /path parameter wallet must be a base58 address/],
  ["/v1/wallets/0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl/balances", "INVALID_PATH", /wallet/],
  [
    "/v1/wallets/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz0/balances",
    "INVALID_PATH",
    /wallet must be a base58 address \(32 to 44 characters/,
  ],
  ["/v1/wallets/short/created", "INVALID_PATH", /wallet/],
  ["/v1/media/nope.svg", "NOT_FOUND", /no media file matches "nope.svg"/],
  ["/v1/media/..%2F..%2Fpackage.json", "NOT_FOUND", /media file/],
  ["/v1/media/%2e%2e%2fetc%2fpasswd", "NOT_FOUND", /media file/],
  ["/v1/media/..", "ROUTE_NOT_FOUND"],
  ["/v1/media/../../package.json", "ROUTE_NOT_FOUND"],
  ["/v1/media/token-USDC.svg%00.png", "NOT_FOUND", /media file/],
  ["/v1/media/token-USDC.svg%2F", "NOT_FOUND", /media file/],
  ["/v1/media/%5C..%5Cpackage.json", "NOT_FOUND", /media file/],
  ["/v1/media/", "NOT_FOUND", /media file matches ""/],
  ["/v1/media/%", "BAD_REQUEST", /URL/],
  // A broken query is refused as a broken path is, not decoded leniently into other text.
  ["/v1/search?q=%E0%A4%A", "BAD_REQUEST", /the URL is not valid percent-encoded text/],
  ["/v1/launches?cat=%zz&tab=new", "BAD_REQUEST", /percent-encoded/],
  ["/v1/nope", "ROUTE_NOT_FOUND", /no route answers GET "\/v1\/nope"/],
  ["/v2/launches", "ROUTE_NOT_FOUND"],
  // A path that exists under other methods: 405, naming them (the Allow header lists them too).
  ["/v1/launches", "METHOD_NOT_ALLOWED", /"\/v1\/launches" answers GET or HEAD, not POST/, "POST", "{}", "application/json"],
  ["/v1/launches", "METHOD_NOT_ALLOWED", /not DELETE/, "DELETE"],
  ["/v1/launches/{L}/trades", "METHOD_NOT_ALLOWED", /answers GET or HEAD, not PUT/, "PUT"],
  ["/v1/launches/{L}/trades/x", "ROUTE_NOT_FOUND", /no route answers GET/],
];

const resolve = (url: string) => url.replace("{L}", launch.address);

describe("bad input", () => {
  it("the table is large enough to mean something", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  // Long URLs (101 ids) are cut in the test's name only.
  const named = CASES.map(([url, code, mentions, method = "GET", body, contentType]) => ({
    name: url.length > 90 ? `${url.slice(0, 87)}…` : url,
    url,
    code,
    mentions,
    method,
    body,
    contentType,
  }));
  it.each(named)("$method $name → $code", async ({ url, code, mentions, method, body, contentType }) => {
    const response = await seeded.app.inject({
      method: method as "GET",
      url: resolve(url),
      ...(body === undefined ? {} : { payload: body }),
      ...(contentType === undefined ? {} : { headers: { "content-type": contentType } }),
    });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const answer = response.json();
    expect(Object.keys(answer).sort()).toEqual(["code", "error"]);
    expect(answer.code).toBe(code);
    expect(response.statusCode).toBe(API_ERROR_CATALOGUE[code as keyof typeof API_ERROR_CATALOGUE].status);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(answer.error).toMatch(/^[a-z].*[^.]$/);
    if (mentions) expect(answer.error).toMatch(mentions);
    // Where the route is documented, the error is a documented answer of it.
    if (code === "METHOD_NOT_ALLOWED") expect(response.headers.allow).toBe("GET, HEAD");
    if (code !== "ROUTE_NOT_FOUND" && code !== "METHOD_NOT_ALLOWED" && code !== "BAD_REQUEST") {
      expect(validator.errorsOf(method, resolve(url), response.statusCode, String(response.headers["content-type"]), answer)).toEqual([]);
    }
  });

  it("ignores unknown query parameters instead of refusing them", async () => {
    const response = await seeded.app.inject("/v1/launches?limit=3&utm_source=x&limit_=abc&Limit=0");
    expect(response.statusCode).toBe(200);
    expect(response.json().launches).toHaveLength(3);
  });

  it("a failure of ours is a 500 that says nothing about itself", async () => {
    // The real app with one extra route that fails the way a defect would: no stand-ins.
    const app = await buildApp({ readModel: seeded.readModel, devnet: seeded.devnet, media: new MediaLibrary() });
    app.get("/v1/defect", async () => {
      throw new Error("secret internal detail");
    });
    // The answer says the failure was logged: with no logger (the default), it goes to stderr.
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const response = await app.inject("/v1/defect");
    write.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: API_ERROR_CATALOGUE.INTERNAL.template, code: "INTERNAL" });
    expect(response.body).not.toMatch(/secret|stack/);
    expect(written.join("")).toMatch(
      /^basket-devnet: unexpected failure answering GET \/v1\/defect: Error: secret internal detail\n {4}at /,
    );
    await app.close();
  });
});
