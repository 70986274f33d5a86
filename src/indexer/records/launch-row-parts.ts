import { Type } from "@sinclair/typebox";
import { Address, Amount, Bps, Int, Iso, Num } from "./record-fields.ts";

/** The nested objects of a launch row, each a shape the specification did not show. */

const Link = (what: string) => Type.Union([Type.String(), Type.Null()], { description: `${what}, or null when not given.` });

export const SocialsSchema = Type.Object(
  { website: Link("Website URL"), x: Link("X (Twitter) handle or URL"), telegram: Link("Telegram handle or URL") },
  { additionalProperties: false, description: "Off-chain links the creator gave at creation." },
);

export const CurveDepthSchema = Type.Object(
  {
    quoteCommittedUsd: Num("USD value of the DNA units the curve holds (its real DNA reserve) at the sampled prices; 0 when unpriced."),
    inventoryRemainingUsd: Num(
      "USD cost (fee excluded) of buying the whole remaining curve inventory at once from the current reserves; 0 when unpriced or sold out.",
    ),
  },
  { additionalProperties: false, description: "How deep the curve is, in USD." },
);

const PoolRef = Type.Object(
  { mint: Address("The component mint of the pair pool."), pool: Address("The pair pool (launch token ↔ component).") },
  { additionalProperties: false },
);

export const MigrationSchema = Type.Object(
  {
    startedAt: Iso("When the first migration step landed (status became `migrating`)."),
    finalizedAt: Type.Union([Iso("When the last pair pool was created (status became `graduated`)."), Type.Null()], {
      description: "When the last pair pool was created (status became `graduated`); null while migrating.",
    }),
    poolCreatedBits: Int("Bit i set: the pair pool of recipe component i exists.", { minimum: 0, maximum: 31 }),
    pools: Type.Array(PoolRef, { description: "The pair pools created so far, in recipe order." }),
  },
  {
    additionalProperties: false,
    description: "The migration from the curve into pair pools; null while the crank has not started (on the curve or graduationPending).",
  },
);

const PairPoolFigures = Type.Object(
  {
    mint: Address("The component mint of the pair pool."),
    pool: Address("The pair pool."),
    primaryReserve: Amount("Launch-token base units in the pool (vault A)."),
    componentReserve: Amount("Component base units in the pool (vault B)."),
  },
  { additionalProperties: false },
);

export const PairFiguresSchema = Type.Object(
  { pools: Type.Array(PairPoolFigures, { description: "Every pair pool created so far, with its live reserves, in recipe order." }) },
  { additionalProperties: false, description: "Reserves of the launch's pair pools; null while the migration has not started." },
);

const RecipeTargetComponent = Type.Object(
  {
    mint: Address("The component mint."),
    priceSol: Num("SOL per whole component token at the last sampled venue price; 0 when unpriced."),
    quantity: Amount("Component base units per 10^9 DNA units."),
    targetBps: Bps("The weight the creator asked for."),
    realisedBps: Bps("The component's realised share of one DNA's value at the sampled prices; `targetBps` when unpriced."),
  },
  { additionalProperties: false },
);

export const RecipeTargetSchema = Type.Object(
  {
    pricedAt: Iso("When the prices used here were sampled (the price book's sample time)."),
    components: Type.Array(RecipeTargetComponent, { description: "The recipe, in order." }),
    dnaUnitSol: Num("Realised SOL per DNA unit at the sampled prices (as the row's `dnaUnitSol`); 0 when unpriced."),
    requestedDnaUnitSol: Num("SOL per DNA unit the creator asked for at creation (the recipe was sized for it)."),
  },
  { additionalProperties: false, description: "The recipe against the creator's request, at the sampled prices." },
);
