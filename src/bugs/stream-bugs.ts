import type { WebSocket } from "ws";
import { WIRE_RULES } from "../wire/wire-fields.ts";
import type { InjectedBug, StreamBreak } from "./injected-bug.ts";
import { objectOf } from "./json-answer.ts";

/** Signatures announced in trade frames, with the wall time of the announcement: what the tape hides for a while. */
export const announcedTrades = new Map<string, number>();
/** How long the lagging tape hides an announced trade, in wall milliseconds. */
export const TAPE_LAG_MS = 3_000;

/** A client frame as JSON, or null. */
function parsed(data: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data.toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The ids a client frame names, in `mints` and in `mint`, as sent (any JSON). */
function idsNamed(data: Buffer): unknown[] {
  const frame = parsed(data);
  return frame ? [...(Array.isArray(frame.mints) ? frame.mints : []), ...(frame.mint === undefined ? [] : [frame.mint])] : [];
}

/** A string of the specification's address pattern (what the stream holds), whatever it decodes to. */
const isPatternAddress = (id: unknown): id is string => typeof id === "string" && WIRE_RULES.addressText.check(id);

/** Where a cards frame keeps `field`: on the frame or in its data. */
function cardsHolder(frame: Record<string, unknown>, field: string): Record<string, unknown> | null {
  if (frame.kind !== "cards") return null;
  if (field in frame) return frame;
  const data = frame.data;
  return typeof data === "object" && data !== null && field in data ? (data as Record<string, unknown>) : null;
}

/** The same frame with a cards field replaced, wherever the frame keeps it. */
function withCardsField(frame: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  if (field in frame) return { ...frame, [field]: value };
  return { ...frame, data: { ...(frame.data as Record<string, unknown>), [field]: value } };
}

/** An incoming hook that closes the socket with `code` on a frame `closes` picks, consuming it; other frames pass. */
function closesOn(
  code: number,
  reason: string,
  closes: (data: Buffer, socket: WebSocket) => boolean,
): NonNullable<StreamBreak["incoming"]> {
  return (data, socket) => {
    if (!closes(data, socket)) return true;
    socket.close(code, reason);
    return false;
  };
}

const snapshotsSent = new WeakMap<WebSocket, number>();
const framesHeard = new WeakMap<WebSocket, number[]>();

function tradeSignature(frame: Record<string, unknown>): string | null {
  const data = frame.data as Record<string, unknown> | undefined;
  const signature = data?.signature ?? (data?.trade as Record<string, unknown> | undefined)?.signature ?? frame.signature;
  return typeof signature === "string" ? signature : null;
}

/** Quote ids of sells and the signatures submitted with them, for `sell-trade-frames-dropped`. */
const sellQuotes = new Set<string>();
const sellSignatures = new Set<string>();
/** Sockets that sent a live-tier sub: the trades topic alone hears nothing in `trades-topic-silent`. */
const liveSubscribers = new WeakSet<WebSocket>();
/** Each socket's cards as its snapshot and deltas left them, by launch address. */
const cardsHeld = new WeakMap<WebSocket, Map<string, unknown>>();

/** Modes the `stream` phase catches: frames, subscriptions and closes that break the stream's rules. */
export const STREAM_BUGS: readonly InjectedBug[] = [
  {
    name: "hello-v2",
    phase: "stream",
    rule: "The hello frame carries v: 1; this mode sends v: 2.",
    caughtBy: "stream.hello.first",
    stream: { outgoing: (frame) => (frame.kind === "hello" ? { ...frame, v: 2 } : frame) },
  },
  {
    name: "frame-without-kind",
    phase: "stream",
    rule: "Every frame is a JSON object with a kind; this mode names it type on every frame after hello.",
    caughtBy: "stream.frames.envelope",
    stream: {
      outgoing: (frame) => {
        if (frame.kind === "hello") return frame;
        const { kind, ...rest } = frame;
        return { type: kind, ...rest };
      },
    },
  },
  {
    name: "cards-seq-as-string",
    phase: "stream",
    rule: "The AsyncAPI document gives a cards frame an integer seq; this mode sends it as a string.",
    caughtBy: "stream.frames.validate",
    strictOnly: true,
    stream: {
      outgoing: (frame) => {
        const holder = cardsHolder(frame, "seq");
        return holder ? withCardsField(frame, "seq", String(holder.seq)) : frame;
      },
    },
  },
  {
    name: "cards-seq-gap",
    phase: "stream",
    rule: "Each cards delta continues from the seq before it (prev = that seq); this mode skips one, so prev names a seq never sent.",
    caughtBy: "stream.cards.seqContinuity",
    stream: {
      outgoing: (frame) => {
        const full = cardsHolder(frame, "full")?.full;
        const prev = cardsHolder(frame, "prev")?.prev;
        return full === false && typeof prev === "number" ? withCardsField(frame, "prev", prev - 1) : frame;
      },
    },
  },
  {
    name: "resub-without-snapshot",
    phase: "stream",
    rule: "Subscribing to cards again yields a new snapshot; this mode sends a socket only its first snapshot.",
    caughtBy: "stream.cards.resubSnapshot",
    stream: {
      outgoing: (frame, socket) => {
        if (cardsHolder(frame, "full")?.full !== true) return frame;
        const sent = snapshotsSent.get(socket) ?? 0;
        snapshotsSent.set(socket, sent + 1);
        return sent === 0 ? frame : null;
      },
    },
  },
  {
    name: "no-suback",
    phase: "stream",
    rule: "A sub past a cap is trimmed and answered with suback (accepted, rejected, cap); this mode trims silently.",
    caughtBy: "stream.suback.mintCap",
    stream: { outgoing: (frame) => (frame.kind === "suback" ? null : frame) },
  },
  {
    name: "malformed-mint-closes",
    phase: "stream",
    rule: "A malformed address in mint or mints is dropped without closing the socket; this mode closes it with 1008.",
    caughtBy: "stream.mints.malformedDropped",
    stream: {
      incoming: closesOn(1008, "malformed address", (data) => idsNamed(data).some((id) => !isPatternAddress(id))),
    },
  },
  {
    name: "non-key-mints-ignored",
    phase: "stream",
    rule: "Our reading: a string of the address pattern is well formed whatever it decodes to, so a sub holds it and counts it toward the cap; this mode ignores a sub naming one that is no 32-byte key, as a server checking addresses further would drop it.",
    caughtBy: "stream.suback.mintCapOfPattern",
    strictOnly: true,
    stream: {
      incoming: (data) => !idsNamed(data).some((id) => isPatternAddress(id) && !WIRE_RULES.address.check(id)),
    },
  },
  {
    name: "big-frame-closes-1009",
    phase: "stream",
    rule: "A client frame over 64 KB is ignored and the socket stays open; this mode closes it with 1009.",
    caughtBy: "stream.frameSize.limit",
    stream: {
      incoming: closesOn(1009, "frame too large", (data) => data.byteLength > 64 * 1024),
    },
  },
  {
    name: "unknown-op-closes",
    phase: "stream",
    rule: "An unknown client op or an unreadable frame is ignored; this mode closes the socket with 1003.",
    caughtBy: "stream.unknownKinds.tolerated",
    strictOnly: true,
    stream: {
      incoming: closesOn(1003, "unsupported frame", (data) => {
        const frame = parsed(data);
        return !(frame && (frame.op === "sub" || frame.op === "unsub"));
      }),
    },
  },
  {
    name: "cards-unsub-all-ignored",
    phase: "stream",
    rule: "A cards unsub without mints clears the socket's set; this mode ignores it.",
    caughtBy: "stream.cards.unsubClears",
    stream: {
      incoming: (data) => {
        const frame = parsed(data);
        return !(frame?.op === "unsub" && frame.tier === "cards" && frame.mints === undefined);
      },
    },
  },
  {
    name: "cards-deltas-marked-full",
    phase: "stream",
    rule: "A cards delta carries only what changed and is not a snapshot; this mode marks every delta full: true, so a client would drop the cards it leaves out.",
    caughtBy: "stream.cards.seqContinuity",
    stream: {
      outgoing: (frame) => {
        const holder = cardsHolder(frame, "full");
        return holder && holder.full === false ? withCardsField(frame, "full", true) : frame;
      },
    },
  },
  {
    name: "sell-trade-frames-dropped",
    phase: "stream",
    rule: "Every trade is announced, a sell as a buy is; this mode sends no trade frame of a trade built from a sell quote.",
    caughtBy: "stream.trades.topic",
    http: {
      method: "POST",
      route: "*",
      // A sell is known by its quote: its id is remembered, then the signature submitted with it.
      onSend: (answer) => {
        const body = objectOf(answer.request.body);
        const answered = objectOf(answer.body);
        const path = answer.request.routeOptions.url;
        if (path === "/v1/trades/quote" && body?.direction === "sell") {
          const quoteId = objectOf(answered?.quote)?.quoteId;
          if (typeof quoteId === "string") sellQuotes.add(quoteId);
        }
        if (path === "/v1/transactions/submit" && typeof body?.quoteId === "string" && sellQuotes.has(body.quoteId)) {
          if (typeof answered?.signature === "string") sellSignatures.add(answered.signature);
        }
        return undefined;
      },
    },
    stream: {
      outgoing: (frame) => (frame.kind === "trade" && sellSignatures.has(String(tradeSignature(frame))) ? null : frame),
    },
  },
  {
    name: "cards-snapshot-dropped",
    phase: "stream",
    rule: "The first cards sub yields a snapshot (full: true), then deltas; this mode never sends the snapshot.",
    caughtBy: "stream.cards.snapshotFirst",
    stream: {
      outgoing: (frame) => (cardsHolder(frame, "full")?.full === true ? null : frame),
    },
  },
  {
    name: "cards-cap-per-sub",
    phase: "stream",
    rule: "The cards cap is 100 per socket, whatever number of subs fill it; this mode answers a suback only to a sub that alone names more than 100 (a cap per frame).",
    caughtBy: "stream.suback.mintCapPerSocket",
    strictOnly: true,
    stream: {
      outgoing: (frame) =>
        frame.kind === "suback" &&
        frame.cap === 100 &&
        typeof frame.accepted === "number" &&
        typeof frame.rejected === "number" &&
        frame.accepted + frame.rejected <= frame.cap
          ? null
          : frame,
    },
  },
  {
    name: "suback-counts-wrong",
    phase: "stream",
    rule: "A suback counts what was trimmed (rejected) and kept (accepted); this mode says nothing was accepted.",
    caughtBy: "stream.suback.mintCap",
    stream: {
      outgoing: (frame) =>
        frame.kind === "suback" && typeof frame.accepted === "number" && typeof frame.rejected === "number"
          ? { ...frame, accepted: 0, rejected: frame.accepted + frame.rejected }
          : frame,
    },
  },
  {
    name: "status-frames-silent",
    phase: "stream",
    rule: "A launch's state change reaches the live and cards tiers that follow it as status and migration frames; this mode sends none.",
    caughtBy: "stream.status.onStateChange",
    stream: { outgoing: (frame) => (frame.kind === "status" || frame.kind === "migration" ? null : frame) },
  },
  {
    name: "launch-frame-without-data",
    phase: "stream",
    rule: "A launch frame (topic launches) carries the new launch's first card data in data; this mode sends it without data.",
    caughtBy: "stream.launches.topic",
    stream: {
      outgoing: (frame) => {
        if (frame.kind !== "launch") return frame;
        const { data: _dropped, ...rest } = frame;
        return rest;
      },
    },
  },
  {
    name: "trades-topic-silent",
    phase: "stream",
    rule: "The trades topic hears every trade on the chain; this mode sends trade frames only to sockets with a live-tier sub.",
    caughtBy: "stream.trades.topic",
    stream: {
      incoming: (data, socket) => {
        const frame = parsed(data);
        if (frame?.op === "sub" && frame.tier === "live") liveSubscribers.add(socket);
        return true;
      },
      outgoing: (frame, socket) => (frame.kind === "trade" && !liveSubscribers.has(socket) ? null : frame),
    },
  },
  {
    name: "cards-deltas-repeat",
    phase: "stream",
    rule: "Cards deltas carry only what changed; this mode sends every card the socket holds in each delta.",
    caughtBy: "stream.cards.deltasChanged",
    stream: {
      outgoing: (frame, socket) => {
        if (frame.kind !== "cards") return frame;
        const data = frame.data as { cards: { address: string }[]; removed?: string[] };
        let held = cardsHeld.get(socket);
        if (frame.full === true || held === undefined) cardsHeld.set(socket, (held = new Map()));
        for (const card of data.cards) held.set(card.address, card);
        for (const launch of data.removed ?? []) held.delete(launch);
        return frame.full === true ? frame : { ...frame, data: { ...data, cards: [...held.values()] } };
      },
    },
  },
  {
    name: "versioned-sub-ignored",
    phase: "stream",
    rule: "A sub may carry v, which must be 1 when present; this mode ignores every frame that carries v.",
    caughtBy: "stream.sub.forms",
    stream: { incoming: (data) => parsed(data)?.v === undefined },
  },
  {
    name: "trade-frame-before-tape",
    phase: "stream",
    rule: "When a trade frame arrives the launch's trades route already shows the trade; this mode's tape lags the frame by 3 s.",
    caughtBy: "stream.trade.restConsistency",
    stream: {
      outgoing: (frame) => {
        const signature = frame.kind === "trade" ? tradeSignature(frame) : null;
        if (signature && !announcedTrades.has(signature)) announcedTrades.set(signature, performance.now());
        return frame;
      },
    },
    http: {
      method: "GET",
      route: "/v1/launches/:id/trades",
      onSend: (answer) => {
        const tape = answer.body as { trades?: { signature?: unknown }[] } | null;
        if (!tape || !Array.isArray(tape.trades)) return undefined;
        const now = performance.now();
        for (const [signature, at] of announcedTrades) if (now - at > TAPE_LAG_MS * 10) announcedTrades.delete(signature);
        const recent = (signature: unknown) => {
          const at = typeof signature === "string" ? announcedTrades.get(signature) : undefined;
          return at !== undefined && now - at < TAPE_LAG_MS;
        };
        return { ...tape, trades: tape.trades.filter((trade) => !recent(trade.signature)) };
      },
    },
  },
  {
    name: "cards-tier-hears-trades",
    phase: "stream",
    rule: "The cards tier carries the bundle, never raw trade events; this mode sends a cards delta as the trade frame that caused it.",
    caughtBy: "stream.cards.noRawTrades",
    stream: {
      outgoing: (frame) =>
        frame.kind === "cards" && cardsHolder(frame, "full")?.full !== true
          ? { kind: "trade", launch: frame.launch, data: frame.data }
          : frame,
    },
  },
  {
    name: "resync-closes-socket",
    phase: "stream",
    rule: "After a resync frame the socket stays open; this mode closes it with 1011.",
    caughtBy: "stream.resync.keepsOpen",
    stream: {
      outgoing: (frame, socket) => {
        if (frame.kind === "resync") setImmediate(() => socket.close(1011, "resync"));
        return frame;
      },
    },
  },
  {
    name: "no-flood-close",
    phase: "stream",
    rule: "Too many frames in a window close the socket with 1008; this mode never closes a flooding socket.",
    caughtBy: "stream.close.flood",
    stream: { closing: (name) => name !== "tooManyFrames" },
  },
  {
    name: "flood-closes-at-100",
    phase: "stream",
    rule: "Our document: more than 200 client frames in 10 s close with 1008; this mode closes at the 101st.",
    caughtBy: "stream.close.floodWindow",
    strictOnly: true,
    stream: {
      incoming: closesOn(1008, "too many frames", (_data, socket) => {
        const now = performance.now();
        const heard = (framesHeard.get(socket) ?? []).filter((at) => now - at < 10_000);
        heard.push(now);
        framesHeard.set(socket, heard);
        return heard.length > 100;
      }),
    },
  },
  {
    name: "no-cap-refusal",
    phase: "stream",
    rule: "Past 24 connections from one address the next is refused with 1013; this mode admits it.",
    caughtBy: "stream.close.capRefusal",
    stream: { closing: (name) => name !== "addressCap" },
  },
  {
    name: "shutdown-closes-1000",
    phase: "stream",
    rule: "Our document: a socket the server closes on shutdown or by control gets 1001; this mode closes it with 1000.",
    caughtBy: "stream.close.shutdown",
    strictOnly: true,
    stream: {
      closing: (name, socket) => {
        if (name !== "shutdown" && name !== "control") return true;
        socket.close(1000, "bye");
        return false;
      },
    },
  },
];
