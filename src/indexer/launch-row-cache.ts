import { renderLaunchRow } from "./launch-row-renderer.ts";
import type { LaunchState } from "./launch-state.ts";
import type { ReadContext } from "./read-context.ts";
import type { LaunchRow } from "./records/index.ts";
import { SerializedAnswer } from "./serialized-answer.ts";

/** A launch's row and its JSON, with what they were rendered from. */
interface RenderedRow {
  readonly revision: number;
  readonly epoch: number;
  readonly sampledAt: bigint;
  readonly second: bigint;
  readonly row: SerializedAnswer<LaunchRow>;
}

/**
 * Each launch's row, rendered (and serialized, when asked) once per change of what it shows:
 * the launch's own revision (tape, reserves, status, pair pools, metadata), the price book
 * (its epoch moves with any sampled price; `sampledAt` is shown as `liquidityAt` and
 * `recipeTarget.pricedAt`) and the second of virtual time (ages and 24-hour windows slide
 * with it). Everything else a row reads (solUsd, listings, the media base URL) is fixed for
 * the read model's life. A trade on one launch therefore re-renders that launch's row only.
 *
 * Keyed weakly by the launch: a rebuild's fresh states start fresh. Rows are read-only.
 */
export class LaunchRowCache {
  #rows = new WeakMap<LaunchState, RenderedRow>();
  /** Rows rendered so far (tests count re-renders with it). */
  renders = 0;

  row(launch: LaunchState, context: ReadContext): LaunchRow {
    return this.#entry(launch, context).row.value;
  }

  /**
   * `JSON.stringify(row(launch, context))` as UTF-8 bytes, computed once per rendering: a
   * list page concatenates these, so a page after a trade encodes only the changed row.
   */
  bytes(launch: LaunchState, context: ReadContext): Buffer {
    return this.#entry(launch, context).row.bytes;
  }

  #entry(launch: LaunchState, context: ReadContext): RenderedRow {
    const { book, nowUnix } = context;
    const cached = this.#rows.get(launch);
    if (
      cached &&
      cached.revision === launch.revision &&
      cached.epoch === book.epoch &&
      cached.sampledAt === book.sampledAt &&
      cached.second === nowUnix
    ) {
      return cached;
    }
    const revision = launch.revision;
    const entry: RenderedRow = {
      revision,
      epoch: book.epoch,
      sampledAt: book.sampledAt,
      second: nowUnix,
      row: new SerializedAnswer(renderLaunchRow(launch, context)),
    };
    this.renders += 1;
    this.#rows.set(launch, entry);
    return entry;
  }
}
