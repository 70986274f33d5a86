import fc from "fast-check";
import { expect, test } from "vitest";
import { FrameRateLimiter } from "../frame-rate-limiter.ts";

test("allows `frames` in any window and refuses the next", () => {
  const limiter = new FrameRateLimiter(3, 1_000);
  expect([0, 10, 20].map((t) => limiter.allow(t))).toEqual([true, true, true]);
  expect(limiter.allow(999)).toBe(false);
  expect(limiter.allow(1_000)).toBe(true); // the frame at 0 left the window
});

test("agrees with counting the frames of the last window (sliding, not fixed)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 500 }),
      fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 80 }),
      (frames, windowMs, gaps) => {
        const limiter = new FrameRateLimiter(frames, windowMs);
        const accepted: number[] = [];
        let now = 0;
        for (const gap of gaps) {
          now += gap;
          const inWindow = accepted.filter((t) => now - t < windowMs).length;
          expect(limiter.allow(now)).toBe(inWindow < frames);
          if (inWindow < frames) accepted.push(now);
        }
      },
    ),
  );
});

test("a frame of weight w is allowed exactly when the window's weight and w fit the budget", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 500 }),
      fc.array(fc.record({ gap: fc.integer({ min: 0, max: 300 }), weight: fc.integer({ min: 1, max: 5 }) }), { maxLength: 80 }),
      (frames, windowMs, arrivals) => {
        const limiter = new FrameRateLimiter(frames, windowMs);
        const accepted: { at: number; weight: number }[] = [];
        let now = 0;
        for (const { gap, weight } of arrivals) {
          now += gap;
          const inWindow = accepted.filter((frame) => now - frame.at < windowMs).reduce((sum, frame) => sum + frame.weight, 0);
          const fits = inWindow + weight <= frames;
          expect(limiter.allow(now, weight)).toBe(fits);
          // A refused frame closes its socket: the limiter is not asked again.
          if (!fits) return;
          accepted.push({ at: now, weight });
        }
      },
    ),
  );
});
