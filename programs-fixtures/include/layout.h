/*
 * layout.h — the records our programs share: program ids, account layouts, instruction
 * tags and event tags. The launch program invokes the curve and pool programs, so all
 * three read this one file; src/programs/ holds the TypeScript codecs of the same bytes.
 *
 * Every record is naturally aligned (8-byte fields at 8-byte offsets) because the loader
 * places account data 8-byte aligned; offsets are written next to fields because the
 * TypeScript codecs depend on them.
 */
#pragma once
#include "sdk.h"

/* BasketLaunch11111111111111111111111111111111 */
static const SolPubkey LAUNCH_PROGRAM_ID = {{0x9d, 0x42, 0x6c, 0x12, 0x81, 0xe5, 0x80, 0x11,
                                             0xac, 0xb8, 0xcb, 0x20, 0x0f, 0x9e, 0xb5, 0x2f,
                                             0x83, 0x09, 0xc4, 0xc5, 0xf8, 0xa8, 0x4e, 0x5c,
                                             0x1e, 0x22, 0xb8, 0xba, 0x00, 0x00, 0x00, 0x00}};
/* BasketCurve111111111111111111111111111111111 */
static const SolPubkey CURVE_PROGRAM_ID = {{0x9d, 0x42, 0x6c, 0x12, 0x75, 0x08, 0x9c, 0xfd,
                                            0xa0, 0xc4, 0x6c, 0x85, 0xea, 0xff, 0xa3, 0x29,
                                            0x98, 0xc7, 0x0a, 0x7d, 0xa1, 0x09, 0xf0, 0xc2,
                                            0xc2, 0x57, 0xf8, 0xde, 0x00, 0x00, 0x00, 0x00}};
/* BasketPoo11111111111111111111111111111111111 */
static const SolPubkey POOL_PROGRAM_ID = {{0x9d, 0x42, 0x6c, 0x12, 0x87, 0x4c, 0x3b, 0xd0,
                                           0xbd, 0xbf, 0xf8, 0xf0, 0xe0, 0x34, 0xa2, 0xc3,
                                           0xe8, 0x99, 0xc5, 0xe9, 0xd0, 0x5d, 0x15, 0x49,
                                           0x77, 0x5d, 0xa6, 0x10, 0x00, 0x00, 0x00, 0x00}};
/* TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA */
static const SolPubkey TOKEN_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93,
                                            0xd9, 0xcb, 0xe1, 0x46, 0xce, 0xeb, 0x79, 0xac,
                                            0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b, 0x37, 0x91,
                                            0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9}};
/* 11111111111111111111111111111111 */
static const SolPubkey SYSTEM_PROGRAM_ID = {{0}};
/* So11111111111111111111111111111111111111112: wrapped SOL, the recipe of a collectible */
static const SolPubkey NATIVE_MINT_ID = {{0x06, 0x9b, 0x88, 0x57, 0xfe, 0xab, 0x81, 0x84,
                                          0xfb, 0x68, 0x7f, 0x63, 0x46, 0x18, 0xc0, 0x35,
                                          0xda, 0xc4, 0x39, 0xdc, 0x1a, 0xeb, 0x3b, 0x55,
                                          0x98, 0xa0, 0xf0, 0x00, 0x00, 0x00, 0x00, 0x01}};

#define MAX_COMPONENTS 5
#define BPS_DENOMINATOR 10000
/* Recipe quantities are component base units per this many DNA units (one whole DNA). */
#define DNA_UNITS_PER_DNA 1000000000ULL
#define MAX_FEE_BPS 2000
#define MAX_SYMBOL_LEN 10
#define MIN_SYMBOL_LEN 2
#define MAX_NAME_LEN 64
#define MAX_URI_LEN 128

/* SPL Token account and mint layouts (fixed by the token program). */
#define TOKEN_ACCOUNT_SIZE 165
#define TOKEN_ACCOUNT_MINT_OFFSET 0
#define TOKEN_ACCOUNT_OWNER_OFFSET 32
#define TOKEN_ACCOUNT_AMOUNT_OFFSET 64
#define MINT_SIZE 82
#define MINT_DECIMALS_OFFSET 44
#define MINT_INITIALIZED_OFFSET 45
#define MINT_SUPPLY_OFFSET 36
/* A card's USDC price is in base units of a 6-decimal mint. */
#define USDC_DECIMALS 6

enum AccountType { ACCOUNT_LAUNCH = 1, ACCOUNT_CURVE = 2, ACCOUNT_POOL = 3, ACCOUNT_COLLECTIBLE = 4 };

enum LaunchStatus {
  STATUS_ACTIVE_BONDING = 0,
  STATUS_GRADUATION_PENDING = 1,
  STATUS_MIGRATING = 2,
  STATUS_GRADUATED = 3,
};

