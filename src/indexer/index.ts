/**
 * The read model behind every /v1 read route: landed transactions' program events folded
 * into in-memory state and indexes, rendered as the specification's records on read.
 * Layer: imports chain types, programs and economics only.
 */
export {
  type Change,
  type KindFilter,
  type LaunchListQuery,
  type LaunchMetadata,
  ReadModel,
  type ReadModelOptions,
  type TokenListing,
  parseLaunchCursor,
} from "./read-model.ts";
export type { LaunchCursor, LaunchOrder } from "./launch-cursor.ts";
export * from "./records/index.ts";
