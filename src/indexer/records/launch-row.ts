import { type Static, Type } from "@sinclair/typebox";
import { ComponentSchema } from "./component.ts";
import { CurveDepthSchema, MigrationSchema, PairFiguresSchema, RecipeTargetSchema, SocialsSchema } from "./launch-row-parts.ts";
import { Address, Amount, Bool, Bps, Int, Iso, LaunchKindField, LaunchStatusField, Num, Text, Unix } from "./record-fields.ts";

const NullableNum = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const Usd = (what: string) => Num(`${what}, in USD (SOL value × solUsd); 0 when unpriced.`);

/**
 * A launch as the list, search, almost-paired and trending routes return it (and
 * `GET /v1/launches/{id}`). Every field of the specification's Launch row; where the
 * specification is silent, the description says what the simulator decided.
 */
export const LaunchRowSchema = Type.Object(
  {
    address: Address("The launch address (the launch program's record)."),
    primaryMint: Address("Mint of the launch token."),
    creator: Address("The creator's wallet."),
    symbol: Text("Ticker of the launch token; not unique across launches."),
    name: Text("Name of the launch token."),
    description: Text("Off-chain description; empty when none was given."),
    imageUri: Text(
      "Image URL: the off-chain image, else the on-chain uri, else a generated `/v1/media/launch-<TICKER>-<key>.svg` on this service (key: 6 hex digits of sha256 of the launch address).",
    ),
    status: LaunchStatusField("Lifecycle: activeBonding → graduationPending (curve sold out) → migrating (crank started) → graduated."),
    socials: SocialsSchema,
    category: Text("Off-chain category; without one, the category of the recipe's heaviest component."),
    components: Type.Array(ComponentSchema, { minItems: 1, maxItems: 5, description: "The recipe, in order (1 to 5)." }),
    primaryDecimals: Int("Decimals of the launch token.", { minimum: 0, maximum: 255 }),
    totalSupply: Amount("Launch-token base units minted at creation (curve inventory + migration inventory)."),
    curveInventoryInitial: Amount("Launch-token base units put on the curve at creation."),
    curveInventoryRemaining: Amount("Launch-token base units still for sale on the curve."),
    migrationInventory: Amount("Launch-token base units kept back at creation for the pair pools."),
    feeBps: Int("Trading fee of the curve (and of the pair pools), in basis points.", { minimum: 0, maximum: 10_000 }),
    creatorFeeShareBps: Bps("The creator's share of every fee."),
    virtualPrimaryReserve: Amount("The curve's virtual launch-token reserve (after the last trade)."),
    virtualDnaReserve: Amount("The curve's virtual DNA-unit reserve (after the last trade)."),
    graduationBoundary: Amount(
      "DNA units the curve raises by completion: the cost (fee excluded) of buying the whole curve inventory at once from the initial reserves. Rounding on many small buys can raise slightly more.",
    ),
    progressBps: Bps("Share of the curve inventory sold, rounded down; 10000 once the curve completed."),
    priceE12: Amount(
      "Spot price in DNA units per whole launch token × 10^12. On the curve: virtualDna·10^decimals·10^12/virtualPrimary. Once graduated: the pair pools' component reserves, each converted to DNA units at its recipe quantity and target weight, over the launch tokens they hold.",
    ),
    volume24h: Amount(
      "Launch-token base units traded (on the curve, or past it on the pair pools) in the last 24 hours (trades with `at` > now − 86400 s).",
    ),
    volume24hUnit: Type.Literal("primaryBaseUnits", { description: "The unit of `volume24h`: launch-token base units." }),
    priceUsd: Usd("Price of one whole launch token: priceSol × solUsd"),
    fdv: Usd("Fully diluted value: priceUsd × totalSupply / 10^decimals"),
    marketCap: Usd("Market cap on the `supplyBasis` (total supply), equal to `fdv`"),
    supplyBasis: Type.Literal("totalSupply", { description: "The supply `marketCap` is computed on." }),
    circulatingSupply: Amount(
      "Launch-token base units outside the launch's own vaults: total supply − curveInventoryRemaining − lockedReserve (tokens in pair pools count as circulating).",
    ),
    circulatingMarketCapUsd: Usd("priceUsd × circulatingSupply / 10^decimals"),
    supplyModel: Type.Literal(0, { description: "0 on launch rows (a fixed supply minted at creation)." }),
    lockedReserve: Amount("The migration inventory still held in the migration vault (0 once every pair pool got its share)."),
    volume24hUsd: Usd("Value of the last 24 hours' trades (each trade's DNA units at the price sampled when it landed)"),
    buyVolume24hUsd: Usd("`volume24hUsd` of the buys"),
    sellVolume24hUsd: Usd("`volume24hUsd` of the sells"),
    liquidityUsd: NullableNum(
      "On the curve: the USD value of its real DNA reserve. Past the curve: twice the component value in the pair pools (both sides of a constant-product pool). A collectible whose raise was released to buy its card (stage swapping to pooling) has 0 until its pool opens. Null when unpriced.",
    ),
    liquidityAt: Type.Union([Unix("When the prices behind `liquidityUsd` were sampled."), Type.Null()], {
      description: "When the prices behind `liquidityUsd` were sampled; null when `liquidityUsd` is null.",
    }),
    curveDepth: CurveDepthSchema,
    creatorFeesUsd: Usd("Every fee the creator earned (curve and pools), at the current sampled prices"),
    creatorCurveEarningsUsd: Usd("The creator's share of curve fees, at the current sampled prices"),
    creatorPoolEarningsUsd: NullableNum(
      "The creator's share of pair-pool fees: null while no pair pool exists, then 0 (the simulator's pools pay no creator share).",
    ),
    curveFeesComplete: Bool("True once the curve completed: no further curve fee accrues."),
    solUsd: Num("USD per SOL used for every USD figure (a world setting)."),
    trades24: Int("Trades (curve or pair pools) in the last 24 hours.", { minimum: 0 }),
    buys24: Int("Buys among `trades24`.", { minimum: 0 }),
    sells24: Int("Sells among `trades24`.", { minimum: 0 }),
    lastTradeAt: Unix("Unix time of the last trade; the creation time when there was none."),
    change24Bps: Int("(price now − baseline) / baseline in basis points, rounded toward zero; 0 without a trade in the window."),
    change24Baseline: Type.Literal("firstTradeInWindow", {
      description: "The baseline of `change24Bps`: the spot price just after the first trade of the last 24 hours.",
    }),
    change24BaselineAt: Unix("Unix time of that first trade; now when no trade is in the window."),
    priceAt24hAgoUsd: NullableNum(
      "The spot price 24 hours ago (after the last trade at or before then), valued at the current sampled prices; null for a launch younger than 24 hours or when unpriced.",
    ),
    ageSeconds: Int("Seconds since creation (virtual time).", { minimum: 0 }),
    holders: Int("Wallets whose net launch-token position from the tape's trades (curve and pair pools) is positive.", { minimum: 0 }),
    netBuyerCount: Int("Wallets that have paid more DNA units into the curve than they took out.", { minimum: 0 }),
    createdAt: Iso("Creation time (the Clock sysvar of the create transaction)."),
    activatedAt: Iso("When trading opened: the creation time (a launch trades from its create transaction)."),
    migration: Type.Union([MigrationSchema, Type.Null()], {
      description: "The migration: null on the curve and while graduationPending; present from the first migration step.",
    }),
    dnaUnitSol: NullableNum(
      "Realised SOL per DNA unit: Σ quantity × venue price at the last sample, floored to lamports per 10^9 DNA units, / 10^18; null when a component is unpriced.",
    ),
    priceSol: Num("SOL per whole launch token: priceE12 / 10^12 × dnaUnitSol; 0 when unpriced."),
    recipeTarget: RecipeTargetSchema,
    kind: LaunchKindField("What the launch raises for: `pairs` (basket) or `collectibles` (a graded card)."),
    pairable: Bool("True once graduated: every pair pool exists."),
    pairBlock: Type.Union([Type.Literal("onCurve"), Type.Literal("migrating"), Type.Literal("none")], {
      description:
        "What keeps the launch from pairing: `onCurve` (activeBonding), `migrating` (graduationPending or migrating), `none` (graduated).",
    }),
    pairFigures: Type.Union([PairFiguresSchema, Type.Null()], {
      description: "Pair pool reserves: null on the curve and while graduationPending; present from the first migration step.",
    }),
  },
  { $id: "LaunchRow", additionalProperties: false, description: "A launch as the list routes return it." },
);

export type LaunchRow = Static<typeof LaunchRowSchema>;
