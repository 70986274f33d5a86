import { encodeCollectibleCursor } from "../../../indexer/collectible-list.ts";
import type { CollectibleDetail, CollectibleRecord, CollectibleVault, VaultCard } from "../../../indexer/records/index.ts";
import { EXAMPLE_LAUNCH_ROW } from "../../examples/record-examples.ts";

/**
 * Examples of the collectible routes in the OpenAPI document: a tradable collectible whose
 * card is in custody, with the shapes and numbers of a real answer of the simulator and
 * obvious placeholders for every address and signature (as src/api/examples explains).
 * Typed as the records, so a record that gains a field fails to compile until its example has it.
 */

const MEDIA = "http://127.0.0.1:8790/v1/media";
const CARD_MINT = "Examp1eCardMint11111111111111111111111111111";
const CUSTODY = "Examp1eCustody111111111111111111111111111111";
const POOL = "Examp1eTokenPoo11111111111111111111111111111";
const USDC_VENUE = "Examp1eUsdcVenue1111111111111111111111111111";
const ACQUIRE_SIGNATURE = "Examp1eAcquireSignature1111111111111111111111111111111111111111111111111111111111111111";
const WSOL = "So11111111111111111111111111111111111111112";
const LISTED_AT = 1767230400;
const ACQUIRED_AT = 1767234060;

export const EXAMPLE_VAULT_CARD: VaultCard = {
  asset: CARD_MINT,
  standard: "pnft",
  source: "listing",
  isLaunchCard: true,
  acquiredAt: ACQUIRED_AT,
  signature: ACQUIRE_SIGNATURE,
  spentUsdc: "1850000000",
  stillHeld: true,
  stillHeldCheckedAt: 1767247200,
  photo: {
    thumbUrl: `${MEDIA}/card-0-thumb.svg`,
    fullUrl: `${MEDIA}/card-0-front.svg`,
    backUrl: `${MEDIA}/card-0-back.svg`,
  },
  identity: {
    itemName: "Example Player Rookie Card",
    grader: "PSA",
    grade: 10,
    gradeLabel: "GEM MT 10",
    year: 2003,
    set: "Example Set",
    serial: "#23",
    certificate: "81234567",
    source: "basket-devnet card catalogue",
    readAt: LISTED_AT,
  },
  values: {
    insured: { usd: "2100.00", source: "basket-devnet card catalogue", readAt: LISTED_AT, stale: false },
    listedAtLaunch: { usdc: "1850000000", at: LISTED_AT },
    acquiredFor: { usdc: "1850000000", at: ACQUIRED_AT, signature: ACQUIRE_SIGNATURE },
  },
};

const CARD_IMAGE = {
  depicts: "front" as const,
  asset: CARD_MINT,
  source: "basket-devnet card catalogue",
  stillHeld: true,
  itemName: "Example Player Rookie Card",
  grader: "PSA",
  grade: 10,
  thumbUrl: `${MEDIA}/card-0-thumb.svg`,
  fullUrl: `${MEDIA}/card-0-front.svg`,
  sourceUrl: `${MEDIA}/card-0-front.svg`,
};

