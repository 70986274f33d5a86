import type { Check } from "../../engine/check.ts";
import { cardsResubSnapshot } from "./cards-resub-snapshot.ts";
import { cardsNoRawTrades } from "./cards-no-raw-trades.ts";
import { cardsSeqContinuity } from "./cards-seq-continuity.ts";
import { cardsDeltasChanged } from "./cards-deltas-changed.ts";
import { cardsSnapshotFirst } from "./cards-snapshot-first.ts";
import { cardsUnsubClears } from "./cards-unsub-clears.ts";
import { closeCapRefusal } from "./close-cap-refusal.ts";
import { closeFlood } from "./close-flood.ts";
import { closeFloodWindow } from "./close-flood-window.ts";
import { closeIdle } from "./close-idle.ts";
import { closeShutdown } from "./close-shutdown.ts";
import { frameSizeLimit } from "./frame-size-limit.ts";
import { framesEnvelope } from "./frames-envelope.ts";
import { framesValidate } from "./frames-validate.ts";
import { helloFirst } from "./hello-first.ts";
import { launchesTopic } from "./launches-topic.ts";
import { liveReplaces } from "./live-replaces.ts";
import { mintsMalformedDropped } from "./mints-malformed-dropped.ts";
import { pingCadence } from "./ping-cadence.ts";
import { resyncKeepsOpen } from "./resync-keeps-open.ts";
import { scopeOnlySubscribed } from "./scope-only-subscribed.ts";
import { statusFramesOnStateChange } from "./status-frames.ts";
import { subForms } from "./sub-forms.ts";
import { subackMintCap, subackMintCapOfPattern, subackMintCapPerSocket } from "./suback-mint-cap.ts";
import { subackTopicCap } from "./suback-topic-cap.ts";
import { tradeRestConsistency } from "./trade-rest-consistency.ts";
import { tradesTopic } from "./trades-topic.ts";
import { unknownKindsTolerated } from "./unknown-kinds-tolerated.ts";

/**
 * Every check of the `stream` phase. Closing checks come last: the flood and refusal
 * checks end sockets, and the shutdown check closes every socket of the server.
 */
export const STREAM_CHECKS: readonly Check[] = [
  helloFirst,
  framesEnvelope,
  framesValidate,
  subForms,
  tradesTopic,
  launchesTopic,
  statusFramesOnStateChange,
  scopeOnlySubscribed,
  cardsSnapshotFirst,
  cardsNoRawTrades,
  cardsSeqContinuity,
  cardsResubSnapshot,
  cardsUnsubClears,
  cardsDeltasChanged,
  subackMintCap,
  subackMintCapPerSocket,
  subackMintCapOfPattern,
  subackTopicCap,
  mintsMalformedDropped,
  frameSizeLimit,
  unknownKindsTolerated,
  liveReplaces,
  tradeRestConsistency,
  resyncKeepsOpen,
  pingCadence,
  closeFlood,
  closeFloodWindow,
  closeCapRefusal,
  closeIdle,
  closeShutdown,
];
