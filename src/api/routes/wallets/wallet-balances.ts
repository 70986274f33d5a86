import type { Address } from "@solana/kit";
import { getMintDecoder } from "@solana-program/token";
import type { Devnet } from "../../../chain/devnet.ts";
import type { ReadModel } from "../../../indexer/read-model.ts";
import type { WalletBalances, WalletToken } from "../../../indexer/records/index.ts";
import { mintBase } from "../../../programs/index.ts";
import { WIRE_RULES } from "../../../wire/wire-fields.ts";
import { FEE_RESERVE_LAMPORTS } from "./fee-reserve.ts";
import { TokenHoldings } from "./token-holdings.ts";

const mintDecoder = getMintDecoder();

/**
 * A wallet's balances, read from the chain now (not from the indexer, which sees only
 * transactions and would miss an airdrop): its lamports, the fee reserve, and every
 * non-zero SPL token balance it owns — any token account, associated or not, summed per
 * mint. Mints the read model lists carry their ticker, name and logo (`known: true`);
 * others carry the mint's decimals and empty names.
 */
export function walletBalances(devnet: Devnet, readModel: ReadModel, wallet: Address): WalletBalances {
  // A string of the address pattern that is no 32-byte key (the route takes what the
  // specification calls an address) is no account: it holds nothing, and the chain is not asked.
  if (!WIRE_RULES.address.check(wallet)) return { solLamports: "0", feeReserveLamports: String(FEE_RESERVE_LAMPORTS), tokens: [] };
  const held = TokenHoldings.of(devnet).heldBy(wallet);
  const tokens = [...held].map(([mint, amount]): WalletToken => {
    const listing = readModel.tokenListing(mint);
    if (listing) {
      return {
        mint,
        amount: String(amount),
        decimals: listing.decimals,
        symbol: listing.symbol,
        name: listing.name,
        logoUri: listing.logoUri,
        known: true,
      };
    }
    const mintAccount = devnet.getAccount(mint);
    const base = mintAccount ? mintBase(mintAccount) : null;
    const decimals = base ? mintDecoder.decode(base).decimals : 0;
    return { mint, amount: String(amount), decimals, symbol: "", name: "", logoUri: "", known: false };
  });
  tokens.sort((a, b) => Number(b.known) - Number(a.known) || a.symbol.localeCompare(b.symbol) || (a.mint < b.mint ? -1 : 1));
  return { solLamports: String(devnet.getBalance(wallet)), feeReserveLamports: String(FEE_RESERVE_LAMPORTS), tokens };
}
