import type { Check, CheckContext } from "../../engine/check.ts";
import { expectRefused } from "../../model/refusal.ts";
import { expectAccepted } from "./boundary-probe.ts";

/** What a valid creation body needs from the server: component mints and a creator wallet. */
function material(context: CheckContext): { mints: readonly string[]; creator: string } {
  const mints = context.samples.componentMints;
  if (mints.length === 0) context.skip("the server names no component mint (GET /v1/assets), so no valid creation body can be written");
  const creator = context.samples.creators[0] ?? context.noSample("launch creator to name as `creator`");
  return { mints, creator };
}

/** Weights of `count` components summing to 10000. */
function components(mints: readonly string[], count: number): { mint: string; targetBps: number }[] {
  return Array.from({ length: count }, (_, index) => ({
    mint: mints[index % mints.length] as string,
    targetBps: Math.floor(10_000 / count) + (index === 0 ? 10_000 % count : 0),
  }));
}

function body(context: CheckContext, fields: Record<string, unknown>) {
  const { mints, creator } = material(context);
  return {
    method: "POST",
    path: "/v1/launches/build-create",
    json: { symbol: "BOUND", name: "Boundary", components: components(mints, 1), creator, ...fields },
  };
}

function fieldCheck(id: string, text: string, accepted: Record<string, unknown>[], refused: Record<string, unknown>[]): Check {
  return {
    id,
    phase: "boundaries",
    rule: { section: "Limits › build-create", text },
    enforces: "specification",
    async run(context) {
      for (const fields of accepted) await expectAccepted(context, body(context, fields), JSON.stringify(fields).slice(0, 80));
      await expectRefused(
        context,
        refused.map((fields) => ({ request: body(context, fields), what: JSON.stringify(fields).slice(0, 80) })),
      );
    },
  };
}

export const buildCreateSymbol = fieldCheck(
  "boundaries.buildCreate.symbol",
  "`symbol` is 2 to 10 characters of A-Z and 0-9",
  [{ symbol: "AB" }, { symbol: "ABCDE12345" }],
  [{ symbol: "A" }, { symbol: "ABCDE123456" }, { symbol: "ab" }, { symbol: "AB-C" }],
);
export const buildCreateName = fieldCheck(
  "boundaries.buildCreate.name",
  // ASCII at the bound: whether a multi-byte character counts once or by its bytes is not said (we count characters).
  "`name` is 1 to 64 characters",
  [{ name: "N" }, { name: "N".repeat(64) }],
  [{ name: "" }, { name: "N".repeat(65) }, { name: "é".repeat(65) }],
);
export const buildCreateDescription = fieldCheck(
  "boundaries.buildCreate.description",
  "`description` is at most 500 characters",
  [{ description: "" }, { description: "d".repeat(500) }],
  [{ description: "d".repeat(501) }],
);
export const buildCreateSocials = fieldCheck(
  "boundaries.buildCreate.socials",
  "`website`, `x` and `telegram` are at most 256 characters (or null)",
  [
    { website: "w".repeat(256), x: "x".repeat(256), telegram: "t".repeat(256) },
    { website: null, x: null, telegram: null },
  ],
  [{ website: "w".repeat(257) }, { x: "x".repeat(257) }, { telegram: "t".repeat(257) }],
);

export const buildCreateComponents: Check = {
  id: "boundaries.buildCreate.components",
  phase: "boundaries",
  rule: { section: "Limits › build-create", text: "`components` holds 1 to 5 items" },
  enforces: "specification",
  async run(context) {
    const { mints } = material(context);
    if (mints.length < 5) context.skip(`the server names ${mints.length} component mints; 5 distinct ones are needed for the upper bound`);
    await expectAccepted(context, body(context, { components: components(mints, 1) }), "1 component");
    await expectAccepted(context, body(context, { components: components(mints, 5) }), "5 components");
    const six = [...components(mints, 5), { mint: mints[5 % mints.length], targetBps: 1 }];
    await expectRefused(context, [
      { request: body(context, { components: [] }), what: "0 components" },
      { request: body(context, { components: six }), what: "6 components" },
    ]);
  },
};

export const BUILD_CREATE_BOUND_CHECKS: readonly Check[] = [
  buildCreateSymbol,
  buildCreateName,
  buildCreateDescription,
  buildCreateSocials,
  buildCreateComponents,
];
