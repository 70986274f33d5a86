import type { Address } from "@solana/kit";
import { getMintDecoder, getTokenDecoder } from "@solana-program/token";
import type { Devnet } from "../../../chain/devnet.ts";
import type { ReadModel } from "../../../indexer/read-model.ts";
import type { WalletBalances, WalletToken } from "../../../indexer/records/index.ts";
import { TOKEN_ACCOUNT_BYTES, TOKEN_PROGRAM_ADDRESS } from "../../../programs/index.ts";
import { FEE_RESERVE_LAMPORTS } from "./fee-reserve.ts";

const tokenDecoder = getTokenDecoder();
const mintDecoder = getMintDecoder();

/** Every non-zero token balance on the chain, by owner and mint, as of one chain version. */
interface TokenHoldings {
  readonly version: number;
  readonly byOwner: ReadonlyMap<Address, ReadonlyMap<Address, bigint>>;
}
const holdingsOf = new WeakMap<Devnet, TokenHoldings>();

/**
 * Every token account on the chain, read once per chain version: a scan costs tens of
 * milliseconds with a populated world, and between two landed transactions any number of
 * balance requests can share it.
 */
function tokenHoldings(devnet: Devnet): TokenHoldings {
  const known = holdingsOf.get(devnet);
  if (known?.version === devnet.version) return known;
  const byOwner = new Map<Address, Map<Address, bigint>>();
  for (const account of devnet.getProgramAccounts(TOKEN_PROGRAM_ADDRESS)) {
    if (account.data.length !== TOKEN_ACCOUNT_BYTES) continue;
    const token = tokenDecoder.decode(account.data);
    if (token.amount === 0n) continue;
    const held = byOwner.get(token.owner) ?? new Map<Address, bigint>();
    held.set(token.mint, (held.get(token.mint) ?? 0n) + token.amount);
    byOwner.set(token.owner, held);
  }
  const holdings = { version: devnet.version, byOwner };
  holdingsOf.set(devnet, holdings);
  return holdings;
}

/**
 * A wallet's balances, read from the chain now (not from the indexer, which sees only
 * transactions and would miss an airdrop): its lamports, the fee reserve, and every
 * non-zero SPL token balance it owns — any token account, associated or not, summed per
 * mint. Mints the read model lists carry their ticker, name and logo (`known: true`);
 * others carry the mint's decimals and empty names.
 */
export function walletBalances(devnet: Devnet, readModel: ReadModel, wallet: Address): WalletBalances {
  const held = tokenHoldings(devnet).byOwner.get(wallet) ?? new Map<Address, bigint>();
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
    const decimals = mintAccount ? mintDecoder.decode(mintAccount.data).decimals : 0;
    return { mint, amount: String(amount), decimals, symbol: "", name: "", logoUri: "", known: false };
  });
  tokens.sort((a, b) => Number(b.known) - Number(a.known) || a.symbol.localeCompare(b.symbol) || (a.mint < b.mint ? -1 : 1));
  return { solLamports: String(devnet.getBalance(wallet)), feeReserveLamports: String(FEE_RESERVE_LAMPORTS), tokens };
}