export const EXAMPLE_COLLECTIBLE: CollectibleRecord = {
  launch: EXAMPLE_LAUNCH_ROW.address,
  primaryMint: EXAMPLE_LAUNCH_ROW.primaryMint,
  symbol: "EXAMPLE",
  name: "Example Rookie Card",
  description: "A PSA 10 rookie card, held in the launch's custody.",
  imageUri: `${MEDIA}/card-0-front.svg`,
  unnamed: false,
  status: "graduated",
  stage: "tradable",
  row: "sol",
  stalled: null,
  belowMinimum: false,
  listingMinimumLamports: "1000000000",
  feeBps: 50,
  primaryDecimals: 6,
  totalSupply: "1000000000000000",
  mintSupply: "1000000000000000",
  lockedReserve: "0",
  supplyModel: 1,
  progressBps: 10000,
  priceE12: "59620000000000000",
  createdAt: LISTED_AT,
  activatedAt: LISTED_AT,
  card: {
    nftMint: CARD_MINT,
    vault: CUSTODY,
    standard: "pnft",
    category: "baseball",
    targetLamports: "16650000000",
    listedPriceUsdc: "1850000000",
    acquireBps: 8000,
    bufferBps: 800,
    substituteBandBps: 0,
    ratingId: "psa-81234567",
    grade: 10,
    grader: "PSA",
    itemName: "Example Player Rookie Card",
    bandWidened: false,
  },
  acquisition: {
    funded: { fundedAt: 1767233940, fundedLamports: "16716600000" },
    swap: { swappedAt: 1767234000, wsolIn: "13386600000", usdcOut: "1992612000", pool: USDC_VENUE },
    acquired: {
      at: ACQUIRED_AT,
      source: "listing",
      spentUsdc: "1850000000",
      outsideBand: false,
      ratingId: "psa-81234567",
      grade: 10,
      grader: "PSA",
    },
    surplusToTreasuryUsdc: "142612000",
  },
  custody: {
    cards: [{ asset: CARD_MINT, standard: "pnft", source: "listing", acquiredAt: ACQUIRED_AT, stillHeld: true }],
    account: CUSTODY,
  },
  basket: {
    components: [
      {
        mint: WSOL,
        symbol: "wSOL",
        name: "Wrapped SOL",
        decimals: 9,
        quantity: "1000000000",
        logoUri: `${MEDIA}/token-wSOL.svg`,
        category: "sol",
        check: {
          pass: true,
          code: null,
          reason: null,
          checkedAt: "2026-01-01T01:20:00.000Z",
          source: "ourRegistry",
          warnings: [],
          tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        },
        valueBps: 10000,
        launchBps: 10000,
        targetBps: 10000,
        valueSol: 1,
      },
    ],
  },
  migration: {
    step: 5,
    phaseBits: 63,
    poolCreatedBits: 1,
    dnaMint: null,
    dnaTotal: "16633233830",
    pools: [POOL],
    positions: [],
    opensAt: "2026-01-01T02:22:00.000Z",
    finalizedAt: "2026-01-01T02:22:00.000Z",
  },
  curve: {
    completionMode: 0,
    needLamports: "0",
    poolLamports: "3330000000",
    cardLamports: "13320000000",
    feesAccruedLamports: "83366170",
    feesTowardCardLamports: "83366170",
  },
  cardImage: CARD_IMAGE,
  market: { priceE12: "59620000000000000", sampledAt: 1767247200, liquidityUsd: 1012.5, liquidityAt: 1767247200 },
};

export const EXAMPLE_COLLECTIBLE_DETAIL: CollectibleDetail = { ...EXAMPLE_COLLECTIBLE, targetCardImage: null, serverTime: 1767247200 };

export const EXAMPLE_COLLECTIBLE_CURSOR = encodeCollectibleCursor({
  sort: "newest",
  key: 3,
  address: EXAMPLE_LAUNCH_ROW.address,
  filters: {},
});

export const EXAMPLE_COLLECTIBLE_VAULT: CollectibleVault = {
  launch: EXAMPLE_COLLECTIBLE.launch,
  primaryMint: EXAMPLE_COLLECTIBLE.primaryMint,
  symbol: EXAMPLE_COLLECTIBLE.symbol,
  name: EXAMPLE_COLLECTIBLE.name,
  unnamed: false,
  stage: "tradable",
  exists: true,
  custody: { account: CUSTODY },
  cards: [EXAMPLE_VAULT_CARD],
  totals: {
    held: 1,
    noLongerHeld: 0,
    insuredUsd: "2100.00",
    insuredKnown: 1,
    insuredOldestReadAt: LISTED_AT,
    acquiredForUsdc: "1850000000",
    acquiredForKnown: 1,
  },
  fees: {
    assets: [
      {
        mint: EXAMPLE_COLLECTIBLE.primaryMint,
        symbol: "EXAMPLE",
        decimals: 6,
        role: "token",
        collected: "0",
        seedResidue: "0",
        held: "0",
        valueUsdc: null,
        valueSource: null,
        valuedAt: null,
        spendable: false,
      },
      {
        mint: WSOL,
        symbol: "wSOL",
        decimals: 9,
        role: "wsol",
        collected: "0",
        seedResidue: "0",
        held: "0",
        valueUsdc: null,
        valueSource: null,
        valuedAt: null,
        spendable: false,
      },
    ],
    collectedValueUsdc: "0",
    lastClaimAt: null,
  },
  nextCard: { eligibleListings: null },
  feePurchase: { live: false },
  serverTime: 1767247200,
};
