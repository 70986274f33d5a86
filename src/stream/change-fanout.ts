import type { CardCache } from "./card-cache.ts";
import { encodeFrame } from "./encode-frame.ts";
import type { StreamChange } from "./stream-read-model.ts";
import type { Subscriber, SubscriptionRegistry } from "./subscription-registry.ts";

export interface FanoutContext<S extends Subscriber> {
  readonly registry: SubscriptionRegistry<S>;
  readonly cache: CardCache;
  /** Every open socket (global frames). */
  everyone(): Iterable<S>;
  /** Sends one encoded frame to each of `targets`. */
  deliver(targets: Iterable<S>, frame: Buffer): void;
}

/**
 * Announces a batch of changes in feed order — each frame encoded once and sent to the
 * sockets interested in it, each socket at most once per change — and refreshes the cards
 * they touch. Returns the launches whose card moved, for `deliverCardDeltas`.
 */
export function announceChanges<S extends Subscriber>(changes: readonly StreamChange[], context: FanoutContext<S>): Set<string> {
  const { registry, cache } = context;
  const touched = new Set<string>();
  for (const change of changes) {
    switch (change.kind) {
      case "trade": {
        const { launch, signature, slot, seq } = change;
        announce(context, registry.tradeTargets(launch), () =>
          encodeFrame({ kind: "trade", launch, data: { signature, slot: Number(slot), seq } }),
        );
        touched.add(launch);
        break;
      }
      case "status":
        announce(context, registry.launchStateTargets(change.launch), () =>
          encodeFrame({ kind: "status", launch: change.launch, data: { status: change.status } }),
        );
        touched.add(change.launch);
        break;
      case "migration":
        announce(context, registry.launchStateTargets(change.launch), () => encodeFrame({ kind: "migration", launch: change.launch }));
        touched.add(change.launch);
        break;
      case "collectible":
        // The feed fires after the change is folded in: GET /v1/collectibles/{id} already shows it.
        announce(context, registry.collectibleTargets(change.launch), () =>
          encodeFrame({ kind: "collectible", launch: change.launch, data: { stage: change.stage, event: change.event } }),
        );
        touched.add(change.launch);
        break;
      case "launch": {
        cache.ensure(change.launch);
        const cached = cache.get(change.launch);
        if (cached === undefined) break; // not readable: nothing true to announce
        const frame = Buffer.from(`{"kind":"launch","launch":${JSON.stringify(change.launch)},"data":${cached.json}}`);
        context.deliver(registry.newLaunchTargets(), frame);
        registry.resolveLaunch(change.launch, cached.card.primaryMint);
        touched.add(change.launch);
        break;
      }
      case "prices":
        // Prices move every card's USD figures.
        context.deliver(context.everyone(), encodeFrame({ kind: "prices" }));
        for (const launch of registry.heldLaunches()) touched.add(launch);
        break;
    }
  }
  const moved = new Set<string>();
  for (const launch of touched) {
    if (registry.cardHolders(launch) === undefined) continue;
    cache.ensure(launch);
    moved.add(launch); // a newly resolved holder needs it even when the cache already had it
  }
  return moved;
}

/** Encodes the frame only when someone listens: most trades reach cards holders as deltas, not as frames. */
function announce<S extends Subscriber>(context: FanoutContext<S>, targets: ReadonlySet<S>, frame: () => Buffer): void {
  if (targets.size > 0) context.deliver(targets, frame());
}

/** Sends each cards subscriber one delta with its cards among `moved` whose version it has not seen. */
export function deliverCardDeltas<S extends Subscriber>(moved: ReadonlySet<string>, context: FanoutContext<S>): void {
  const candidates = new Map<S, string[]>();
  for (const launch of moved) {
    for (const holder of context.registry.cardHolders(launch) ?? []) {
      const list = candidates.get(holder);
      if (list) list.push(launch);
      else candidates.set(holder, [launch]);
    }
  }
  for (const [holder, launches] of candidates) {
    const frame = holder.cards.delta(context.cache, launches);
    if (frame) context.deliver([holder], frame);
  }
}
