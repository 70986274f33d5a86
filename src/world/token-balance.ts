import type { Address } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { tokenAccountAmount } from "../programs/index.ts";

/** The amount held by token account `account`, 0 when it does not exist. */
export function tokenBalance(devnet: Devnet, account: Address): bigint {
  const encoded = devnet.getAccount(account);
  return encoded ? tokenAccountAmount(encoded.data) : 0n;
}
