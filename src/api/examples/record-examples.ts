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
 * Examples of the OpenAPI document: real answers of the simulator (seed "api-tests", 60
 * launches), taken once and frozen here. A launch in `migrating` was chosen so that the
 * shapes the specification leaves unshown (`migration`, `pairFigures`) appear filled. Typed
 * as the records, so a record that gains a field fails to compile until its example has it;
 * src/api/__tests__/openapi-responses.test.ts validates every example against the document.
 */

export const EXAMPLE_LAUNCH_ROW: LaunchRow = {
  address: "84ZcqaJnfbB4ZyK2LeikFKRxNT4DxuJamp1zBktRiq76",
  primaryMint: "CRXA8cnLbsxEST2pHkR6n3ozxyGWWHDKjmzFohV4MYkR",
  creator: "Du23G52KwxWA7gWjWfWGb6U1Um4ku6pQTRGY6X9kP3So",
  symbol: "COBEA56",
  name: "Cosmic Beacon",
  description: "A hands-off way to hold 75% Raydium and 25% Jito. Graduates into pair pools when the curve sells out.",
  imageUri: "http://127.0.0.1:8790/v1/media/launch-COBEA56-b5501c.svg",
  status: "migrating",
  socials: {
    website: "https://cobea56-ce56.example",
    x: "https://x.com/cobea5646",
    telegram: null,
  },
  category: "defi",
  components: [
    {
      mint: "RJjXgyr6P5dyC7fiRBZJ2NUtNDV6w3ubMeqSSNhSqi1",
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
      mint: "C2jm4EYK1vuuTEVeQvS3JxJE8PPsAV3yt4sADPpnzs9P",
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
        mint: "RJjXgyr6P5dyC7fiRBZJ2NUtNDV6w3ubMeqSSNhSqi1",
        pool: "7RetPpeVEc5Forf2xi9i1PgMjy9yrtp9y1grf7tmyzs2",
      },
    ],
  },
  dnaUnitSol: 1.459999992e-9,
  priceSol: 5.998850422162087e-7,
  recipeTarget: {
    pricedAt: "2026-01-01T06:00:00.000Z",
    components: [
      {
        mint: "RJjXgyr6P5dyC7fiRBZJ2NUtNDV6w3ubMeqSSNhSqi1",
        priceSol: 0.01738592436746273,
        quantity: "62981983",
        targetBps: 7500,
        realisedBps: 7500,
      },
      {
        mint: "C2jm4EYK1vuuTEVeQvS3JxJE8PPsAV3yt4sADPpnzs9P",
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
        mint: "RJjXgyr6P5dyC7fiRBZJ2NUtNDV6w3ubMeqSSNhSqi1",
        pool: "7RetPpeVEc5Forf2xi9i1PgMjy9yrtp9y1grf7tmyzs2",
        primaryReserve: "155175000000000",
        componentReserve: "5353806087",
      },
    ],
  },
};

export const EXAMPLE_ADDRESS = EXAMPLE_LAUNCH_ROW.creator;

export const EXAMPLE_DNA_UNIT_SOL = 1.459999992e-9;

export const EXAMPLE_TRADE: TradeRecord = {
  signature: "zdXMkapMDfZDKviHoJpatCQ2NrSe8aihzrgKDmLNWNKp6JLgnz1aG6FjeFwruHPjrcm8XUmzXFotd7XnSDrccQd",
  launch: "84ZcqaJnfbB4ZyK2LeikFKRxNT4DxuJamp1zBktRiq76",
  trader: "4qjqc7cHXfaAaGFbTVtTiGASibK1gQxoT5KYhtZoiLiW",
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

export const EXAMPLE_LAUNCH_CURSOR = "bmV3ZXN0fDU5fEVvVnVycU5RdG9QZlZRMlpXNnFnWER6UEZjMlYzVkpGZWlKelV4bTQ4dVly";

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
  signature: "3ECq5NvNWc7S8pzim5ueBxBTKB5duKZwrTUJwVkhWopKSYTJzt4QNpcPZE5Dd5m7s4Wkcd3VDRURx5f8FZyrDVPr",
  launch: "EgG2CXCjiazFJC2ipadKA6Yh2dCyxivnth66ZVUTxaKc",
  trader: "AL5M4T5wZ5CKsJVQvWaPVmxp4Rrb5MFW61GkTLeKY7eQ",
  symbol: "TIGLA",
  direction: "buy",
  primaryAmount: "145314598487486",
  dnaUnits: "6270920558",
  solLamports: "7336977015",
  decimals: 6,
  at: "2026-01-01T05:57:45.000Z",
};

export const EXAMPLE_SHORT_LAUNCH_ROW: ShortLaunchRow = {
  address: "84ZcqaJnfbB4ZyK2LeikFKRxNT4DxuJamp1zBktRiq76",
  symbol: "COBEA56",
  name: "Cosmic Beacon",
  imageUri: "http://127.0.0.1:8790/v1/media/launch-COBEA56-b5501c.svg",
  status: "migrating",
  progressBps: 10000,
  createdAt: "2026-01-01T03:57:25.000Z",
};

/** Two of the components, to keep the document short. */
export const EXAMPLE_ASSETS: AssetsResponse = {
  assets: [
    {
      mint: "E4SD3L7KEMuc3uHtrxg4xaCKaeopWoR1gzWoiqo5U1NE",
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      logoUri: "http://127.0.0.1:8790/v1/media/token-USDC.svg",
      category: "stablecoin",
      priceSol: 0.006659506092073966,
      priceUsd: 0.9989259138110949,
      venue: {
        pool: "X68d946c3Rn8JWBMXdmumkPvCp6AvU4T5B88DXV9DWL",
        lamportsReserve: "24918000000000",
        componentReserve: "3741718928624",
      },
    },
    {
      mint: "5UwYuYmD2TX9XARZeFKkEam2e6pFkkMWBfLp9r46irL6",
      symbol: "USDT",
      name: "Tether USD",
      decimals: 6,
      logoUri: "http://127.0.0.1:8790/v1/media/token-USDT.svg",
      category: "stablecoin",
      priceSol: 0.0067785695778742475,
      priceUsd: 1.016785436681137,
      venue: {
        pool: "HGkRcBKgvut5xLtzmcBVopHGupQnJgXqeVqh7Q9FKAt4",
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
      mint: "FU8k8pwVrvwhZ5gKBzRQpThk9YwygpXLodBYGNs6hXzB",
      amount: "66632046795104109",
      decimals: 5,
      symbol: "BONK",
      name: "Bonk",
      logoUri: "http://127.0.0.1:8790/v1/media/token-BONK.svg",
      known: true,
    },
    {
      mint: "HDPMMexzxPUCCi42HK9eDiGohqAo416ZhRjDwouBvXDv",
      amount: "238416692955543",
      decimals: 6,
      symbol: "BROTT",
      name: "Brave Otter",
      logoUri: "http://127.0.0.1:8790/v1/media/launch-BROTT-509ef0.svg",
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
