import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveStreamOptions } from "../stream-options.ts";
import type { StreamReadModel } from "../stream-read-model.ts";
import { StreamTimers } from "../stream-timers.ts";

/** A clock the test moves by hand, in virtual milliseconds. */
function handClock() {
  let millis = 1_000_000n;
  return {
    set: (value: bigint) => (millis = value),
    now: () => ({ slot: millis / 400n, blockHeight: millis / 400n, unixTimestamp: millis / 1000n, unixMillis: millis }),
    latestBlockhash: () => ({ blockhash: `hash-${millis}`, lastValidBlockHeight: millis / 400n + 150n }),
  };
}

describe("StreamTimers' blockhash frames", () => {
  let timers: StreamTimers | null = null;
  afterEach(() => {
    timers?.stop();
    vi.useRealTimers();
  });

  it("follow virtual time forward, and also when a restore moves it back", () => {
    vi.useFakeTimers();
    const clock = handClock();
    const frames: string[] = [];
    const options = resolveStreamOptions({ readModel: {} as StreamReadModel, clock, tickMs: 10, blockhashEveryMs: 1_000 });
    timers = new StreamTimers(options, {
      connections: () => [],
      broadcast: (frame) => frames.push(JSON.parse(frame.toString()).kind),
      close: () => {},
      sweepCards: () => {},
    });
    vi.advanceTimersByTime(50);
    expect(frames).toEqual([]);
    clock.set(1_001_000n);
    vi.advanceTimersByTime(10);
    expect(frames).toEqual(["blockhash"]);
    // A snapshot restored from before: virtual time is 10 s earlier than the last frame.
    clock.set(991_000n);
    vi.advanceTimersByTime(10);
    expect(frames).toEqual(["blockhash", "blockhash"]);
    vi.advanceTimersByTime(50);
    expect(frames).toHaveLength(2);
  });

  it("come once a second on average from a clock that moves in 400 ms slots, and after a jump start from it", () => {
    vi.useFakeTimers();
    const clock = handClock();
    let frames = 0;
    const options = resolveStreamOptions({ readModel: {} as StreamReadModel, clock, tickMs: 10, blockhashEveryMs: 1_000 });
    timers = new StreamTimers(options, { connections: () => [], broadcast: () => frames++, close: () => {}, sweepCards: () => {} });
    // 100 virtual seconds, a slot at a time.
    for (let slot = 1n; slot <= 250n; slot++) {
      clock.set(1_000_000n + slot * 400n);
      vi.advanceTimersByTime(10);
    }
    expect(frames).toBe(100);
    // An advance of a minute is one frame, and the cadence goes on from there.
    clock.set(1_160_000n);
    vi.advanceTimersByTime(10);
    expect(frames).toBe(101);
    clock.set(1_160_800n);
    vi.advanceTimersByTime(10);
    expect(frames).toBe(101);
  });

  it("send the heartbeat as the specification's envelope: kind, with the time in data", () => {
    vi.useFakeTimers();
    const clock = handClock();
    const frames: unknown[] = [];
    const options = resolveStreamOptions({ readModel: {} as StreamReadModel, clock, heartbeatMs: 25_000 });
    timers = new StreamTimers(options, {
      connections: () => [],
      broadcast: (frame) => frames.push(JSON.parse(frame.toString())),
      close: () => {},
      sweepCards: () => {},
    });
    vi.advanceTimersByTime(25_000);
    expect(frames).toContainEqual({ kind: "ping", data: { at: 1_000_000 } });
  });
});
