import { describe, expect, test } from "vitest";
import { CardsBundle } from "../cards-bundle.ts";
import { parseClientFrame } from "../parse-client-frame.ts";
import { type Subscriber, SubscriptionRegistry } from "../subscription-registry.ts";

// Launch L is known by its address and its mint M; X names nothing (yet). Each decodes to 32 bytes, as the wire rule demands.
const L = "LaunchAddress111111111111111111111111111111";
const M = "LaunchMint111111111111111111111111111111111";
const X = "NotYetA1aunch111111111111111111111111111111";
const Y = "NotYetEither1111111111111111111111111111111";
const Z = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

function setup(limits = { maxCardMints: 3, maxTopics: 2 }) {
  const launches = new Map([
    [L, L],
    [M, L],
  ]);
  const registry = new SubscriptionRegistry<Subscriber>((id) => launches.get(id) ?? null, limits);
  const socket: Subscriber = { cards: new CardsBundle(), topics: new Set(), scoped: false, live: null };
  registry.add(socket);
  const send = (frame: object) => {
    const parsed = parseClientFrame(JSON.stringify(frame), 65_536);
    if (!parsed.ok) throw new Error(parsed.ignored);
    return registry.apply(socket, parsed.frame, parsed.dropped);
  };
  return { registry, socket, send, launches };
}

describe("SubscriptionRegistry", () => {
  test("before a sub the socket is in broadcast scope; any well-formed sub scopes it", () => {
    const { registry, socket, send } = setup();
    expect(registry.tradeTargets(L).has(socket)).toBe(true);
    send({ op: "sub", tier: "live", mint: "garbage" });
    expect(socket.scoped).toBe(true);
    expect(registry.tradeTargets(L).has(socket)).toBe(false);
  });

  test("a live unsub whose mint was malformed leaves nothing; one naming an unknown launch leaves nothing", () => {
    const { registry, socket, send } = setup();
    send({ op: "sub", tier: "live", mint: X }); // pending: X is no launch yet
    send({ op: "unsub", tier: "live", mint: "garbage" });
    send({ op: "unsub", tier: "live", mint: Y });
    expect(socket.live).toEqual({ id: X, launch: null });
    send({ op: "sub", tier: "live", mint: M });
    send({ op: "unsub", tier: "live", mint: L }); // same launch, other form
    expect(socket.live).toBeNull();
    expect(registry.tradeTargets(L).size).toBe(0);
  });

  test("a pending id moves to its launch when the launch appears", () => {
    const { registry, socket, send, launches } = setup();
    send({ op: "sub", tier: "cards", mints: [X] });
    send({ op: "sub", tier: "live", mint: X });
    expect(registry.cardHolders(X)).toBeUndefined();
    launches.set(X, X);
    expect(registry.resolveLaunch(X, Y)).toEqual([socket]);
    expect(registry.cardHolders(X)?.has(socket)).toBe(true);
    expect(registry.tradeTargets(X).has(socket)).toBe(true);
  });

  test("cards: the cap counts launches (address and mint once) and unresolved ids, trims the rest; unsub by either form leaves", () => {
    const { registry, socket, send } = setup();
    expect(send({ op: "sub", tier: "cards", mints: [L, M, X, Y] }).suback).toBeNull();
    expect([...socket.cards.launches()]).toEqual([L]);
    expect(send({ op: "sub", tier: "cards", mints: [L, Z] }).suback).toEqual({ accepted: 1, rejected: 1, cap: 3 });
    expect(send({ op: "unsub", tier: "cards", mints: [M] }).cards).toEqual({ snapshot: false, removed: [L] });
    expect([...socket.cards.ids()]).toEqual([X, Y]);
    expect(registry.cardHolders(L)).toBeUndefined();
    registry.remove(socket);
    expect([...socket.cards.ids()]).toEqual([]);
  });

  test("topics: the cap counts distinct names; a held topic is not new", () => {
    const { send } = setup();
    expect(send({ op: "sub", topic: "trades" }).suback).toBeNull();
    expect(send({ op: "sub", topic: "launches" }).suback).toBeNull();
    expect(send({ op: "sub", topic: "trades" }).suback).toBeNull();
    expect(send({ op: "sub", topic: "other" }).suback).toEqual({ accepted: 0, rejected: 1, cap: 2 });
  });
});
