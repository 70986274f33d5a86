import type { CardsBundle } from "./cards-bundle.ts";
import type { ClientFrame } from "./parse-client-frame.ts";

/** A socket's subscription state, as the registry reads and writes it. */
export interface Subscriber {
  readonly cards: CardsBundle;
  readonly topics: Set<string>;
  /** False until the first valid `sub` (only meaningful when the initial scope is broadcast). */
  scoped: boolean;
  live: { readonly id: string; launch: string | null } | null;
}

export interface SubscriptionOutcome {
  /** Present when a cap trimmed the `sub`. */
  readonly suback: { readonly accepted: number; readonly rejected: number; readonly cap: number } | null;
  /** A cards `sub` answers with a snapshot; a cards `unsub` with the launches that left. */
  readonly cards: { readonly snapshot: true } | { readonly snapshot: false; readonly removed: readonly string[] } | null;
}

/** Adds `value` to the set under `key`, creating it. */
function put<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (set) set.add(value);
  else index.set(key, new Set([value]));
}

function drop<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/**
 * Who listens to what, indexed both ways: each socket holds its own state (`Subscriber`),
 * and the registry keeps launch → sockets and topic → sockets so a change reaches its
 * sockets without scanning the others. Ids that name no launch yet (a creator subscribing
 * before its launch lands) wait under the id and move to the launch when it appears.
 */
export class SubscriptionRegistry<S extends Subscriber> {
  readonly #cards = new Map<string, Set<S>>();
  readonly #live = new Map<string, Set<S>>();
  readonly #pendingCards = new Map<string, Set<S>>();
  readonly #pendingLive = new Map<string, Set<S>>();
  readonly #topics = new Map<string, Set<S>>();
  readonly #broadcast = new Set<S>();
  readonly #resolve: (id: string) => string | null;
  readonly #limits: { readonly maxCardMints: number; readonly maxTopics: number };

  constructor(resolve: (id: string) => string | null, limits: { maxCardMints: number; maxTopics: number }) {
    this.#resolve = resolve;
    this.#limits = limits;
  }

  add(subscriber: S): void {
    if (!subscriber.scoped) this.#broadcast.add(subscriber);
  }

