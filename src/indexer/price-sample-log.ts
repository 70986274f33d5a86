/**
 * Where each price sample fell among the landings: after the transaction at (slot, seq) and
 * at unix second `at`. A sample copies the venues' reserves as the landings so far left them,
 * so a read model rebuilt from the chain's landings (a restore) gets every price — and every
 * USD figure folded with it — back only by sampling again at the same places.
 */
export interface PriceSamplePoint {
  /** The last landing folded when the sample was taken; slot -1 before any. */
  readonly afterSlot: bigint;
  readonly afterSeq: number;
  readonly at: bigint;
}

/**
 * Sample points kept (about 7 MB): at one every 10 s of virtual time, 11.5 days. Older points
 * are dropped, oldest first; a rebuild then folds the landings before the first kept point
 * unpriced, as a read model started then would have.
 */
export const MAX_SAMPLE_POINTS = 100_000;

/** Whether `point` was taken before the landing at (slot, seq). */
export function sampledBefore(point: PriceSamplePoint, slot: bigint, seq: number): boolean {
  return point.afterSlot < slot || (point.afterSlot === slot && point.afterSeq < seq);
}

/** The price samples of a read model, in the order they were taken. */
export class PriceSampleLog {
  #points: PriceSamplePoint[] = [];

  record(point: PriceSamplePoint): void {
    this.#points.push(point);
    if (this.#points.length > MAX_SAMPLE_POINTS) this.#points.splice(0, this.#points.length - MAX_SAMPLE_POINTS);
  }

  /** A copy of the points so far, oldest first. */
  points(): readonly PriceSamplePoint[] {
    return [...this.#points];
  }

  /** Forgets every point (a rebuild records again the ones it replays). */
  clear(): void {
    this.#points = [];
  }
}
