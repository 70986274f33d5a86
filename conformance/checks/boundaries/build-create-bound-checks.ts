import type { Check } from "../../engine/check.ts";
import { creationComponents, creationMaterial, creationRequest } from "../../model/creation-request.ts";
import { expectRefused } from "../../model/refusal.ts";
import { expectAccepted } from "./boundary-probe.ts";

function fieldCheck(id: string, text: string, accepted: Record<string, unknown>[], refused: Record<string, unknown>[]): Check {
  return {
    id,
    phase: "boundaries",
    rule: { section: "Limits › build-create", text },
    enforces: "specification",
    async run(context) {
      for (const fields of accepted) await expectAccepted(context, creationRequest(context, fields), JSON.stringify(fields).slice(0, 80));
      await expectRefused(
        context,
        refused.map((fields) => ({ request: creationRequest(context, fields), what: JSON.stringify(fields).slice(0, 80) })),
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
export const buildCreateCreator = fieldCheck(
  "boundaries.buildCreate.creator",
  "`creator` is required: a wallet address (a string)",
  [{}],
  [{ creator: undefined }, { creator: "" }, { creator: 42 }, { creator: "not-a-wallet-address" }],
);

export const buildCreateComponents: Check = {
  id: "boundaries.buildCreate.components",
  phase: "boundaries",
  rule: { section: "Limits › build-create", text: "`components` holds 1 to 5 items" },
  enforces: "specification",
  async run(context) {
    const { mints } = creationMaterial(context);
    if (mints.length < 5) context.skip(`the server names ${mints.length} component mints; 5 distinct ones are needed for the upper bound`);
    await expectAccepted(context, creationRequest(context, { components: creationComponents(mints, 1) }), "1 component");
    await expectAccepted(context, creationRequest(context, { components: creationComponents(mints, 5) }), "5 components");
    const six = [...creationComponents(mints, 5), { mint: mints[5 % mints.length], targetBps: 1 }];
    await expectRefused(context, [
      { request: creationRequest(context, { components: [] }), what: "0 components" },
      { request: creationRequest(context, { components: six }), what: "6 components" },
    ]);
  },
};

export const BUILD_CREATE_BOUND_CHECKS: readonly Check[] = [
  buildCreateSymbol,
  buildCreateName,
  buildCreateDescription,
  buildCreateSocials,
  buildCreateCreator,
  buildCreateComponents,
];
