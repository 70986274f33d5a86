/**
 * "Too many frames in a window" as a sliding window: the times of the last `frames` client
 * frames (messages and pings alike: a ping costs a pong; pongs are free and not counted) sit in a ring; a new frame is one too many when the oldest of them is still
 * inside `windowMs`. Exact (no burst of 2× at a fixed window's edge) and O(1) per unit of
 * weight: a frame may count as several (an oversized one, by its size), each a slot of the ring.
 */
export class FrameRateLimiter {
  readonly #times: Float64Array;
  readonly #windowMs: number;
  #next = 0;
  #count = 0;

  constructor(frames: number, windowMs: number) {
    this.#times = new Float64Array(frames);
    this.#windowMs = windowMs;
  }

  /** Records a frame at `nowMs` counting as `weight` frames; false when it exceeds the limit. */
  allow(nowMs: number, weight = 1): boolean {
    const capacity = this.#times.length;
    for (let unit = 0; unit < weight; unit++) {
      if (this.#count === capacity && nowMs - this.#times[this.#next]! < this.#windowMs) return false;
      this.#times[this.#next] = nowMs;
      this.#next = (this.#next + 1) % capacity;
      this.#count = Math.min(this.#count + 1, capacity);
    }
    return true;
  }
}
