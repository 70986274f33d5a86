import { invalidParams, answer } from "./json-rpc-envelope.ts";
import type { PubSubSession } from "./pubsub-session.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { SignatureSubscribeConfig, SubscriptionId, TransactionSignature } from "./rpc-schemas.ts";

const unsubscribe = (kind: "slot" | "signature") =>
  method([SubscriptionId], 1, ([id], _deps, session: PubSubSession) =>
    session.unsubscribe(id, kind) ? answer(true) : invalidParams("Invalid subscription id."),
  );

/** The PubSub methods served on the WebSocket port. */
export const PUBSUB_METHODS: RpcMethodTable = {
  signatureSubscribe: method(
    [TransactionSignature, SignatureSubscribeConfig],
    1,
    ([signature, config = {}], _deps, session: PubSubSession) =>
      answer(session.subscribe({ kind: "signature", signature, commitment: config.commitment ?? "finalized" })),
  ),
  signatureUnsubscribe: unsubscribe("signature"),
  slotSubscribe: method([], 0, (_params, _deps, session: PubSubSession) => answer(session.subscribe({ kind: "slot" }))),
  slotUnsubscribe: unsubscribe("slot"),
};
