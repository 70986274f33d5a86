import { type Address, getAddressDecoder } from "@solana/kit";
import { getMintDecoder, getTokenDecoder } from "@solana-program/token";
import { TOKEN_PROGRAM_ADDRESS } from "../programs/program-addresses.ts";
import { invalidParams } from "./json-rpc-envelope.ts";
import { badPubkey } from "./account-methods.ts";
import { encodeAccount, encodingRefusal } from "./encode-account.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { AccountConfig, CommitmentConfig, Pubkey, TokenAccountsFilter } from "./rpc-schemas.ts";
import { isTokenAccount } from "../programs/token-account.ts";
import { decimalsOf, tokenAmountOf } from "./token-parsing.ts";

/** Where an SPL Token account keeps its owner. */
const OWNER_OFFSET = 32;
const addressDecoder = getAddressDecoder();

export const TOKEN_METHODS: RpcMethodTable = {
  getTokenSupply: method([Pubkey, CommitmentConfig], 1, ([mint, config], { devnet }) => {
    const refused = badPubkey(mint) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const decimals = decimalsOf(devnet, mint as Address);
    if (decimals === null) return invalidParams("Invalid param: not a Token mint");
    const supply = getMintDecoder().decode(devnet.getAccount(mint as Address)!.data).supply;
    return inContext(devnet, tokenAmountOf(supply, decimals));
  }),
  getTokenAccountBalance: method([Pubkey, CommitmentConfig], 1, ([key, config], { devnet }) => {
    const refused = badPubkey(key) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const account = devnet.getAccount(key as Address);
    if (!account || !isTokenAccount(account)) return invalidParams("Invalid param: not a Token account");
    const token = getTokenDecoder().decode(account.data);
    const decimals = decimalsOf(devnet, token.mint);
    if (decimals === null) return invalidParams("Invalid param: could not find mint");
    return inContext(devnet, tokenAmountOf(token.amount, decimals));
  }),
  getTokenAccountsByOwner: method([Pubkey, TokenAccountsFilter, AccountConfig], 2, ([owner, filter, config = {}], { devnet }) => {
    const refused = badPubkey(owner, "mint" in filter ? filter.mint : filter.programId) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    // Only SPL Token runs on this chain (no Token-2022).
    if ("programId" in filter && filter.programId !== TOKEN_PROGRAM_ADDRESS)
      return invalidParams("Invalid param: unrecognized Token program id");
    if ("mint" in filter && decimalsOf(devnet, filter.mint as Address) === null) return invalidParams("Invalid param: could not find mint");
    const accounts = devnet.getProgramAccounts(TOKEN_PROGRAM_ADDRESS).filter((account) => {
      if (!isTokenAccount(account) || addressDecoder.decode(account.data, OWNER_OFFSET) !== owner) return false;
      return !("mint" in filter) || addressDecoder.decode(account.data, 0) === filter.mint;
    });
    const encoding = config.encoding ?? "binary";
    return (
      encodingRefusal(accounts, encoding, config.dataSlice) ??
      inContext(
        devnet,
        accounts.map((account) => ({ pubkey: account.address, account: encodeAccount(devnet, account, encoding, config.dataSlice) })),
      )
    );
  }),
};
