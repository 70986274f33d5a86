import { type Address, type EncodedAccount, isSome } from "@solana/kit";
import { AccountState, type Mint, getMintDecoder, getTokenDecoder } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";
import { NATIVE_MINT_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from "../programs/program-addresses.ts";
import { mintBase, tokenAccountBase } from "../programs/token-account.ts";

/** An amount in base units as the validator writes it: the integer, and the decimal reading of it. */
export function tokenAmountOf(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = decimals > 0 ? text.slice(-decimals).replace(/0+$/, "") : "";
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

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
