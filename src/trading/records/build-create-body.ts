import { type Static, Type } from "@sinclair/typebox";
import { MAX_FEE_BPS, defaultCurveParameters } from "../../economics/index.ts";
import { Address, wireString } from "../../wire/wire-fields.ts";

/** A whole DNA is worth one SOL unless the creator says otherwise. */
export const DEFAULT_DNA_UNIT_SOL = 1e-9;
/**
 * The recipe stores the DNA's value as lamports per 10⁹ DNA units in a u64
 * (`dnaUnitLamportsE9` = dnaUnitSol × 10¹⁸), so dnaUnitSol must stay under
 * U64_MAX / 10¹⁸ ≈ 18.45: 18 is the largest whole value that fits.
 */
export const MAX_DNA_UNIT_SOL = 18;
export const DEFAULT_SUPPLY = 1_000_000_000;
/**
 * Whole tokens, 6 decimals: the curve's virtual reserve is 107.3% of the supply in base
 * units, which must fit a u64 (10¹³ × 10⁶ × 1.073 ≈ 1.07 × 10¹⁹ < 1.84 × 10¹⁹).
 */
export const MAX_SUPPLY = 10_000_000_000_000;
/**
 * A billion SOL, more than exists. The curve's virtual DNA reserve grows with
 * curveTargetSol / dnaUnitSol and must fit a u64: with the default dnaUnitSol every target
 * up to this bound fits; a tiny dnaUnitSol with a large target is refused by name.
 */
export const MAX_CURVE_TARGET_SOL = 1_000_000_000;

const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description, default: null }));

/** The body of `POST /v1/launches/build-create`; absent fields take the defaults written here. */
export const BuildCreateBodySchema = Type.Object({
  symbol: wireString("symbol", { description: "2 to 10 characters of A-Z and 0-9." }),
  name: Type.String({
    minLength: 1,
    maxLength: 64,
    description: "1 to 64 characters. The chain keeps the first 64 bytes in UTF-8; records show the whole name.",
  }),
  description: Type.Optional(Type.String({ maxLength: 500, default: "", description: "At most 500 characters; default empty." })),
  imageUri: optionalText(500, "Default: a generated image."),
  website: optionalText(256, "At most 256 characters."),
  x: optionalText(256, "At most 256 characters."),
  telegram: optionalText(256, "At most 256 characters."),
  components: Type.Array(
    Type.Object({
      mint: Address("A component mint (GET /v1/assets)."),
      targetBps: Type.Integer({ minimum: 1, maximum: 10_000, description: "Target weight; weights sum to 10000." }),
    }),
    { minItems: 1, maxItems: 5, description: "1 to 5 components." },
  ),
  dnaUnitSol: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: MAX_DNA_UNIT_SOL,
      default: DEFAULT_DNA_UNIT_SOL,
      description: `SOL per DNA unit; default 1e-9 (a DNA is worth a SOL); at most ${MAX_DNA_UNIT_SOL} (the recipe keeps it ×10¹⁸ in a u64).`,
    }),
  ),
  creator: Address("The creator's wallet: it signs and pays."),
  supply: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_SUPPLY,
      default: DEFAULT_SUPPLY,
      description: "Whole launch tokens (6 decimals); default 1,000,000,000; at most 10^13 (base units are u64).",
    }),
  ),
  curveTargetSol: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: MAX_CURVE_TARGET_SOL,
      description: "SOL the curve raises by graduation; default about 85; at most a billion.",
    }),
  ),
  feeBps: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_FEE_BPS,
      default: defaultCurveParameters.feeBps,
      description: `Default ${defaultCurveParameters.feeBps}; 0 to ${MAX_FEE_BPS}.`,
    }),
  ),
  creatorFeeShareBps: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10_000,
      default: defaultCurveParameters.creatorFeeShareBps,
      description: `The creator's share of the fees; default ${defaultCurveParameters.creatorFeeShareBps}; 0 to 10000.`,
    }),
  ),
});

export type BuildCreateBody = Static<typeof BuildCreateBodySchema>;
