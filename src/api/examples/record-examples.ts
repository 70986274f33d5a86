import { encodeLaunchCursor } from "../../indexer/launch-cursor.ts";
import type {
  AssetsResponse,
  Candle,
  LaunchRow,
  LiveTradeRecord,
  ShortLaunchRow,
  TradeRecord,
  WalletBalances,
} from "../../indexer/records/index.ts";

/**
 * Examples of the OpenAPI document. Their shapes and numbers are a real answer of the
 * simulator (a launch in `migrating`, so the shapes the specification leaves unshown —
 * `migration`, `pairFigures` — appear filled), but every address, mint, signature and ticker
 * is an obvious placeholder (`Examp1e…`, `EXAMPLE`): a reader's server, seeded otherwise,
 * has none of another seed's launches, and an example must not look like one it could fetch.
 * Each placeholder still keeps its wire rule (base58 of 32 or 64 bytes). Typed as the
 * records, so a record that gains a field fails to compile until its example has it;
 * src/api/__tests__/openapi-responses.test.ts validates every example against the document.
 */

export const EXAMPLE_LAUNCH_ROW: LaunchRow = {
  address: "Examp1eLaunch1111111111111111111111111111111",
  primaryMint: "Examp1eLaunchMint111111111111111111111111111",
  creator: "Examp1eCreator111111111111111111111111111111",
  symbol: "EXAMPLE",
  name: "Example Basket",
  description: "A hands-off way to hold 75% Raydium and 25% Jito. Graduates into pair pools when the curve sells out.",
  imageUri: "http://127.0.0.1:8790/v1/media/launch-EXAMPLE-a1b2c3.svg",
  status: "migrating",
  socials: {
    website: "https://example.com",
    x: "https://x.com/example",
    telegram: null,
  },
  category: "defi",
  components: [
    {
      mint: "Examp1eComponentA111111111111111111111111111",
      symbol: "RAY",
      name: "Raydium",
      decimals: 6,
      quantity: "62981983",
      logoUri: "http://127.0.0.1:8790/v1/media/token-RAY.svg",
      category: "defi",
      check: {
        pass: true,
        code: null,
        reason: null,
        checkedAt: "2026-01-01T03:57:25.000Z",
        source: "ourRegistry",
        warnings: [],
        tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
      },
      valueBps: 7500,
      launchBps: 7500,
      targetBps: 7500,
      valueSol: 1.0949999929508234,
    },
    {
      mint: "Examp1eComponentB111111111111111111111111111",
      symbol: "JTO",
      name: "Jito",
      decimals: 9,
      quantity: "24194366146",
      logoUri: "http://127.0.0.1:8790/v1/media/token-JTO.svg",
      category: "defi",
      check: {
        pass: true,
        code: null,
        reason: null,
        checkedAt: "2026-01-01T03:57:25.000Z",
        source: "ourRegistry",
        warnings: [],
        tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
      },
      valueBps: 2500,
      launchBps: 2500,
      targetBps: 2500,
      valueSol: 0.3649999999952852,
    },
  ],
  primaryDecimals: 6,
  totalSupply: "1000000000000000",
  curveInventoryInitial: "793100000000000",
  curveInventoryRemaining: "0",
  migrationInventory: "206900000000000",
  feeBps: 50,
  creatorFeeShareBps: 5000,
  virtualPrimaryReserve: "279900000000000",
  virtualDnaReserve: "115005359066",
  graduationBoundary: "85005359057",
  progressBps: 10000,
  priceE12: "410880168152911",
  volume24h: "939177207329098",
  volume24hUnit: "primaryBaseUnits",
  priceUsd: 8.99827563324313e-5,
  fdv: 89982.75633243131,
  marketCap: 89982.75633243131,
  supplyBasis: "totalSupply",
  circulatingSupply: "948275000000000",
  circulatingMarketCapUsd: 85328.39826113629,
  supplyModel: 0,
  lockedReserve: "51725000000000",
  volume24hUsd: 20319.044953350003,
  buyVolume24hUsd: 19467.609243299998,
  sellVolume24hUsd: 851.43571005,
  liquidityUsd: 27924.260311993075,
  liquidityAt: 1767247200,
  curveDepth: {
    quoteCommittedUsd: 18616.17353344757,
    inventoryRemainingUsd: 0,
  },
  creatorFeesUsd: 50.79761233265692,
  creatorCurveEarningsUsd: 50.79761233265692,
  creatorPoolEarningsUsd: 0,
  curveFeesComplete: true,
  solUsd: 150,
  trades24: 11,
  buys24: 9,
  sells24: 2,
  lastTradeAt: 1767245307,
  change24Bps: 117582,
  change24Baseline: "firstTradeInWindow",
  change24BaselineAt: 1767240248,
  priceAt24hAgoUsd: null,
  ageSeconds: 7355,
  holders: 4,
  netBuyerCount: 4,
  createdAt: "2026-01-01T03:57:25.000Z",
  activatedAt: "2026-01-01T03:57:25.000Z",
  migration: {
    startedAt: "2026-01-01T05:28:57.000Z",
    finalizedAt: null,
    poolCreatedBits: 1,
    pools: [
      {
        mint: "Examp1eComponentA111111111111111111111111111",
        pool: "Examp1ePairPoo111111111111111111111111111111",
      },
    ],
  },
  dnaUnitSol: 1.459999992e-9,
  priceSol: 5.998850422162087e-7,
  recipeTarget: {
    pricedAt: "2026-01-01T06:00:00.000Z",
    components: [
      {
        mint: "Examp1eComponentA111111111111111111111111111",
        priceSol: 0.01738592436746273,
        quantity: "62981983",
        targetBps: 7500,
        realisedBps: 7500,
      },
      {
        mint: "Examp1eComponentB111111111111111111111111111",
        priceSol: 0.015086156743793423,
        quantity: "24194366146",
        targetBps: 2500,
        realisedBps: 2500,
      },
    ],
    dnaUnitSol: 1.459999992e-9,
    requestedDnaUnitSol: 1.46e-9,
  },
  kind: "pairs",
  pairable: false,
  pairBlock: "migrating",
  pairFigures: {
    pools: [
      {
        mint: "Examp1eComponentA111111111111111111111111111",
        pool: "Examp1ePairPoo111111111111111111111111111111",
        primaryReserve: "155175000000000",
        componentReserve: "5353806087",
      },
    ],
  },
};

