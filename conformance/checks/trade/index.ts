import type { Check } from "../../engine/check.ts";
import { buildCreateUnsignedForCreator } from "./create-checks.ts";
import {
  buildAnswerFields,
  planCountMatchesRoute,
  planFeePayerIsWallet,
  planOnlyWalletSigns,
  planOrder,
  planSingleSettle,
  planTransactionIsLast,
  planUnsigned,
} from "./plan-checks.ts";
import {
  quoteComponentsNamedAsLaunch,
  quoteExactInSolWithinBudget,
  quoteExpiresAtWithin30s,
  quoteExpiry30s,
  quoteExpiryStatus410,
  quoteNoWalletNoRoute,
  quotePreviewUnbuildable,
  quoteShapesByVenue,
  quoteTermsFollowRequest,
  quoteWalletRoutesShortfall,
} from "./quote-checks.ts";
import {
  buildRereadsBalances,
  statusExpiredAfterLastValid,
  statusFailedIsHttp200,
  submitAnswersStatus,
  submitConcurrentFails,
  submitDuplicateExecutesOnce,
  submitOutOfOrderFails,
  submitTamperedChangesNothing,
} from "./submission-checks.ts";
import { tapeRecordsOwnTrades, tradeTermsKept } from "./tape-checks.ts";

/** Every check of the `trade` phase: the quote, build, submit and status rules, most with a funded wallet and time. */
export const TRADE_CHECKS: readonly Check[] = [
  quoteShapesByVenue,
  quoteExactInSolWithinBudget,
  quotePreviewUnbuildable,
  quoteExpiry30s,
  quoteExpiryStatus410,
  quoteWalletRoutesShortfall,
  quoteNoWalletNoRoute,
  quoteComponentsNamedAsLaunch,
  quoteTermsFollowRequest,
  quoteExpiresAtWithin30s,
  buildAnswerFields,
  planOrder,
  planTransactionIsLast,
  planSingleSettle,
  planCountMatchesRoute,
  planFeePayerIsWallet,
  planOnlyWalletSigns,
  planUnsigned,
  buildCreateUnsignedForCreator,
  submitOutOfOrderFails,
  submitConcurrentFails,
  submitAnswersStatus,
  statusFailedIsHttp200,
  statusExpiredAfterLastValid,
  submitDuplicateExecutesOnce,
  submitTamperedChangesNothing,
  buildRereadsBalances,
  tapeRecordsOwnTrades,
  tradeTermsKept,
];
