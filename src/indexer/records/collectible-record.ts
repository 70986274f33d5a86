import { type Static, Type } from "@sinclair/typebox";
import { COLLECTIBLE_STAGES } from "../../programs/collectible-stage.ts";
import { ComponentSchema } from "./component.ts";
import { Address, Amount, Bool, Bps, Int, Iso, LaunchStatusField, Num, Text, Unix } from "./record-fields.ts";
import { CardSourceField, CardStandardField, GradeField, Nullable } from "./vault-card.ts";

/** The named groups of stages the list's `group` filter takes, with their stages. */
export const COLLECTIBLE_GROUPS = {
  raising: ["raising"],
  acquisition: ["funding", "swapping", "acquiring", "pooling"],
  trading: ["tradable"],
} as const satisfies Record<string, readonly (typeof COLLECTIBLE_STAGES)[number][]>;
export type CollectibleGroup = keyof typeof COLLECTIBLE_GROUPS;
export const COLLECTIBLE_GROUP_NAMES = Object.keys(COLLECTIBLE_GROUPS) as CollectibleGroup[];

/** What a collectible's recipe is: wrapped SOL alone (`sol`), one other asset (`oneAsset`), or several (`dna`). */
export const COLLECTIBLE_ROWS = ["sol", "oneAsset", "dna"] as const;
export type CollectibleRow = (typeof COLLECTIBLE_ROWS)[number];

/** The stage sentence every schema describing `stage` shares. */
export const STAGE_DESCRIPTION =
  "Where the collectible is on its way from raising SOL to a tradable token, in this order: `raising` (the curve sells the token for wrapped SOL; status activeBonding) → `funding` (the curve sold out; waiting for the permissionless fund crank; status graduationPending) → `swapping` (the raise left the curve; the card's share waits to be swapped wSOL → USDC on the USDC venue; status migrating) → `acquiring` (the USDC waits to buy the card from its listing) → `pooling` (the card is in custody, the seller paid; the token↔wSOL pool waits to open) → `tradable` (the pool is open; status graduated). Stages only move forward, one crank step at a time; each step is a program event the indexer copies.";

export const CollectibleStageField = (description: string) =>
  Type.Union(
    COLLECTIBLE_STAGES.map((stage) => Type.Literal(stage)),
    { description },
  );

const UsdcAmount = (description: string) => Amount(`${description} USDC base units (6 decimals).`);

export const CollectibleCardSchema = Type.Object(
  {
    nftMint: Address("The card's mint (an SPL mint of supply 1 and 0 decimals), as the listing named it."),
    vault: Address('The token account that holds the card once acquired: the launch\'s custody PDA ["custody", launch].'),
    standard: CardStandardField("The card standard the listing named."),
    category: Nullable(Text("The card's category."), "The card's category from the card catalogue; null when the mint is not in it."),
    targetLamports: Amount("Lamports the raise aims at: the card's share (`curve.cardLamports`) plus the pool's (`curve.poolLamports`)."),
    listedPriceUsdc: UsdcAmount("The card's listed price,"),
    acquireBps: Bps("The card's share of the target: cardLamports·10^4 / targetLamports, rounded down."),
    bufferBps: Nullable(
      Int("Buffer in basis points.", { minimum: -10_000, maximum: 1_000_000 }),
      "How far the card's share of the target was worth more than the listed price when the listing landed, in basis points of the listed price ((cardLamports at the USDC venue's live price − listedPriceUsdc)·10^4 / listedPriceUsdc, rounded toward zero); null when the USDC venue was unpriced then.",
    ),
    substituteBandBps: Bps("0: this simulator never substitutes another card for the listed one, so there is no band."),
    ratingId: Nullable(Text("The card's rating id."), "The card's rating id in the card catalogue; null when the mint is not in it."),
    grade: Nullable(GradeField("The numeric grade."), "The card's numeric grade; null when the mint is not in the catalogue."),
    grader: Nullable(Text("The grading company."), "The grading company; null when the mint is not in the catalogue."),
    itemName: Nullable(Text("What the card is."), "What the card is; null when the mint is not in the catalogue."),
    bandWidened: Bool("Always false: no substitution band exists (see `substituteBandBps`)."),
  },
  {
    additionalProperties: false,
    description:
      "The card the launch raises for, fixed by its listing (`collectibleListed`); identity fields come from the card catalogue by mint and are null when it does not know the mint.",
  },
);