export const EXAMPLE_ADDRESS = EXAMPLE_LAUNCH_ROW.creator;

export const EXAMPLE_DNA_UNIT_SOL = 1.459999992e-9;

export const EXAMPLE_TRADE: TradeRecord = {
  signature: "Examp1eSignature11111111111111111111111111111111111111111111111111111111111111111111111",
  launch: "Examp1eLaunch1111111111111111111111111111111",
  trader: "Examp1eTrader1111111111111111111111111111111",
  direction: "buy",
  primaryAmount: "259343700000000",
  dnaUnits: "55310642183",
  priceE12: "410880168152911",
  progressBps: 10000,
  slot: 49268,
  seq: 0,
  at: "2026-01-01T05:28:27.000Z",
  source: "market",
  solLamports: "80753537144",
  solValue: 80.753537144,
  solSource: "exact",
  priceSol: 5.998850422162087e-7,
  priceUsd: 8.99827563324313e-5,
};

export const EXAMPLE_TRADE_CURSOR = "47213:0";

export const EXAMPLE_LAUNCH_CURSOR = encodeLaunchCursor({ order: "trending", key: 11, address: EXAMPLE_LAUNCH_ROW.address });

export const EXAMPLE_CANDLE: Candle = {
  t: 1767240000,
  o: "27958993476234",
  h: "59482460038308",
  l: "27958993476234",
  c: "59482460038308",
  v: "430664541904726",
  vUsd: 3867.24897945,
  n: 7,
};

export const EXAMPLE_LIVE_TRADE: LiveTradeRecord = {
  signature: "Examp1eSignatureTwo11111111111111111111111111111111111111111111111111111111111111111111",
  launch: "Examp1eLaunchTwo1111111111111111111111111111",
  trader: "Examp1eTraderTwo1111111111111111111111111111",
  symbol: "EXAMPLE2",
  direction: "buy",
  primaryAmount: "145314598487486",
  dnaUnits: "6270920558",
  solLamports: "7336977015",
  decimals: 6,
  at: "2026-01-01T05:57:45.000Z",
};

export const EXAMPLE_SHORT_LAUNCH_ROW: ShortLaunchRow = {
  address: "Examp1eLaunch1111111111111111111111111111111",
  symbol: "EXAMPLE",
  name: "Example Basket",
  imageUri: "http://127.0.0.1:8790/v1/media/launch-EXAMPLE-a1b2c3.svg",
  status: "migrating",
  progressBps: 10000,
  createdAt: "2026-01-01T03:57:25.000Z",
};

/** Two of the components, to keep the document short. */
export const EXAMPLE_ASSETS: AssetsResponse = {
  assets: [
    {
      mint: "Examp1eUsdcMint11111111111111111111111111111",
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      logoUri: "http://127.0.0.1:8790/v1/media/token-USDC.svg",
      category: "stablecoin",
      priceSol: 0.006659506092073966,
      priceUsd: 0.9989259138110949,
      venue: {
        pool: "Examp1eVenueA1111111111111111111111111111111",
        lamportsReserve: "24918000000000",
        componentReserve: "3741718928624",
      },
    },
    {
      mint: "Examp1eUsdtMint11111111111111111111111111111",
      symbol: "USDT",
      name: "Tether USD",
      decimals: 6,
      logoUri: "http://127.0.0.1:8790/v1/media/token-USDT.svg",
      category: "stablecoin",
      priceSol: 0.0067785695778742475,
      priceUsd: 1.016785436681137,
      venue: {
        pool: "Examp1eVenueB1111111111111111111111111111111",
        lamportsReserve: "17804000000000",
        componentReserve: "2626512835114",
      },
    },
  ],
  solUsd: 150,
  sampledAt: 1767247200,
};

/** A history trader: two listed tokens and its wrapped SOL (a mint the service does not list). */
export const EXAMPLE_WALLET_BALANCES: WalletBalances = {
  solLamports: "29999948678000",
  feeReserveLamports: "14314960",
  tokens: [
    {
      mint: "Examp1eBonkMint11111111111111111111111111111",
      amount: "66632046795104109",
      decimals: 5,
      symbol: "BONK",
      name: "Bonk",
      logoUri: "http://127.0.0.1:8790/v1/media/token-BONK.svg",
      known: true,
    },
    {
      mint: "Examp1eLaunchTwoMint111111111111111111111111",
      amount: "238416692955543",
      decimals: 6,
      symbol: "EXAMPLE2",
      name: "Second Example",
      logoUri: "http://127.0.0.1:8790/v1/media/launch-EXAMPLE2-d4e5f6.svg",
      known: true,
    },
    {
      mint: "So11111111111111111111111111111111111111112",
      amount: "20000000000000",
      decimals: 9,
      symbol: "",
      name: "",
      logoUri: "",
      known: false,
    },
  ],
};
