import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { interpolate } from "../interpolate.ts";
import { parseScenario } from "../load-scenario.ts";
import { matchPattern, mismatchDiff } from "../match-pattern.ts";
import { SCENARIO_SCHEMA_FILE, scenarioSchemaText } from "../scenario-schema-json.ts";
import { scenarioIndexMarkdown } from "../scenario-index.ts";
import { PathError, readPath } from "../value-path.ts";

describe("scenario.schema.json", () => {
  it("is the generated text of the TypeBox schema (run npx tsx scenarios/runner/generate-schema.ts when this fails)", () => {
    expect(readFileSync(SCENARIO_SCHEMA_FILE, "utf8")).toBe(scenarioSchemaText());
  });
});

describe("parseScenario", () => {
  const head = "name: s\ndescription: d\nseed: 1\n";
  it("reads a valid scenario", () => {
    const loaded = parseScenario(`${head}steps:\n  - advance: { seconds: 31 }\n  - expect: { that: 1, is: 1 }\n`);
    expect(loaded.ok).toBe(true);
  });
  it("names the step and the field a mistake is in", () => {
    const loaded = parseScenario(`${head}steps:\n  - advance: { seconds: 1 }\n  - quote: { launch: x, direction: up, amountIn: "1" }\n`);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error).toMatch(/step 2 \(quote\): \/direction/);
    // A field the step does not have is named; a mistake in its expect is said as such, not as an unknown step.
    const extra = parseScenario(`${head}steps:\n  - request: { method: POST, path: /v1/trades/quote, body: {} }\n`);
    expect(extra.ok || extra.error).toMatch(/step 1 \(request\): request must NOT have additional properties \("body"\)/);
    const expectation = parseScenario(`${head}steps:\n  - read: { path: /v1/launches }\n    expect: { error: { matches: x } }\n`);
    expect(expectation.ok || expectation.error).toMatch(/step 1 \(read\): expect\/error must be string/);
    // Judged against its own kind only: the expect step's refusals (no `status` there) do not leak in, and every bad step is named.
    const types = parseScenario(
      `${head}steps:\n  - read: { path: /v1/x }\n    expect: { status: 404, code: { matches: NOT_FOUND } }\n  - advance: { slots: 0 }\n`,
    );
    expect(types.ok || types.error).toBe(
      "<text>: step 1 (read): expect/code must be string\n<text>: step 2 (advance): /slots must be >= 1 (or a ${…} reference)",
    );
  });
  it("refuses an unknown step kind and text that is not YAML", () => {
    const unknown = parseScenario(`${head}steps:\n  - teleport: {}\n`);
    expect(unknown.ok || unknown.error).toMatch(/step 1 \(teleport\): is not a known step/);
    const misspelt = parseScenario(`${head}steps:\n  - read: { path: /v1/launches }\n    expcet: { status: 200 }\n`);
    expect(misspelt.ok || misspelt.error).toMatch(/step 1 \(read\): "expcet" is no step kind, nor as, expect or note/);
    const broken = parseScenario("name: [");
    expect(broken.ok || broken.error).toMatch(/is not YAML/);
  });
  it("names when it loads a mistake the schema cannot see, instead of failing the run as if the server were wrong", () => {
    const refused = (steps: string, wallets = "") => {
      const loaded = parseScenario(`${head}${wallets}steps:\n${steps}`);
      return loaded.ok ? "loaded" : loaded.error;
    };
    expect(refused(`  - read: { path: /v1/launches }\n    expect: { body: { launches: { matches: "([unclosed" } } }\n`)).toMatch(
      /^<text>: step 1 \(read\): expect\.body\.launches\.matches is no regular expression \(Invalid regular expression/,
    );
    expect(refused(`  - read: { path: /v1/x }\n    expect: { error: "matches (" }\n`)).toMatch(
      /^<text>: step 1 \(read\): expect\.error is no regular expression/,
    );
    expect(refused(`  - read: { path: /v1/x }\n    expect: { body: { n: { matches: 5 } } }\n`)).toBe("loaded");
    expect(refused(`  - fault: { transaction: drop, stream: close }\n`)).toBe(
      "<text>: step 1 (fault): give exactly one of transaction and stream (a step arms one fault)",
    );
    expect(refused(`  - read: { path: v1/launches }\n`)).toBe(
      '<text>: step 1 (read): path "v1/launches" must start with / (a path under the base URL)',
    );
    expect(refused(`  - balances: { wallet: bob }\n`, "wallets:\n  alice: {}\n")).toBe(
      '<text>: step 1 (balances): wallet "bob" is not declared under wallets (nor is it an address)',
    );
    // The schema's own refusals, said plainly: the choices a field has, the field a file may not have, two kinds in one step.
    expect(refused(`  - fault: { transaction: explode }\n`)).toBe("<text>: step 1 (fault): /transaction must be one of drop, delay");
    expect(refused(`  - advance: { slots: 1 }\n    read: { path: /x }\n`)).toBe(
      "<text>: step 1 (advance): holds 2 step kinds (advance, read); a step is one of them",
    );
    expect(parseScenario(`bogus: 1\n${head}steps:\n  - advance: { slots: 1 }\n`)).toMatchObject({
      ok: false,
      error: '<text>: the scenario has a field "bogus" it does not take',
    });
    // Declared names, addresses, references and a regex still to be filled in all load.
    expect(
      refused(
        `  - balances: { wallet: alice }\n  - balances: { wallet: \"11111111111111111111111111111111\" }\n  - read: { path: /v1/x, capture: { p: a, re: b } }\n  - read: { path: "\${p}" }\n    expect: { body: { x: { matches: "\${re}" } } }\n`,
        "wallets:\n  alice: {}\n",
      ),
    ).toBe("loaded");
    // A reference reads a variable an earlier step sets: the wallets, the last answer, a step's default name, its `as`, a capture, a build's plan.
    expect(refused(`  - read: { path: "/v1/launches/\${lanch}" }\n`)).toBe(
      '<text>: step 1 (read): ${lanch} reads "lanch", which no earlier step sets (set by then: wallets, last)',
    );
    expect(refused(`  - read: { path: /v1/x }\n    expect: { body: { a: "\${read.a}" } }\n`)).toMatch(
      /^<text>: step 1 \(read\): \$\{read\.a\} reads "read", which no earlier step sets/,
    );
    expect(
      refused(
        `  - quote: { launch: x, direction: buy, amountIn: "1", wallet: alice }\n  - build: { quoteId: "\${quote.quoteId}", wallet: "\${wallets.alice}" }\n    as: b\n  - sign: { wallet: alice, plan: "\${plan}" }\n  - expect: { that: "\${b.transaction}", is: "\${last.body.transaction}" }\n  - submit: { transaction: "\${signed[0].transaction}" }\n`,
        "wallets:\n  alice: {}\n",
      ),
    ).toBe("loaded");
    // Arguments that only make sense together, or one of them.
    expect(refused(`  - land: { slots: 2, seconds: 3 }\n`)).toBe("<text>: step 1 (land): give slots or seconds, not both");
    expect(refused(`  - advance: {}\n`)).toBe("<text>: step 1 (advance): give slots or seconds (land without either moves one slot)");
    expect(refused(`  - price: { mint: m }\n`)).toBe("<text>: step 1 (price): give exactly one of priceSol and factor");
    expect(refused(`  - fault: { transaction: delay }\n`)).toBe(
      "<text>: step 1 (fault): transaction: delay needs slots (how many slots the transaction waits)",
    );
    expect(refused(`  - stream.send: {}\n`)).toBe("<text>: step 1 (stream.send): give exactly one of frame and raw");
    // Every step's mistake, in one go.
    expect(
      refused(`  - read: { path: "/v1/\${nope.x}" }\n  - land: { slots: 1, seconds: 1 }\n  - price: { mint: m, priceSol: 1, factor: 2 }\n`),
    ).toBe(
      [
        '<text>: step 1 (read): ${nope.x} reads "nope", which no earlier step sets (set by then: wallets, last)',
        "<text>: step 2 (land): give slots or seconds, not both",
        "<text>: step 3 (price): give exactly one of priceSol and factor",
      ].join("\n"),
    );
  });
});

