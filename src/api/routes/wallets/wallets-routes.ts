import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { Address } from "@solana/kit";
import type { Devnet } from "../../../chain/devnet.ts";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { ShortLaunchRowSchema, WalletBalancesSchema } from "../../../indexer/records/index.ts";
import { EXAMPLE_ADDRESS, EXAMPLE_SHORT_LAUNCH_ROW, EXAMPLE_WALLET_BALANCES } from "../../examples/record-examples.ts";
import { addressParameter, recordResponse, refTo } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { parameterFailureExample } from "../../validation-failure.ts";
import { walletBalances } from "./wallet-balances.ts";

const WalletParamsSchema = Type.Object({
  wallet: addressParameter("A wallet address (base58, 32 to 44 characters); one that is no key holds nothing.", EXAMPLE_ADDRESS),
});

const CreatedResponseSchema = Type.Object(
  {
    launches: Type.Array(refTo(ShortLaunchRowSchema), {
      description: "Launches the wallet created, newest first; empty for a wallet that created none.",
    }),
  },
  { additionalProperties: false, description: "Launches created by a wallet.", examples: [{ launches: [EXAMPLE_SHORT_LAUNCH_ROW] }] },
);

const tags = ["wallets"];

/** `GET /v1/wallets/{wallet}/balances` (read from the chain) and `/created` (from the read model). */
export const walletsRoutes: FastifyPluginAsyncTypebox<{ readonly readModel: ReadModel; readonly devnet: Devnet }> = async (
  app,
  { readModel, devnet },
) => {
  app.get(
    "/wallets/:wallet/balances",
    {
      schema: {
        operationId: "getWalletBalances",
        summary: "A wallet's SOL and token balances",
        description:
          "Read from the chain at the time of the request: lamports, the fee reserve the API keeps back from a transfer (rent for up to 7 new token accounts plus 8 signature fees = 14,314,960 lamports; tips and priority fees come on top), and every non-zero token balance (SPL Token and Token-2022), summed per mint. Tokens the service lists (components, launch tokens) carry `known: true` and their ticker, name and logo. Any valid address answers, including one the chain has never seen (all zero).",
        tags,
        params: WalletParamsSchema,
        response: {
          200: recordResponse(WalletBalancesSchema, "The wallet's balances.", EXAMPLE_WALLET_BALANCES),
          ...errorResponses({ 400: [parameterFailureExample("params", WalletParamsSchema, "wallet")], 500: ["INTERNAL"] }),
        },
      },
    },
    // The schema admits the specification's pattern; walletBalances reads one that is no 32-byte key as holding nothing.
    async (request) => walletBalances(devnet, readModel, request.params.wallet as Address),
  );

  app.get(
    "/wallets/:wallet/created",
    {
      schema: {
        operationId: "listWalletCreatedLaunches",
        summary: "Launches a wallet created",
        description: "Short rows of every launch the wallet created, newest first.",
        tags,
        params: WalletParamsSchema,
        response: {
          200: CreatedResponseSchema,
          ...errorResponses({ 400: [parameterFailureExample("params", WalletParamsSchema, "wallet")], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request) => ({ launches: readModel.createdBy(request.params.wallet) }),
  );
};
