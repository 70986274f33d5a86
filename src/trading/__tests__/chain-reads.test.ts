import type { Address, EncodedAccount } from "@solana/kit";
import { describe, expect, it } from "vitest";
import type { Devnet } from "../../chain/devnet.ts";
import { type ChainReads, readingOnce } from "../chain-reads.ts";

const held = "So11111111111111111111111111111111111111112" as Address;
const missing = "11111111111111111111111111111111" as Address;

function countingChain() {
  const reads: Address[] = [];
  const account = { address: held, lamports: 5n, data: new Uint8Array(0) } as unknown as EncodedAccount;
  const chain: ChainReads = {
    getAccount: (address) => {
      reads.push(address);
      return address === held ? account : null;
    },
    getBalance: () => 7n,
    latestBlockhash: () => ({ blockhash: "b", lastValidBlockHeight: 1n }) as unknown as ReturnType<Devnet["latestBlockhash"]>,
    minimumBalanceForRentExemption: (bytes) => 890_880n + 6_960n * BigInt(bytes),
  };
  return { chain, reads, account };
}

describe("readingOnce", () => {
  it("reads each account, present or missing, once and answers as the chain does", () => {
    const { chain, reads, account } = countingChain();
    const view = readingOnce(chain);
    expect(view.getAccount(held)).toBe(account);
    expect(view.getAccount(held)).toBe(account);
    expect(view.getAccount(missing)).toBeNull();
    expect(view.getAccount(missing)).toBeNull();
    expect(reads).toEqual([held, missing]);
    expect(view.getBalance(held)).toBe(7n);
  });

  it("a second view reads afresh", () => {
    const { chain, reads } = countingChain();
    readingOnce(chain).getAccount(held);
    readingOnce(chain).getAccount(held);
    expect(reads).toEqual([held, held]);
  });
});
