import { type Address, type EncodedAccount, isSome } from "@solana/kit";
import { AccountState, type Mint, getMintDecoder, getTokenDecoder } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../programs/program-addresses.ts";
import { TOKEN_ACCOUNT_BYTES } from "../programs/token-account.ts";

/** Bytes of an SPL Token mint. */
const MINT_BYTES = 82;

/** An amount in base units as the validator writes it: the integer, and the decimal reading of it. */
export function tokenAmountOf(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = decimals > 0 ? text.slice(-decimals).replace(/0+$/, "") : "";
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** The token programs whose mints and accounts the token methods read. */
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);

/** Where Token-2022 writes an extended account's type (after the base account's bytes): 1 a mint, 2 an account. */
const ACCOUNT_TYPE_OFFSET = TOKEN_ACCOUNT_BYTES;

/**
 * The base layout of a token program's account of `type` (a mint's 82 bytes, an account's
 * 165), or null: SPL Token's are exactly that long; a Token-2022 one may carry extensions
 * after them, marked by its account type.
 */
function baseOf(account: Pick<EncodedAccount, "programAddress" | "data">, type: 1 | 2): Uint8Array | null {
  const bytes = type === 1 ? MINT_BYTES : TOKEN_ACCOUNT_BYTES;
  const data = account.data as Uint8Array;
  if (data.length === bytes && TOKEN_PROGRAMS.has(account.programAddress)) return data;
  if (account.programAddress === TOKEN_2022_PROGRAM_ADDRESS && data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === type)
    return data.subarray(0, bytes);
  return null;
}

/** A mint's base bytes (supply, decimals, authorities), of either token program; null for any other account. */
export const mintBase = (account: Pick<EncodedAccount, "programAddress" | "data">) => baseOf(account, 1);
/** A token account's base bytes (mint, owner, amount…), of either token program; null for any other account. */
export const tokenAccountBase = (account: Pick<EncodedAccount, "programAddress" | "data">) => baseOf(account, 2);

/** The mint at `address` (its base fields) and the token program that owns it, or null when it is no mint of a token program. */
export function mintAt(devnet: Devnet, address: Address): { readonly program: Address; readonly mint: Mint } | null {
  const account = devnet.getAccount(address);
  const base = account ? mintBase(account) : null;
  return base === null ? null : { program: account!.programAddress, mint: getMintDecoder().decode(base) };
}

/** The decimals of `mint`, or null when it is no mint of a token program. */
export function decimalsOf(devnet: Devnet, mint: Address): number | null {
  return mintAt(devnet, mint)?.mint.decimals ?? null;
}

const STATES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: "uninitialized",
  [AccountState.Initialized]: "initialized",
  [AccountState.Frozen]: "frozen",
};

const optional = <T>(value: { __option: "Some"; value: T } | { __option: "None" }): T | undefined =>
  isSome(value) ? value.value : undefined;

/**
 * The `jsonParsed` form of a token account or mint, of SPL Token (`program: "spl-token"`) or
 * Token-2022 (`"spl-token-2022"`, its base fields; extensions are not listed), the shape
 * `getParsedTokenAccountsByOwner` and wallets read; null for any other account, which the
 * caller then sends as base64 (what the validator does with what it cannot parse).
 */
export function parsedTokenData(devnet: Devnet, account: EncodedAccount): unknown | null {
  const program = account.programAddress === TOKEN_2022_PROGRAM_ADDRESS ? "spl-token-2022" : "spl-token";
  const space = account.data.length;
  const mintBytes = mintBase(account);
  if (mintBytes !== null) {
    const mint = getMintDecoder().decode(mintBytes);
    return {
      program,
      space,
      parsed: {
        type: "mint",
        info: {
          decimals: mint.decimals,
          freezeAuthority: optional(mint.freezeAuthority) ?? null,
          isInitialized: mint.isInitialized,
          mintAuthority: optional(mint.mintAuthority) ?? null,
          supply: mint.supply.toString(),
        },
      },
    };
  }
  const accountBytes = tokenAccountBase(account);
  if (accountBytes === null) return null;
  const token = getTokenDecoder().decode(accountBytes);
  const decimals = decimalsOf(devnet, token.mint);
  if (decimals === null) return null;
  const delegate = optional(token.delegate);
  const closeAuthority = optional(token.closeAuthority);
  const rentReserve = optional(token.isNative);
  return {
    program,
    space,
    parsed: {
      type: "account",
      info: {
        isNative: token.mint === NATIVE_MINT_ADDRESS,
        mint: token.mint,
        owner: token.owner,
        state: STATES[token.state],
        tokenAmount: tokenAmountOf(token.amount, decimals),
        ...(delegate ? { delegate, delegatedAmount: tokenAmountOf(token.delegatedAmount, decimals) } : {}),
        ...(closeAuthority ? { closeAuthority } : {}),
        ...(rentReserve !== undefined ? { rentExemptReserve: tokenAmountOf(rentReserve, decimals) } : {}),
      },
    },
  };
}