describe("variables", () => {
  const variables = { quote: { quoteId: "q_1" }, plan: [{ transaction: "AAA" }, { transaction: "BBB", settles: true }], n: 3 };
  it("reads dotted and indexed paths, negative from the end", () => {
    expect(readPath(variables, "plan[1].transaction")).toBe("BBB");
    expect(readPath(variables, "plan[-1].settles")).toBe(true);
    expect(() => readPath(variables, "plan[2]")).toThrow(PathError);
    expect(() => readPath(variables, "quote.missing")).toThrow(/no field "missing"/);
  });
  it("a whole reference is the value itself; inside text it is spliced", () => {
    expect(interpolate({ a: "${plan}", b: "id ${quote.quoteId}/${n}", c: ["${n}"] }, variables)).toEqual({
      a: variables.plan,
      b: "id q_1/3",
      c: [3],
    });
  });
});

describe("matchPattern", () => {
  it("matches objects partially, arrays element by element, literals strictly", () => {
    expect(matchPattern({ a: 1, b: { c: "x", d: 2 } }, { b: { c: "x" } })).toEqual([]);
    expect(matchPattern([1, 2], [1, 3])).toEqual([{ path: "$[1]", expected: "3", actual: 2 }]);
    expect(matchPattern("1", 1)).toHaveLength(1);
  });
  it("hints at the operator a field taken for a literal was a slip of, when the value is no object", () => {
    expect(matchPattern([1, 2], { lenght: 1 })).toEqual([
      { path: "$", expected: "an object with the field lenght (is it the operator length?)", actual: [1, 2] },
    ]);
    expect(matchPattern([1, 2], { address: 1 })).toEqual([{ path: "$", expected: "an object", actual: [1, 2] }]);
    // Short field names are not taken for slips: `id` is two edits from `eq`, `name` from `ne`.
    expect(matchPattern(null, { name: "X", slot: 1, id: 2 })).toEqual([{ path: "$", expected: "an object", actual: null }]);
  });
  it("compares decimal amounts exactly past 2^53", () => {
    expect(matchPattern("18446744073709551615", { gt: "18446744073709551614" })).toEqual([]);
    expect(matchPattern("9007199254740993", { lte: "9007199254740992" })).toHaveLength(1);
  });
  it("knows matches, exists, oneOf, length and contains, and writes a diff", () => {
    expect(matchPattern({ error: "quote expired" }, { error: { matches: "expired" }, code: { exists: false } })).toEqual([]);
    expect(matchPattern("failed", { oneOf: ["confirmed", "finalized"] })).toHaveLength(1);
    expect(matchPattern([{ settles: true }], { length: 1, contains: { settles: true } })).toEqual([]);
    const diff = mismatchDiff(matchPattern({ status: "pending" }, { status: "expired" }));
    expect(diff).toContain("at $.status");
    expect(diff).toContain('- expected "expired"');
    expect(diff).toContain('+ actual   "pending"');
  });
});

describe("scenarioIndexMarkdown", () => {
  it("lists every library scenario with its situation", () => {
    const index = scenarioIndexMarkdown();
    expect(index).toMatch(/^\| scenario \| tags \| situation \|/);
    expect(index).toContain("[`plan-landed-out-of-order`](scenarios/library/plan-landed-out-of-order.yaml)");
    expect(index.trim().split("\n").length).toBeGreaterThanOrEqual(22);
  });
});