export const CollectibleAcquisitionSchema = Type.Object(
  {
    funded: Nullable(
      Type.Object(
        {
          fundedAt: Unix("When the fund crank moved the raise out of the curve."),
          fundedLamports: Amount("wSOL lamports the fund crank moved out of the curve vault: everything raised, fees included."),
        },
        { additionalProperties: false },
      ),
      "The fund step; null until the stage reached `swapping`.",
    ),
    swap: Nullable(
      Type.Object(
        {
          swappedAt: Unix("When the swap crank ran."),
          wsolIn: Amount("wSOL lamports swapped: fundedLamports − poolLamports."),
          usdcOut: UsdcAmount("What the USDC venue returned for `wsolIn` (its pool math, fee included),"),
          pool: Address("The wSOL↔USDC venue pool of the swap."),
        },
        { additionalProperties: false },
      ),
      "The swap step; null until the stage reached `acquiring`.",
    ),
    acquired: Nullable(
      Type.Object(
        {
          at: Unix("When the card entered custody."),
          source: CardSourceField("`listing`: the card was bought from its launch's listing, the seller paid in USDC."),
          spentUsdc: UsdcAmount("Paid to the seller: the listed price,"),
          outsideBand: Bool("Always false: no substitution band exists, so no purchase falls outside it."),
          ratingId: Nullable(Text("The rating id."), "The card's rating id (catalogue); null when unknown."),
          grade: Nullable(GradeField("The grade."), "The card's grade (catalogue); null when unknown."),
          grader: Nullable(Text("The grader."), "The card's grader (catalogue); null when unknown."),
        },
        { additionalProperties: false },
      ),
      "The acquisition; null until the stage reached `pooling`.",
    ),
    surplusToTreasuryUsdc: UsdcAmount("usdcOut − spentUsdc, sent to the treasury by the acquire crank; 0 until then."),
  },
  {
    additionalProperties: false,
    description:
      "The acquisition's accounting, each figure copied exactly from the `collectibleStage` events (never computed by the indexer).",
  },
);

const CustodyCard = Type.Object(
  {
    asset: Address("The card's mint: the vault asset id (`GET /v1/collectibles/{id}/vault/{asset}`)."),
    standard: CardStandardField("The card standard."),
    source: CardSourceField("`listing`: bought from the launch's listing."),
    acquiredAt: Unix("When the card entered custody."),
    stillHeld: Bool("False once the custodian released the card from custody."),
  },
  { additionalProperties: false },
);

const E9_DESCRIPTION = "lamports";

export const CollectibleCustodySchema = Type.Object(
  {
    cards: Type.Array(CustodyCard, {
      maxItems: 1,
      description: "Cards the vault acquired (at most one, the launch's); empty before `pooling`.",
    }),
    account: Address('The custody token account: PDA ["custody", launch], owned by the launch PDA.'),
  },
  { additionalProperties: false, description: "The vault's custody." },
);

export const CollectibleMigrationSchema = Type.Object(
  {
    step: Int("The stage's index in the stage order (0 `raising` … 5 `tradable`).", { minimum: 0, maximum: 5 }),
    phaseBits: Int("Bit i set: stage i of the stage order was reached (bit 0 `raising` … bit 5 `tradable`).", { minimum: 0, maximum: 63 }),
    poolCreatedBits: Int("Bit 0 set once the token↔wSOL pool exists.", { minimum: 0, maximum: 31 }),
    dnaMint: Type.Null({ description: "Always null: a `sol` row's DNA unit is wrapped SOL itself; no DNA token is minted." }),
    dnaTotal: Amount("DNA units the curve raised (its real DNA reserve) until the fund crank emptied it; after that, those it held then."),
    pools: Type.Array(Address("A pool."), { maxItems: 5, description: "The token↔wSOL pool once it exists." }),
    positions: Type.Array(Address("A position."), {
      maxItems: 0,
      description: "Always empty: the simulator's pools have no position accounts (liquidity is the pool's reserves).",
    }),
    opensAt: Nullable(Iso("When the pool opened."), "When trading on the pool opened (stage `tradable`); null before."),
    finalizedAt: Nullable(
      Iso("When the migration finished."),
      "When the migration finished (stage `tradable`, status graduated); null before.",
    ),
  },
  { additionalProperties: false, description: "The way from the curve to the pool." },
);

export const CollectibleCurveSchema = Type.Object(
  {
    completionMode: Type.Literal(0, { description: "0: the curve completes when its inventory is sold out (the only mode)." }),
    needLamports: Amount(
      `wSOL ${E9_DESCRIPTION} the raise still lacks: targetLamports − the curve vault's wSOL (fees included), 0 once reached or the curve completed.`,
    ),
    poolLamports: Amount("Lamports of the target kept to seed the token↔wSOL pool (from the listing)."),
    cardLamports: Amount("Lamports of the target meant for the card: targetLamports − poolLamports."),
    feesAccruedLamports: Amount("Curve fees in wSOL lamports accrued so far (each trade's fee part, kept in the curve vault)."),
    feesTowardCardLamports: Amount(
      "The part of `feesAccruedLamports` that goes toward the card: all of it (the fund crank moves the whole vault, fees included, and the swap takes everything but poolLamports).",
    ),
  },
  { additionalProperties: false, description: "The raise on the curve, in wSOL lamports." },
);

export const CardImageSchema = Type.Object(
  {
    depicts: Type.Literal("front", { description: "What the image shows: the card's front." }),
    asset: Address("The card's mint."),
    source: Text("The data provider of the image (the card catalogue's)."),
    stillHeld: Bool("True while custody holds the card; false before it arrived and after a release."),
    itemName: Text("What the card is."),
    grader: Text("The grading company."),
    grade: GradeField("The numeric grade."),
    thumbUrl: Text("Thumbnail (absolute URL)."),
    fullUrl: Text("Full-size front (absolute URL)."),
    sourceUrl: Text("Where the image comes from: the simulator generates it, so the full-size URL on this service."),
  },
  { additionalProperties: false, description: "The card's picture." },
);