enum LaunchKind { KIND_PAIRS = 0, KIND_COLLECTIBLES = 1 };

typedef struct {
  SolPubkey mint;    /* +0 */
  u64 quantity;      /* +32 component base units per 10^9 DNA units */
  u16 target_bps;    /* +40 */
  u8 decimals;       /* +42 */
  u8 padding[5];     /* +43 */
} LaunchComponent;   /* 48 bytes */

/* The launch program's registry record: PDA ["launch", creator, seed_le8]. */
typedef struct {
  u8 account_type;           /* 0 ACCOUNT_LAUNCH */
  u8 status;                 /* 1 LaunchStatus */
  u8 kind;                   /* 2 LaunchKind */
  u8 bump;                   /* 3 */
  u8 mint_bump;              /* 4 PDA ["mint", launch] */
  u8 migration_vault_bump;   /* 5 PDA ["migration", launch] */
  u8 component_count;        /* 6 */
  u8 pool_created_bits;      /* 7 bit i: pair pool of component i created */
  u8 decimals;               /* 8 primary token decimals */
  u8 symbol_len;             /* 9 */
  u8 name_len;               /* 10 */
  u8 uri_len;                /* 11 */
  u16 fee_bps;               /* 12 */
  u16 creator_fee_share_bps; /* 14 */
  SolPubkey creator;         /* 16 */
  SolPubkey mint;            /* 48 */
  SolPubkey curve;           /* 80 */
  SolPubkey migration_vault; /* 112 */
  u64 seed;                  /* 144 */
  u64 total_supply;          /* 152 */
  u64 curve_inventory;       /* 160 */
  u64 migration_inventory;   /* 168 */
  u64 virtual_primary;       /* 176 initial virtual reserves */
  u64 virtual_dna;           /* 184 */
  i64 created_at;            /* 192 */
  i64 completed_at;          /* 200 0 until the curve completes */
  u64 dna_unit_lamports_e9;  /* 208 requested lamports per 10^9 DNA units */
  LaunchComponent components[MAX_COMPONENTS]; /* 216 */
  char symbol[16];           /* 456 */
  char name[MAX_NAME_LEN];   /* 472 */
  char uri[MAX_URI_LEN];     /* 536 */
} Launch;                    /* 664 bytes */

typedef struct {
  SolPubkey mint;            /* +0 */
  SolPubkey vault;           /* +32 PDA ["vault", curve, mint] of the curve program */
  u64 quantity;              /* +64 */
  u64 fee_amount;            /* +72 fee units held in the vault (creator share included) */
  u64 creator_fee_amount;    /* +80 the creator's part of fee_amount */
  u8 vault_bump;             /* +88 */
  u8 released;               /* +89 1 once migration moved it to the pair pool */
  u8 padding[6];             /* +90 */
} CurveComponent;            /* 96 bytes */

/* The curve program's trading record: PDA ["curve", launch]. */
typedef struct {
  u8 account_type;           /* 0 ACCOUNT_CURVE */
  u8 bump;                   /* 1 */
  u8 complete;               /* 2 */
  u8 component_count;        /* 3 */
  u8 primary_vault_bump;     /* 4 */
  u8 padding[3];             /* 5 */
  u16 fee_bps;               /* 8 */
  u16 creator_fee_share_bps; /* 10 */
  u32 padding2;              /* 12 */
  SolPubkey launch;          /* 16 */
  SolPubkey primary_mint;    /* 48 */
  SolPubkey primary_vault;   /* 80 PDA ["vault", curve, primary_mint] */
  u64 virtual_primary;       /* 112 */
  u64 virtual_dna;           /* 120 */
  u64 inventory_initial;     /* 128 */
  u64 inventory_remaining;   /* 136 */
  u64 real_dna;              /* 144 DNA units paid in and not paid out */
  u64 fee_dna_total;         /* 152 */
  u64 creator_fee_dna;       /* 160 */
  u64 trade_count;           /* 168 */
  CurveComponent components[MAX_COMPONENTS]; /* 176 */
} Curve;                     /* 656 bytes */

/* The pool program's constant-product pool: PDA ["pool", authority, mint_a, mint_b]. */
typedef struct {
  u8 account_type;    /* 0 ACCOUNT_POOL */
  u8 bump;            /* 1 */
  u8 vault_a_bump;    /* 2 PDA ["vault", pool, mint_a] */
  u8 vault_b_bump;    /* 3 */
  u16 fee_bps;        /* 4 */
  u16 padding;        /* 6 */
  SolPubkey authority; /* 8 */
  SolPubkey mint_a;   /* 40 */
  SolPubkey mint_b;   /* 72 */
  SolPubkey vault_a;  /* 104 */
  SolPubkey vault_b;  /* 136 */
  u64 swap_count;     /* 168 */
} Pool;               /* 176 bytes */

