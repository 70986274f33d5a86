import { type Address, address } from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS as SYSTEM_PROGRAM } from "@solana-program/system";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS as ASSOCIATED_TOKEN_PROGRAM,
  TOKEN_PROGRAM_ADDRESS as TOKEN_PROGRAM,
} from "@solana-program/token";

/**
 * The addresses our clients talk to. The three basket program ids are vanity addresses
 * whose bytes are spelled out in programs-fixtures/include/layout.h; a test compares them.
 */

/** Registry and lifecycle of launches (create, mark complete, migrate). */
export const LAUNCH_PROGRAM_ADDRESS: Address<"BasketLaunch11111111111111111111111111111111"> = address(
  "BasketLaunch11111111111111111111111111111111",
);

/** Bonding-curve trading (buy exact out, buy exact in, sell). */
export const CURVE_PROGRAM_ADDRESS: Address<"BasketCurve111111111111111111111111111111111"> = address(
  "BasketCurve111111111111111111111111111111111",
);

/** Constant-product pools: SOL↔component venues and post-graduation pair pools. */
export const POOL_PROGRAM_ADDRESS: Address<"BasketPoo11111111111111111111111111111111111"> = address(
  "BasketPoo11111111111111111111111111111111111",
);

/** SPL Memo (v3), one of the programs LiteSVM loads by default: airdrop markers and build-create's metadata hash. */
export const MEMO_PROGRAM_ADDRESS: Address<"MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"> = address(
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
);

/** SPL Token (the classic program; our programs refuse Token-2022 mints). */
export const TOKEN_PROGRAM_ADDRESS: Address<"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"> = TOKEN_PROGRAM;

/** SPL Token-2022, which LiteSVM loads too: the JSON-RPC's token methods read its mints and accounts (our programs refuse them). */
export const TOKEN_2022_PROGRAM_ADDRESS: Address<"TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"> = address(
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
);

/** The system program, which creates every account our programs own. */
export const SYSTEM_PROGRAM_ADDRESS: Address<"11111111111111111111111111111111"> = SYSTEM_PROGRAM;

/** The associated token account program: trader token accounts are ATAs by convention. */
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS: Address<"ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"> = ASSOCIATED_TOKEN_PROGRAM;

/** Wrapped SOL: the mint on the SOL side of every venue pool. */
export const NATIVE_MINT_ADDRESS: Address<"So11111111111111111111111111111111111111112"> = address(
  "So11111111111111111111111111111111111111112",
);
