/** The records of the read routes: TypeBox schemas (each with a `$id`) and their static types. */
export * from "./record-fields.ts";
export * from "./component.ts";
export * from "./launch-row.ts";
export * from "./short-launch-row.ts";
export * from "./trade-record.ts";
export * from "./live-trade-record.ts";
export * from "./candle.ts";
export * from "./assets-response.ts";
export * from "./wallet-balances.ts";
export * from "./vault-card.ts";
export * from "./collectible-record.ts";
export * from "./collectible-vault.ts";

import { AssetSchema, AssetsResponseSchema } from "./assets-response.ts";
import { CandleSchema } from "./candle.ts";
import { CollectibleDetailSchema, CollectibleRecordSchema } from "./collectible-record.ts";
import { CollectibleVaultSchema } from "./collectible-vault.ts";
import { ComponentSchema } from "./component.ts";
import { LaunchRowSchema } from "./launch-row.ts";
import { LiveTradeRecordSchema } from "./live-trade-record.ts";
import { ShortLaunchRowSchema } from "./short-launch-row.ts";
import { TradeRecordSchema } from "./trade-record.ts";
import { VaultCardSchema } from "./vault-card.ts";
import { WalletBalancesSchema, WalletTokenSchema } from "./wallet-balances.ts";

/**
 * Every record schema, leaves first. Register them in this order (`ajv.addSchema`,
 * `fastify.addSchema`) when one validator sees several: a schema embedding another carries
 * the same `$id`, which ajv accepts once it already knows it.
 */
export const RECORD_SCHEMAS = [
  ComponentSchema,
  LaunchRowSchema,
  ShortLaunchRowSchema,
  TradeRecordSchema,
  LiveTradeRecordSchema,
  CandleSchema,
  AssetSchema,
  AssetsResponseSchema,
  WalletTokenSchema,
  WalletBalancesSchema,
  CollectibleRecordSchema,
  CollectibleDetailSchema,
  VaultCardSchema,
  CollectibleVaultSchema,
] as const;