  remove(subscriber: S): void {
    this.#broadcast.delete(subscriber);
    for (const topic of subscriber.topics) drop(this.#topics, topic, subscriber);
    this.#leaveLive(subscriber);
    for (const id of [...subscriber.cards.ids()]) this.#leaveCard(subscriber, id);
  }

  /** Applies a parsed frame; `dropped` counts the malformed addresses the parser removed from it. */
  apply(subscriber: S, frame: ClientFrame, dropped = 0): SubscriptionOutcome {
    if (frame.op === "sub" && !subscriber.scoped) {
      subscriber.scoped = true;
      this.#broadcast.delete(subscriber);
    }
    if ("topic" in frame) return this.#applyTopic(subscriber, frame.op, frame.topic);
    // A live frame whose only address was malformed names nothing: not even "leave whatever it is".
    if (frame.tier === "live" && frame.mint === null && dropped > 0) return { suback: null, cards: null };
    if (frame.tier === "live") return this.#applyLive(subscriber, frame.op, frame.mint);
    return this.#applyCards(subscriber, frame.op, frame.mints);
  }

  /** A launch appeared: sockets that subscribed it by address or mint before it existed now hold it. */
  resolveLaunch(launch: string, primaryMint: string): S[] {
    const gained: S[] = [];
    for (const id of [launch, primaryMint]) {
      for (const subscriber of this.#pendingCards.get(id) ?? []) {
        if (subscriber.cards.resolve(id, launch) !== null) gained.push(subscriber);
        put(this.#cards, launch, subscriber);
      }
      this.#pendingCards.delete(id);
      for (const subscriber of this.#pendingLive.get(id) ?? []) {
        subscriber.live = { id, launch };
        put(this.#live, launch, subscriber);
      }
      this.#pendingLive.delete(id);
    }
    return gained;
  }

  /** Sockets told of a trade: topic `trades`, the launch's live tier, broadcast scope. */
  tradeTargets(launch: string): Set<S> {
    return this.#union(this.#topics.get("trades"), this.#live.get(launch));
  }

  /** Sockets told of a launch's status, migration or collectible stage: its cards and live tiers, broadcast scope. */
  launchStateTargets(launch: string): Set<S> {
    return this.#union(this.#cards.get(launch), this.#live.get(launch));
  }

  /** Sockets told of a collectible's move: its cards and live tiers, topic `launches`, broadcast scope. */
  collectibleTargets(launch: string): Set<S> {
    return this.#union(this.#cards.get(launch), this.#live.get(launch), this.#topics.get("launches"));
  }

  /** Sockets told of a new launch: topic `launches`, broadcast scope. */
  newLaunchTargets(): Set<S> {
    return this.#union(this.#topics.get("launches"));
  }

  cardHolders(launch: string): ReadonlySet<S> | undefined {
    return this.#cards.get(launch);
  }

  /** Every launch some socket holds in its cards set. */
  heldLaunches(): IterableIterator<string> {
    return this.#cards.keys();
  }

  #union(...sets: (ReadonlySet<S> | undefined)[]): Set<S> {
    const result = new Set(this.#broadcast);
    for (const set of sets) if (set) for (const subscriber of set) result.add(subscriber);
    return result;
  }

  #applyTopic(subscriber: S, op: "sub" | "unsub", topic: string): SubscriptionOutcome {
    if (op === "unsub") {
      subscriber.topics.delete(topic);
      drop(this.#topics, topic, subscriber);
      return { suback: null, cards: null };
    }
    if (!subscriber.topics.has(topic) && subscriber.topics.size >= this.#limits.maxTopics) {
      return { suback: { accepted: 0, rejected: 1, cap: this.#limits.maxTopics }, cards: null };
    }
    subscriber.topics.add(topic);
    put(this.#topics, topic, subscriber);
    return { suback: null, cards: null };
  }

  #applyLive(subscriber: S, op: "sub" | "unsub", mint: string | null): SubscriptionOutcome {
    const none = { suback: null, cards: null };
    if (op === "unsub") {
      const current = subscriber.live;
      // Without mint: leave whatever it is; with one: leave when it names the same launch (by address or mint).
      const same = mint === null || mint === current?.id || (current?.launch != null && this.#resolve(mint) === current.launch);
      if (current && same) this.#leaveLive(subscriber);
      return none;
    }
    if (mint === null) return none; // a sub always names its launch (the parser refuses one without)
    this.#leaveLive(subscriber); // a second live sub replaces the first
    const launch = this.#resolve(mint);
    subscriber.live = { id: mint, launch };
    if (launch === null) put(this.#pendingLive, mint, subscriber);
    else put(this.#live, launch, subscriber);
    return none;
  }

  #applyCards(subscriber: S, op: "sub" | "unsub", mints: readonly string[] | null): SubscriptionOutcome {
    if (op === "unsub") {
      const ids = mints === null ? [...subscriber.cards.ids()] : mints.flatMap((id) => this.#heldIdsNaming(subscriber, id));
      const removed = ids.map((id) => this.#leaveCard(subscriber, id)).filter((launch): launch is string => launch !== null);
      return { suback: null, cards: { snapshot: false, removed } };
    }
    let rejected = 0;
    for (const id of mints ?? []) {
      if (subscriber.cards.hasId(id)) continue;
      const launch = this.#resolve(id);
      // Another name of a launch already held (its mint beside its address) takes no room.
      const held = launch !== null && subscriber.cards.holds(launch);
      if (!held && subscriber.cards.size >= this.#limits.maxCardMints) {
        rejected += 1;
        continue;
      }
      subscriber.cards.add(id, launch);
      if (launch === null) put(this.#pendingCards, id, subscriber);
      else put(this.#cards, launch, subscriber);
    }
    const accepted = (mints?.length ?? 0) - rejected;
    return { suback: rejected > 0 ? { accepted, rejected, cap: this.#limits.maxCardMints } : null, cards: { snapshot: true } };
  }

  /** The held ids an unsub of `id` leaves: `id` itself, and any other id of the same launch (its address or mint). */
  #heldIdsNaming(subscriber: S, id: string): string[] {
    const launch = subscriber.cards.launchOf(id) ?? this.#resolve(id);
    if (launch === null) return subscriber.cards.hasId(id) ? [id] : [];
    return [...subscriber.cards.ids()].filter((held) => held === id || subscriber.cards.launchOf(held) === launch);
  }

  #leaveLive(subscriber: S): void {
    const current = subscriber.live;
    if (!current) return;
    if (current.launch === null) drop(this.#pendingLive, current.id, subscriber);
    else drop(this.#live, current.launch, subscriber);
    subscriber.live = null;
  }

  /** Removes one id from the socket's cards; returns the launch that left its set, if any. */
  #leaveCard(subscriber: S, id: string): string | null {
    const launch = subscriber.cards.launchOf(id);
    if (launch === undefined) return null;
    const left = subscriber.cards.remove(id);
    if (launch === null) drop(this.#pendingCards, id, subscriber);
    else if (left !== null) drop(this.#cards, launch, subscriber);
    return left;
  }
}
