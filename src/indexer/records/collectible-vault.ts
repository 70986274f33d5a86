import { type Static, Type } from "@sinclair/typebox";
import { CollectibleStageField, STAGE_DESCRIPTION } from "./collectible-record.ts";
import { Address, Amount, Bool, Int, Text, Unix } from "./record-fields.ts";
import { Nullable, UsdDecimal, VaultCardSchema } from "./vault-card.ts";

const FeeAssetSchema = Type.Object(
  {
    mint: Address("The fee asset's mint: the launch token, or wrapped SOL."),
    symbol: Text("Its ticker."),
    decimals: Int("Its decimals.", { minimum: 0, maximum: 255 }),
    role: Type.Union([Type.Literal("token"), Type.Literal("wsol")], { description: "`token` (the launch token) or `wsol` (wrapped SOL)." }),
    collected: Amount(
      "Base units of fees the vault collected: 0, the simulator's pool keeps its fees in its reserves (nothing is claimed).",
    ),
    seedResidue: Amount(
      "Base units left over after seeding the pool: 0 by construction (the pool gets the whole migration inventory and exactly poolLamports of wSOL).",
    ),
    held: Amount("Base units of this asset the vault holds for fees: collected + seedResidue."),
    valueUsdc: Nullable(Amount("USDC base units."), "`held` valued in USDC base units; null when nothing is held (nothing to value)."),
    valueSource: Nullable(Text("Value source."), "Where `valueUsdc` comes from; null with it."),
    valuedAt: Nullable(Unix("Valued at."), "When `valueUsdc` was computed; null with it."),
    spendable: Bool("False: no fee purchase runs in this simulator (see `feePurchase`)."),
  },
  { additionalProperties: false },
);

/**
 * A collectible's vault (`GET /v1/collectibles/{id}/vault`): the custody account and the
 * cards it acquired, with totals. A vault holds at most its launch's card in this simulator.
 */
export const CollectibleVaultSchema = Type.Object(
  {
    launch: Address("The launch address."),
    primaryMint: Address("Mint of the launch token."),
    symbol: Text("Ticker of the launch token."),
    name: Text("Name of the launch token."),
    unnamed: Bool("As the collectible record's `unnamed`."),
    stage: CollectibleStageField(STAGE_DESCRIPTION),
    exists: Bool("True once the vault holds or has held a card (stage `pooling` or later); false while the card waits in escrow."),
    custody: Type.Object(
      { account: Address('The custody token account: PDA ["custody", launch].') },
      { additionalProperties: false, description: "Where the cards are held." },
    ),
    cards: Type.Array(VaultCardSchema, {
      maxItems: 1,
      description: "Every card the vault acquired, released ones included (`stillHeld: false`).",
    }),
    totals: Type.Object(
      {
        held: Int("Cards custody holds now.", { minimum: 0, maximum: 1 }),
        noLongerHeld: Int("Cards acquired and since released.", { minimum: 0, maximum: 1 }),
        insuredUsd: UsdDecimal("Σ insured value (USD, two places) of the cards held whose value is known."),
        insuredKnown: Int("Cards held whose insured value is known (counted in `insuredUsd`).", { minimum: 0, maximum: 1 }),
        insuredOldestReadAt: Nullable(
          Unix("Oldest read."),
          "The oldest `readAt` of the insured values counted; null when none is counted.",
        ),
        acquiredForUsdc: Amount("Σ USDC base units paid for every card acquired (held or not)."),
        acquiredForKnown: Int("Cards counted in `acquiredForUsdc`: every acquired card (the price is in the event).", {
          minimum: 0,
          maximum: 1,
        }),
      },
      { additionalProperties: false, description: "Totals over `cards`." },
    ),
    fees: Type.Object(
      {
        assets: Type.Array(FeeAssetSchema, { maxItems: 2, description: "The launch token and wrapped SOL." }),
        collectedValueUsdc: Amount("Σ `valueUsdc` of the fee assets: 0 while nothing is collected."),
        lastClaimAt: Nullable(Unix("Last claim."), "When fees were last claimed; null: nothing is ever claimed here."),
      },
      { additionalProperties: false, description: "Fees the vault collected from trading (none: see each field)." },
    ),
    nextCard: Type.Object(
      { eligibleListings: Type.Null({ description: "Always null: a vault buys only its launch's card; no next card is planned." }) },
      { additionalProperties: false, description: "The next card the vault could buy." },
    ),
    feePurchase: Type.Object(
      { live: Bool("False: fees never buy a further card in this simulator.") },
      { additionalProperties: false, description: "Whether collected fees are buying a card." },
    ),
    serverTime: Unix("The answer's time (virtual unix seconds)."),
  },
  { $id: "CollectibleVault", additionalProperties: false, description: "A collectible's vault." },
);

export type CollectibleVault = Static<typeof CollectibleVaultSchema>;