export const CollectibleMarketSchema = Type.Object(
  {
    priceE12: Amount("As the launch row's `priceE12`: DNA units per whole launch token × 10^12 (the curve's, then the pool's)."),
    sampledAt: Unix("When the prices were sampled."),
    liquidityUsd: Num(
      "As the launch row's `liquidityUsd`: the curve's real reserve, 0 once the raise is released to buy the card (stage swapping to pooling), then twice the pool's wSOL, in USD; 0 when unpriced.",
    ),
    liquidityAt: Unix("When the prices behind `liquidityUsd` were sampled."),
  },
  { additionalProperties: false, description: "The token's market now." },
);

/** The fields of a list item; the single-record route adds `targetCardImage` and `serverTime`. */
export const collectibleRecordProperties = {
  launch: Address("The launch address."),
  primaryMint: Address("Mint of the launch token."),
  symbol: Text("Ticker of the launch token."),
  name: Text("Name of the launch token."),
  description: Text("Off-chain description; empty when none was given."),
  imageUri: Text("Image URL, as the launch row's `imageUri`."),
  unnamed: Bool(
    "True when the creator gave no off-chain metadata (description, socials, image): the record shows the on-chain name and a generated image.",
  ),
  status: LaunchStatusField("The launch status (see `stage` for how the two move together)."),
  stage: CollectibleStageField(STAGE_DESCRIPTION),
  row: Type.Union(
    COLLECTIBLE_ROWS.map((row) => Type.Literal(row)),
    {
      description:
        "What one DNA unit is: `sol` (the recipe is wrapped SOL alone — every collectible here), `oneAsset` (one other asset) or `dna` (several).",
    },
  ),
  stalled: Type.Null({
    description: "Always null: every step after the raise is a permissionless crank, so a collectible waits but never stalls.",
  }),
  belowMinimum: Bool("True when the card's targetLamports is below `listingMinimumLamports`."),
  listingMinimumLamports: Amount("The smallest raise target this service lists a card for: 1 SOL (10^9 lamports)."),
  feeBps: Int("Trading fee of the curve and the pool, in basis points.", { minimum: 0, maximum: 10_000 }),
  primaryDecimals: Int("Decimals of the launch token.", { minimum: 0, maximum: 255 }),
  totalSupply: Amount("Launch-token base units minted at creation."),
  mintSupply: Amount("The mint's supply: equal to totalSupply (the whole supply is minted at creation, none is burnt)."),
  lockedReserve: Amount("The migration inventory not yet moved into the pool."),
  supplyModel: Type.Literal(1, { description: "1 on collectibles." }),
  progressBps: Bps("Share of the curve inventory sold, rounded down; 10000 once the curve completed."),
  priceE12: Amount("As the launch row's `priceE12`."),
  createdAt: Unix("Creation time."),
  activatedAt: Unix("When trading opened: the creation time (a launch trades on its curve at once)."),
  card: CollectibleCardSchema,
  acquisition: CollectibleAcquisitionSchema,
  custody: CollectibleCustodySchema,
  basket: Type.Object(
    {
      components: Type.Array(ComponentSchema, {
        maxItems: 5,
        description: "The recipe as the launch row's `components` (wrapped SOL alone for a `sol` row).",
      }),
    },
    { additionalProperties: false, description: "The token's recipe." },
  ),
  migration: CollectibleMigrationSchema,
  curve: CollectibleCurveSchema,
  cardImage: Nullable(CardImageSchema, "The card's picture; null when the card's mint is not in the catalogue."),
  market: CollectibleMarketSchema,
};

/**
 * A collectible as `GET /v1/collectibles` lists it: a launch of kind `collectibles` whose
 * card was listed (`collectibleListed`). Every field of the specification's Collectible
 * record but the two the single-record route adds; where the specification is silent, the
 * description says what the simulator decided.
 */
export const CollectibleRecordSchema = Type.Object(collectibleRecordProperties, {
  $id: "CollectibleRecord",
  additionalProperties: false,
  description: "A collectible (list item).",
});

/** `GET /v1/collectibles/{id}`: the list item with `targetCardImage` and `serverTime`. */
export const CollectibleDetailSchema = Type.Object(
  {
    ...collectibleRecordProperties,
    targetCardImage: Nullable(
      CardImageSchema,
      "The card the raise targets while it is not in custody yet (stages raising to acquiring); null once custody holds it (see `cardImage`) or when the mint is not in the catalogue.",
    ),
    serverTime: Unix("The answer's time (virtual unix seconds)."),
  },
  { $id: "CollectibleDetail", additionalProperties: false, description: "A collectible (single record)." },
);

export type CollectibleRecord = Static<typeof CollectibleRecordSchema>;
export type CollectibleDetail = Static<typeof CollectibleDetailSchema>;
