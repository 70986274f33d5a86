import type { Address } from "@solana/kit";
import { getTokenDecoder } from "@solana-program/token";
import type { Devnet } from "../chain/devnet.ts";

const tokenDecoder = getTokenDecoder();

/** The amount held by token account `account`, 0 when it does not exist. */
export function tokenBalance(devnet: Devnet, account: Address): bigint {
  const encoded = devnet.getAccount(account);
  if (!encoded || encoded.data.length < 165) return 0n;
  return tokenDecoder.decode(encoded.data).amount;
}
