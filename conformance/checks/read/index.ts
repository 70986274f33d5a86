import type { Check } from "../../engine/check.ts";
import {
  chartCandlesAligned,
  chartCandlesEmptyCarriesClose,
  chartCandlesLowHighBounds,
  chartCandlesOldestFirst,
  chartCandlesOpenAtPreviousClose,
  chartTradesCountMatchesTape,
  chartVolumeMatchesTape,
} from "./candle-checks.ts";
import { COLLECTIBLE_CHECKS } from "./collectible-checks.ts";
import { defaultsDocumented } from "./default-checks.ts";
import { launchesFiltersMatch, launchesPriceSol, launchesSelectors } from "./filter-checks.ts";
import { launchesLegacyVsPaged, launchesPagingComplete, launchesPagingDisjoint, launchesPagingOrdered } from "./launch-paging-checks.ts";
import { almostPairedRule, balancesExact, balancesShape, createdNewestFirst, liveNewestAcrossLaunches } from "./list-checks.ts";
import {
  launchLookupSameRecord,
  lookupPatternAddresses,
  searchEmptyQuery,
  searchFindsExactAddress,
  searchFindsExactMint,
} from "./lookup-checks.ts";
import {
  tradesCursorNoRepeatNoSkip,
  tradesLaunchMatches,
  tradesNewestFirst,
  tradesPriceSol,
  tradesShortPageAtStart,
} from "./trade-tape-checks.ts";

/** Every check of the `read` phase: properties of what the read routes return, over inputs discovered on the server. */
export const READ_CHECKS: readonly Check[] = [
  launchesPagingDisjoint,
  launchesPagingOrdered,
  launchesPagingComplete,
  launchesLegacyVsPaged,
  launchesFiltersMatch,
  launchesSelectors,
  launchesPriceSol,
  defaultsDocumented,
  tradesCursorNoRepeatNoSkip,
  tradesNewestFirst,
  tradesShortPageAtStart,
  tradesLaunchMatches,
  tradesPriceSol,
  chartCandlesOpenAtPreviousClose,
  chartCandlesLowHighBounds,
  chartCandlesEmptyCarriesClose,
  chartCandlesOldestFirst,
  chartCandlesAligned,
  chartTradesCountMatchesTape,
  chartVolumeMatchesTape,
  launchLookupSameRecord,
  searchFindsExactAddress,
  searchFindsExactMint,
  searchEmptyQuery,
  lookupPatternAddresses,
  almostPairedRule,
  liveNewestAcrossLaunches,
  createdNewestFirst,
  balancesShape,
  balancesExact,
  ...COLLECTIBLE_CHECKS,
];
