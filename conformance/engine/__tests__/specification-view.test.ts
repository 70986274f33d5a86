import { readFileSync } from "node:fs";
import type { oas31 } from "openapi3-ts";
import { describe, expect, it } from "vitest";
import { documentValidators } from "../document-validator.ts";

const document = JSON.parse(readFileSync(new URL("../../../openapi/openapi.json", import.meta.url), "utf8")) as oas31.OpenAPIObject;
const { exact, relaxed } = documentValidators(document);

/** The launch record our document gives as the route's example: a whole answer of ours. */
const exampleRow = (): Record<string, unknown> =>
  structuredClone(
    (
      document.paths!["/v1/launches/{id}"]!.get!.responses!["200"] as {
        content: { "application/json": { example: Record<string, unknown> } };
      }
    ).content["application/json"].example,
  );

describe("the specification's view of our document", () => {
  it("passes what the specification allows and our document does not: our extra fields left out, another value where it says 'used', a build without plan", () => {
    const row = exampleRow();
    delete (row as Record<string, unknown>).pairBlock;
    row.supplyBasis = "circulating";
    // Our choices, gone: each fails the whole document, none the specification's view.
    const trimmed = { ...row, pairBlock: "open" };
    expect(exact.validateResponse("GET", "/v1/launches/{id}", 200, trimmed).error).not.toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, trimmed).error).toBeNull();
    const build = { transaction: "AQID", lastValidBlockHeight: 10 };
    expect(exact.validateResponse("POST", "/v1/trades/build", 200, build).error).not.toBeNull();
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, build).error).toBeNull();
    // The status route's other fields, and values the specification does not list, are the server's.
    expect(relaxed.validateResponse("GET", "/v1/transactions/{signature}", 200, { status: "landed" }).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/assets", 200, { assets: [] }).error).toBeNull();
  });

  it("takes any decimal for a 'decimal string' and any text for a plain string our document gives as an address", () => {
    const example = (path: string) =>
      structuredClone(
        (document.paths![path]!.get!.responses!["200"] as { content: { "application/json": { example: Record<string, any> } } }).content[
          "application/json"
        ].example,
      );
    const card = example("/v1/collectibles/{id}/vault/{asset}");
    card.values.insured.usd = "1500";
    card.asset = "vault-item-17";
    expect(exact.validateResponse("GET", "/v1/collectibles/{id}/vault/{asset}", 200, card).error).not.toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/collectibles/{id}/vault/{asset}", 200, card).error).toBeNull();
    const vault = example("/v1/collectibles/{id}/vault");
    vault.totals.insuredUsd = "1500.5";
    expect(relaxed.validateResponse("GET", "/v1/collectibles/{id}/vault", 200, vault).error).toBeNull();
    // A decimal it still is: text that is no number fails.
    vault.totals.insuredUsd = "about 1500";
    expect(relaxed.validateResponse("GET", "/v1/collectibles/{id}/vault", 200, vault).error).toMatch(/insuredUsd/);
  });

  it("leaves our ranges to us and keeps the one the specification states: progressBps 0 to 10000", () => {
    const build = {
      transaction: "AQID",
      lastValidBlockHeight: 10,
      plan: [{ step: 0, label: "settle", transaction: "AQID", kind: "trade", settles: true }],
    };
    expect(exact.validateResponse("POST", "/v1/trades/build", 200, build).error).toMatch(/step/);
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, build).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), progressBps: 10_001 }).error).toMatch(
      /progressBps/,
    );
  });

  it("still fails what the specification states: a listed field missing, a type, a value outside a list it gives in full", () => {
    const row = exampleRow();
    delete row.holders;
    // A list row lacking a listed field fails; the single launch record may differ from a row ("not shown").
    expect(relaxed.validateResponse("GET", "/v1/launches", 200, { launches: [row] }).error).toMatch(/holders/);
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, row).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), priceE12: 12 }).error).toMatch(/priceE12/);
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), status: "paused" }).error).toMatch(/status/);
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, { lastValidBlockHeight: 10 }).error).toMatch(/transaction/);
    const chart = { dnaUnitSol: null, solUsd: 150, candles: [] };
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}/chart", 200, { ...chart, openRule: "previousClose" }).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}/chart", 200, { ...chart, openRule: "firstTrade" }).error).toMatch(/openRule/);
  });

  it("fails what the specification states inside a field: a socials key, a plan step's label, an ISO field that is no date, a unix field in milliseconds", () => {
    const list = (row: Record<string, unknown>) => {
      const { error } = relaxed.validateResponse("GET", "/v1/launches", 200, { launches: [row] });
      return error === null ? null : JSON.stringify(error);
    };
    expect(list(exampleRow())).toBeNull();
    const row = exampleRow();
    delete (row.socials as Record<string, unknown>).x;
    expect(list(row)).toMatch(/socials/);
    expect(list({ ...exampleRow(), createdAt: "yesterday" })).toMatch(/createdAt/);
    // Other ISO 8601 forms than ours are ISO still.
    expect(list({ ...exampleRow(), createdAt: "2026-01-01T00:00:00+01:00" })).toBeNull();
    expect(list({ ...exampleRow(), createdAt: "2026-01-01" })).toBeNull();
    expect(list({ ...exampleRow(), lastTradeAt: Date.now() })).toMatch(/lastTradeAt/);
    const step = { step: 0, transaction: "AQID", kind: "trade", settles: true };
    const build = { transaction: "AQID", lastValidBlockHeight: 10 };
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, { ...build, plan: [step] }).error).toMatch(/label/);
    expect(relaxed.validateResponse("POST", "/v1/trades/build", 200, { ...build, plan: [{ ...step, label: "Buy" }] }).error).toBeNull();
  });

  it("judges a field that may be null by its type when it is not: a union's null branch is no wildcard", () => {
    // "number or null": a string is neither (the view once turned the null branch into a schema accepting anything).
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), liquidityUsd: "12.5" }).error).toMatch(
      /liquidityUsd/,
    );
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), liquidityUsd: null }).error).toBeNull();
    // What the specification leaves "not shown" stays the server's: another shape of migration passes.
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), migration: { phase: "two" } }).error).toBeNull();
    expect(relaxed.validateResponse("GET", "/v1/launches/{id}", 200, { ...exampleRow(), migration: "two" }).error).toMatch(/migration/);
  });

  it("judges the quote's route by the types the specification gives it, and not its legs' and venues' items", () => {
    const mint = "So11111111111111111111111111111111111111112";
    const route = {
      fullyCovered: false,
      solIn: "1000",
      legs: [],
      venues: [],
      needsAccountSetup: true,
      transactions: 2,
      note: "swap first",
    };
    const quote = {
      quote: {
        ...{ quoteId: "q_1", launch: mint, direction: "buy", amountIn: "5", componentTargets: [], componentFees: [] },
        ...{ componentFunding: [], fullyCovered: false, dnaUnitsNet: "5", expectedOut: "5", minOut: "4", priceImpactBps: 3 },
        ...{ feeBps: 100, expiresAt: 1_767_225_630, clamped: false, budgetSolIn: "1000", route: route as Record<string, unknown> },
      },
    };
    expect(relaxed.validateResponse("POST", "/v1/trades/quote", 200, quote).error).toBeNull();
    quote.quote.route.legs = [{ anything: true }];
    expect(relaxed.validateResponse("POST", "/v1/trades/quote", 200, quote).error).toBeNull();
    quote.quote.route.transactions = "2";
    expect(relaxed.validateResponse("POST", "/v1/trades/quote", 200, quote).error).toMatch(/route\/transactions must be integer/);
  });
});
