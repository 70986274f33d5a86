import type { StreamCloseName } from "./close-codes.ts";
import { encodeFrame } from "./encode-frame.ts";
import type { StreamConnection } from "./stream-connection.ts";
import type { ResolvedStreamOptions } from "./stream-options.ts";

export interface TimerHooks {
  connections(): Iterable<StreamConnection>;
  broadcast(frame: Buffer): void;
  close(connection: StreamConnection, name: StreamCloseName): void;
  /** Re-derive every held card: 24-hour figures slide with time even without trades. */
  sweepCards(): void;
}

/**
 * The stream's clocks. Two kinds of time meet here: the heartbeat and the idle timeout are
 * wall time (they are about live TCP peers, and a client counts 60 s of wall silence as
 * death), while blockhash frames follow the virtual clock — one whenever virtual time has
 * moved `blockhashEveryMs` since the last, so once a second on average in realtime mode, and
 * one per advance in manual mode, where nothing else could make a blockhash fresh.
 */
export class StreamTimers {
  readonly #options: ResolvedStreamOptions;
  readonly #hooks: TimerHooks;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #tick: NodeJS.Timeout;
  #lastBlockhashAt: bigint;

  constructor(options: ResolvedStreamOptions, hooks: TimerHooks) {
    this.#options = options;
    this.#hooks = hooks;
    this.#lastBlockhashAt = options.clock.now().unixMillis;
    // unref: an open stream must not keep a finished process (a test, a CLI run) alive.
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs).unref();
    this.#tick = setInterval(() => this.#check(), options.tickMs).unref();
  }

  stop(): void {
    clearInterval(this.#heartbeat);
    clearInterval(this.#tick);
  }

  #beat(): void {
    const at = Number(this.#options.clock.now().unixMillis);
    this.#hooks.broadcast(encodeFrame({ kind: "ping", data: { at } }));
    // The protocol ping's pong is how a quiet but live peer proves it is there.
    for (const connection of this.#hooks.connections()) {
      if (connection.open) connection.socket.ping();
    }
  }

  #check(): void {
    const now = this.#options.clock.now();
    const elapsed = now.unixMillis - this.#lastBlockhashAt;
    // A restored snapshot moves virtual time back: that is a fresh blockhash too, not a
    // reason to stay silent until time catches up with the one before the restore.
    const every = BigInt(this.#options.blockhashEveryMs);
    if (elapsed >= every || elapsed < 0n) {
      // On a steady clock the frames keep the period on average (slots of 400 ms give gaps
      // of 1.2 and 0.8 s, not 1.2 s each); after a jump (an advance, a restore) they start again from now.
      this.#lastBlockhashAt = elapsed < 0n || elapsed >= 2n * every ? now.unixMillis : this.#lastBlockhashAt + every;
      const latest = this.#options.clock.latestBlockhash();
      this.#hooks.broadcast(
        encodeFrame({
          kind: "blockhash",
          data: { blockhash: latest.blockhash, lastValidBlockHeight: Number(latest.lastValidBlockHeight), slot: Number(now.slot) },
        }),
      );
      this.#hooks.sweepCards();
    }
    const wall = performance.now();
    const idle = [...this.#hooks.connections()].filter((connection) => wall - connection.lastHeardAt > this.#options.idleTimeoutMs);
    for (const connection of idle) this.#hooks.close(connection, "idle");
  }
}
