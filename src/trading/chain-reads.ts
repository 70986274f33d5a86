import type { Address, EncodedAccount } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";

/** The reads pricing and planning make of the chain. */
export type ChainReads = Pick<Devnet, "getAccount" | "getBalance" | "latestBlockhash" | "minimumBalanceForRentExemption">;

/**
 * A view of `devnet` that reads each account once: a quote or a build asks for the same
 * launch, venue and token accounts several times (pricing, planning, the funds check), and
 * each read crosses the LiteSVM boundary and converts addresses to and from base58. One
 * view serves one request, which runs without the chain changing underneath it, so every
 * answer is the one a fresh read gives.
 */
export function readingOnce(devnet: ChainReads): ChainReads {
  const accounts = new Map<Address, EncodedAccount | null>();
  return {
    getAccount(address: Address): EncodedAccount | null {
      let account = accounts.get(address);
      if (account === undefined) {
        account = devnet.getAccount(address);
        accounts.set(address, account);
      }
      return account;
    },
    getBalance: (address) => devnet.getBalance(address),
    latestBlockhash: () => devnet.latestBlockhash(),
    minimumBalanceForRentExemption: (bytes) => devnet.minimumBalanceForRentExemption(bytes),
  };
}
