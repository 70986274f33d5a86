import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SocketLike, StreamConnection, REFUSED_DELAY_MS, SILENCE_MS } from "../../src/stream.ts";

/** A socket the test drives: it records what the client sent and lets the test deliver frames and closes. */
class FakeSocket implements SocketLike {
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
  }
  deliver(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number): void {
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let stream: StreamConnection;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  stream = new StreamConnection({
    url: "ws://test/v1/stream",
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
  });
});

afterEach(() => {
  stream.stop();
  vi.useRealTimers();
});

describe("StreamConnection (the specification's client survival rules)", () => {
  it("waits for hello, then sends the cards and live subs it holds", () => {
    stream.setCards(["A", "B"]);
    stream.setLive("C");
    stream.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.deliver({ kind: "hello", at: 1, v: 1 });
    expect(sockets[0]!.sent).toEqual([
      { op: "sub", tier: "cards", mints: ["A", "B"] },
      { op: "sub", tier: "live", mint: "C" },
    ]);
  });

  it("reconnects after a close with a doubling delay, subscribes again and asks the pages to re-read", () => {
    const rereads: string[] = [];
    stream.onReread((why) => rereads.push(why));
    stream.setCards(["A"]);
    stream.start();
    sockets[0]!.deliver({ kind: "hello" });
    expect(rereads).toEqual([]);
    sockets[0]!.drop(1001);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The second attempt fails before hello: the next delay doubles.
    sockets[1]!.drop(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.deliver({ kind: "hello" });
    expect(sockets[2]!.sent).toEqual([{ op: "sub", tier: "cards", mints: ["A"] }]);
    expect(rereads).toEqual(["reconnect"]);
    // After a hello the delay starts over.
    sockets[2]!.drop(1001);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it("backs off at least 5 s after a 1013 refusal", () => {
    stream.start();
    sockets[0]!.drop(1013);
    vi.advanceTimersByTime(REFUSED_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it("treats 60 s without any frame as a dead socket: closes it and reconnects", () => {
    stream.start();
    sockets[0]!.deliver({ kind: "hello" });
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    sockets[0]!.deliver({ kind: "ping", at: 2 });
    vi.advanceTimersByTime(SILENCE_MS - 1);
    expect(sockets[0]!.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closedWith).not.toBeNull();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it("passes resync to the pages as a re-read, and every frame to the frame listeners", () => {
    const rereads: string[] = [];
    const kinds: string[] = [];
    stream.onReread((why) => rereads.push(why));
    stream.onFrame((frame) => kinds.push(frame.kind));
    stream.start();
    sockets[0]!.deliver({ kind: "hello" });
    sockets[0]!.deliver({ kind: "resync", data: { reason: "bus" } });
    sockets[0]!.deliver({ kind: "somethingNew" });
    expect(rereads).toEqual(["resync"]);
    expect(kinds).toEqual(["hello", "resync", "somethingNew"]);
  });

  it("replaces the cards set with unsub then sub, re-subscribes the same set on demand, and moves the live tier", () => {
    stream.start();
    sockets[0]!.deliver({ kind: "hello" });
    stream.setCards(["A"]);
    stream.setCards(["A"]);
    stream.setCards(["B", "C"]);
    stream.resubscribeCards();
    stream.setLive("X");
    stream.setLive(null);
    expect(sockets[0]!.sent).toEqual([
      { op: "unsub", tier: "cards" },
      { op: "sub", tier: "cards", mints: ["A"] },
      { op: "unsub", tier: "cards" },
      { op: "sub", tier: "cards", mints: ["B", "C"] },
      { op: "sub", tier: "cards", mints: ["B", "C"] },
      { op: "sub", tier: "live", mint: "X" },
      { op: "unsub", tier: "live", mint: "X" },
    ]);
  });
});