/*
 * A collectible's way from raise to pool (src/programs/collectible-stage.ts). The record's
 * `stage` byte is written by list_card (raising) and by each crank; `funding` is never
 * stored: the curve's completion reaches the launch program through mark_complete, which
 * the curve invokes with the curve and the launch only, so it cannot write the record. A
 * record at raising whose launch is graduationPending IS at funding (mark_complete emits
 * the funding stage event then; src/programs/collectible-crank.ts reads it so).
 */
enum CollectibleStage {
  STAGE_RAISING = 0,
  STAGE_FUNDING = 1,
  STAGE_SWAPPING = 2,
  STAGE_ACQUIRING = 3,
  STAGE_POOLING = 4,
  STAGE_TRADABLE = 5,
};

/*
 * A collectible launch's card and its acquisition: PDA ["collectible", launch] of the
 * launch program, written by list_card and each crank. The token accounts it names are
 * PDAs of the launch program whose token authority is the launch PDA: escrow
 * ["escrow", launch] and custody ["custody", launch] (card mint), funds ["funds", launch]
 * (wrapped SOL), usdc ["usdc", launch] (the USDC mint).
 */
typedef struct {
  u8 account_type;           /* 0 ACCOUNT_COLLECTIBLE */
  u8 stage;                  /* 1 CollectibleStage (never STAGE_FUNDING, see above) */
  u8 bump;                   /* 2 */
  u8 escrow_bump;            /* 3 */
  u8 custody_bump;           /* 4 */
  u8 funds_bump;             /* 5 */
  u8 usdc_bump;              /* 6 */
  u8 standard;               /* 7 0 pnft, 1 core */
  u8 still_held;             /* 8 1 from acquisition until the custodian releases the card */
  u8 padding[7];             /* 9 */
  SolPubkey launch;          /* 16 */
  SolPubkey card_mint;       /* 48 */
  SolPubkey seller;          /* 80 */
  SolPubkey seller_usdc;     /* 112 */
  SolPubkey treasury_usdc;   /* 144 */
  SolPubkey custodian;       /* 176 */
  SolPubkey usdc_mint;       /* 208 */
  SolPubkey venue;           /* 240 the wSOL↔USDC pool the swap must use, fixed at listing */
  SolPubkey escrow;          /* 272 */
  SolPubkey custody;         /* 304 */
  SolPubkey funds;           /* 336 */
  SolPubkey usdc;            /* 368 */
  u64 listed_price_usdc;     /* 400 */
  u64 target_lamports;       /* 408 */
  u64 pool_lamports;         /* 416 */
  u64 funded_lamports;       /* 424 set by fund */
  u64 wsol_in;               /* 432 set by swap */
  u64 usdc_out;              /* 440 set by swap */
  u64 spent_usdc;            /* 448 set by acquire */
  u64 surplus_usdc;          /* 456 set by acquire */
  i64 listed_at;             /* 464 */
  i64 released_at;           /* 472 0 until release_card */
} Collectible;               /* 480 bytes */

/* Instruction tags (first byte of instruction data), per program. */
enum LaunchInstruction {
  LAUNCH_CREATE = 0,
  LAUNCH_MARK_COMPLETE = 1,
  LAUNCH_MIGRATE = 2,
  LAUNCH_LIST_CARD = 3,
  LAUNCH_COLLECTIBLE_FUND = 4,
  LAUNCH_COLLECTIBLE_SWAP = 5,
  LAUNCH_COLLECTIBLE_ACQUIRE = 6,
  LAUNCH_RELEASE_CARD = 7,
};
enum CurveInstruction {
  CURVE_INITIALIZE = 0,
  CURVE_BUY_EXACT_OUT = 1,
  CURVE_BUY_EXACT_IN = 2,
  CURVE_SELL = 3,
  CURVE_RELEASE = 4,
};
enum PoolInstruction { POOL_INITIALIZE = 0, POOL_ADD_LIQUIDITY = 1, POOL_SWAP = 2, POOL_SWAP_ALL = 3 };

/* Event tags (first byte of every sol_log_data payload). */
enum EventTag {
  EVENT_LAUNCH_CREATED = 1,
  EVENT_TRADE = 2,
  EVENT_STATUS_CHANGED = 3,
  EVENT_POOL_CREATED = 4,
  EVENT_LIQUIDITY_ADDED = 5,
  EVENT_SWAP = 6,
  EVENT_MIGRATION_STEP = 7,
  EVENT_COLLECTIBLE_LISTED = 8,
  EVENT_COLLECTIBLE_STAGE = 9,
  EVENT_CARD_RELEASED = 10,
};
