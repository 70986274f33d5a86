import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Bool, Int, Text } from "./record-fields.ts";

/** One token a wallet holds. */
export const WalletTokenSchema = Type.Object(
  {
    mint: Address("The mint."),
    amount: Amount("Base units held (across the wallet's token accounts of this mint)."),
    decimals: Int("Decimals of the mint.", { minimum: 0, maximum: 255 }),
    symbol: Text("Ticker; empty when unknown."),
    name: Text("Name; empty when unknown."),
    logoUri: Text("Logo URL; empty when unknown."),
    known: Bool("True when the mint is a component or a launch token this service lists."),
  },
  { $id: "WalletToken", additionalProperties: false, description: "A token balance of a wallet." },
);

/** The body of `GET /v1/wallets/{wallet}/balances`. */
export const WalletBalancesSchema = Type.Object(
  {
    solLamports: Amount("The wallet's lamports."),
    feeReserveLamports: Amount("Lamports the API keeps back from a transfer for fees and rent."),
    tokens: Type.Array(WalletTokenSchema, { description: "Token balances." }),
  },
  { $id: "WalletBalances", additionalProperties: false, description: "A wallet's balances." },
);

export type WalletToken = Static<typeof WalletTokenSchema>;
export type WalletBalances = Static<typeof WalletBalancesSchema>;
