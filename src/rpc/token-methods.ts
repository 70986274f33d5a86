import { type Address, getAddressDecoder } from "@solana/kit";
import { getTokenDecoder } from "@solana-program/token";
import { invalidParams } from "./json-rpc-envelope.ts";
import { badPubkey } from "./account-methods.ts";
import { encodeAccount, encodingRefusal } from "./encode-account.ts";
import { inContext, minContextSlotRefusal } from "./rpc-context.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { AccountConfig, CommitmentConfig, Pubkey, TokenAccountsFilter } from "./rpc-schemas.ts";
import { TOKEN_PROGRAMS, tokenAccountBase } from "../programs/token-account.ts";
import { decimalsOf, mintAt, tokenAmountOf } from "./token-parsing.ts";

/** Where an SPL Token account keeps its owner. */
const OWNER_OFFSET = 32;
const addressDecoder = getAddressDecoder();
/** Accounts `getTokenLargestAccounts` answers at most, as the validator does. */
const LARGEST_ACCOUNTS = 20;

export const TOKEN_METHODS: RpcMethodTable = {
  getTokenSupply: method([Pubkey, CommitmentConfig], 1, ([mint, config], { devnet }) => {
    const refused = badPubkey(mint) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const found = mintAt(devnet, mint as Address);
    if (found === null) return invalidParams("Invalid param: not a Token mint");
    return inContext(devnet, tokenAmountOf(found.mint.supply, found.mint.decimals));
  }),
  getTokenAccountBalance: method([Pubkey, CommitmentConfig], 1, ([key, config], { devnet }) => {
    const refused = badPubkey(key) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const account = devnet.getAccount(key as Address);
    const base = account ? tokenAccountBase(account) : null;
    if (base === null) return invalidParams("Invalid param: not a Token account");
    const token = getTokenDecoder().decode(base);
    const decimals = decimalsOf(devnet, token.mint);
    if (decimals === null) return invalidParams("Invalid param: could not find mint");
    return inContext(devnet, tokenAmountOf(token.amount, decimals));
  }),
  getTokenLargestAccounts: method([Pubkey, CommitmentConfig], 1, ([mint, config], { devnet }) => {
    const refused = badPubkey(mint) ?? minContextSlotRefusal(devnet, config);
    if (refused) return refused;
    const found = mintAt(devnet, mint as Address);
    if (found === null) return invalidParams("Invalid param: could not find mint");
    const { decimals } = found.mint;
    const holdings = devnet.getProgramAccounts(found.program).flatMap((holder) => {
      const held = tokenAccountBase(holder);
      if (held === null || addressDecoder.decode(held, 0) !== mint) return [];
      return [{ address: holder.address, amount: getTokenDecoder().decode(held).amount }];
    });
    // The validator's 20 largest, largest first.
    holdings.sort((left, right) => (left.amount === right.amount ? 0 : left.amount > right.amount ? -1 : 1));
    return inContext(
      devnet,
      holdings.slice(0, LARGEST_ACCOUNTS).map(({ address, amount }) => ({ address, ...tokenAmountOf(amount, decimals) })),
    );
  }),
  getTokenAccountsByOwner: method(
    [Pubkey, TokenAccountsFilter, AccountConfig],
    2,
    ([owner, filter, config = {}], { devnet }, _session, scans) => {
      const refused = badPubkey(owner, "mint" in filter ? filter.mint : filter.programId) ?? minContextSlotRefusal(devnet, config);
      if (refused) return refused;
      // SPL Token or Token-2022: named, or the program that owns the mint named.
      if ("programId" in filter && !TOKEN_PROGRAMS.has(filter.programId))
        return invalidParams("Invalid param: unrecognized Token program id");
      const mint = "mint" in filter ? mintAt(devnet, filter.mint as Address) : null;
      if ("mint" in filter && mint === null) return invalidParams("Invalid param: could not find mint");
      const program = "programId" in filter ? (filter.programId as Address) : mint!.program;
      const accounts = devnet.getProgramAccounts(program).filter((account) => {
        const base = tokenAccountBase(account);
        if (base === null || addressDecoder.decode(base, OWNER_OFFSET) !== owner) return false;
        return !("mint" in filter) || addressDecoder.decode(base, 0) === filter.mint;
      });
      const encoding = config.encoding ?? "binary";
      return (
        encodingRefusal(accounts, encoding, config.dataSlice, scans) ??
        inContext(
          devnet,
          accounts.map((account) => ({ pubkey: account.address, account: encodeAccount(devnet, account, encoding, config.dataSlice) })),
        )
      );
    },
  ),
};
