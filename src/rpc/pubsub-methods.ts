import { invalidParams, answer } from "./json-rpc-envelope.ts";
import type { PubSubSession, Subscription } from "./pubsub-session.ts";
import { type RpcMethodTable, method } from "./rpc-method.ts";
import { MAX_FILTERS, ProgramAccountsFilter, filtersMatch } from "./program-accounts-method.ts";
import {
  AccountEncoding,
  Commitment,
  DataSlice,
  Pubkey,
  SignatureSubscribeConfig,
  SubscriptionId,
  TransactionSignature,
} from "./rpc-schemas.ts";
import { Type } from "@sinclair/typebox";
import type { Address } from "@solana/kit";
import { badPubkey } from "./account-methods.ts";

/**
 * State subscriptions take every commitment: processed and confirmed hear a change at the
 * slot tick it lands on (this devnet has no forks), finalized hears the same notification,
 * with the state as of that change, once its slot is 32 deep. A subscription naming no
 * commitment is finalized, as the validator's: kit leaves `finalized` out of every request
 * (its default), and web3.js asks for it when its Connection names no commitment.
 */
const AccountSubscribeConfig = Type.Object({ commitment: Type.Optional(Commitment), encoding: Type.Optional(AccountEncoding) });
const LogsFilter = Type.Union([
  Type.Literal("all"),
  Type.Literal("allWithVotes"),
  Type.Object({ mentions: Type.Array(Pubkey, { minItems: 1, maxItems: 1 }) }, { additionalProperties: false }),
]);
const ProgramSubscribeConfig = Type.Object({
  commitment: Type.Optional(Commitment),
  encoding: Type.Optional(AccountEncoding),
  dataSlice: Type.Optional(DataSlice),
  filters: Type.Optional(Type.Array(ProgramAccountsFilter, { maxItems: MAX_FILTERS })),
});
const LogsSubscribeConfig = Type.Object({ commitment: Type.Optional(Commitment) });

/** Whether a state subscription waits for finalized: unless it names processed or confirmed. */
const finalizedUnlessNamed = (commitment: string | undefined) => (commitment ?? "finalized") === "finalized";

/** Subscriptions one socket may hold: each is looked at every slot, so a socket's count bounds its share of a tick. */
export const MAX_SUBSCRIPTIONS = 256;
/**
 * Subscriptions the sockets of one client address may hold between them. Each slot every
 * subscription is looked at and may owe a notification per account written: 24 sockets of 256
 * subscriptions to the whole token program made the server spend seconds a slot writing them.
 */
export const MAX_SUBSCRIPTIONS_PER_ADDRESS = 1_024;

/** Subscribes `session` to `subscription` and answers its id, or refuses when the socket or its address holds its limit. */
function subscribed(session: PubSubSession, subscription: Subscription) {
  if (session.subscriptionCount >= MAX_SUBSCRIPTIONS)
    return invalidParams(`Invalid params: this socket holds ${MAX_SUBSCRIPTIONS} subscriptions, the most it may; unsubscribe first`);
  if (session.share.subscriptions >= MAX_SUBSCRIPTIONS_PER_ADDRESS) {
    return invalidParams(
      `Invalid params: the sockets of this client address hold ${MAX_SUBSCRIPTIONS_PER_ADDRESS} subscriptions between them, the most they may; unsubscribe first`,
    );
  }
  return answer(session.subscribe(subscription));
}

const unsubscribe = (kind: Subscription["kind"]) =>
  method([SubscriptionId], 1, ([id], _deps, session: PubSubSession) =>
    session.unsubscribe(id, kind) ? answer(true) : invalidParams("Invalid subscription id."),
  );

/** The PubSub methods served on the WebSocket port. */
export const PUBSUB_METHODS: RpcMethodTable = {
  signatureSubscribe: method(
    [TransactionSignature, SignatureSubscribeConfig],
    1,
    ([signature, config = {}], _deps, session: PubSubSession) =>
      subscribed(session, {
        kind: "signature",
        signature,
        commitment: config.commitment ?? "finalized",
        received: config.enableReceivedNotification ?? false,
      }),
  ),
  signatureUnsubscribe: unsubscribe("signature"),
  slotSubscribe: method([], 0, (_params, _deps, session: PubSubSession) => subscribed(session, { kind: "slot" })),
  slotUnsubscribe: unsubscribe("slot"),
  rootSubscribe: method([], 0, (_params, _deps, session: PubSubSession) => subscribed(session, { kind: "root" })),
  rootUnsubscribe: unsubscribe("root"),
  accountSubscribe: method([Pubkey, AccountSubscribeConfig], 1, ([key, config = {}], { devnet }, session: PubSubSession) => {
    const refused = badPubkey(key);
    if (refused) return refused;
    const address = key as Address;
    return subscribed(session, {
      kind: "account",
      address,
      encoding: config.encoding ?? "binary",
      last: devnet.getAccount(address),
      finalized: finalizedUnlessNamed(config.commitment),
    });
  }),
  accountUnsubscribe: unsubscribe("account"),
  logsSubscribe: method([LogsFilter, LogsSubscribeConfig], 1, ([filter, config = {}], _deps, session: PubSubSession) => {
    const mentions = typeof filter === "string" ? null : (filter.mentions[0] as Address);
    return (
      (mentions && badPubkey(mentions)) ||
      subscribed(session, { kind: "logs", mentions, finalized: finalizedUnlessNamed(config.commitment) })
    );
  }),
  logsUnsubscribe: unsubscribe("logs"),
  programSubscribe: method([Pubkey, ProgramSubscribeConfig], 1, ([key, config = {}], _deps, session: PubSubSession) => {
    const matches = badPubkey(key) ?? filtersMatch(config.filters);
    if (typeof matches !== "function") return matches;
    return subscribed(session, {
      kind: "program",
      program: key as Address,
      encoding: config.encoding ?? "binary",
      dataSlice: config.dataSlice,
      matches,
      finalized: finalizedUnlessNamed(config.commitment),
    });
  }),
  programUnsubscribe: unsubscribe("program"),
};
