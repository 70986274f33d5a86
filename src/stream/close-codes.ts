/**
 * The stream's WebSocket close codes, as the specification's table names them. A client
 * branches on the code: 1013 backs off, 1001 reconnects and subscribes again, 1008 slows
 * down. Reasons are short sentences (a close reason must fit in 123 bytes).
 */
export const CLOSE_TRY_AGAIN_LATER = 1013;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY_VIOLATION = 1008;

/**
 * Sent by `ws` itself, not by a close of ours: a client frame past `maxPayloadBytes` (1 MiB)
 * is refused before it is read, with an empty reason. Frames up to that size are ignored
 * past 64 KB, as the specification says; holding frames of any size would let one socket
 * hold the server's memory.
 */
export const CLOSE_MESSAGE_TOO_BIG = 1009;

export type StreamCloseCode = typeof CLOSE_TRY_AGAIN_LATER | typeof CLOSE_GOING_AWAY | typeof CLOSE_POLICY_VIOLATION;

/** Every close the server makes: its code and the reason sent with it. */
export const STREAM_CLOSES = {
  /** Refusal at connect: the caller's address already holds its share of connections. */
  addressCap: { code: CLOSE_TRY_AGAIN_LATER, reason: "connection cap reached for this address; try again later" },
  /** Refusal at connect: the server holds as many connections as it serves. */
  serverCap: { code: CLOSE_TRY_AGAIN_LATER, reason: "server connection cap reached; try again later" },
  /** Nothing came from the peer (no frame, no pong) for the idle timeout. */
  idle: { code: CLOSE_GOING_AWAY, reason: "idle connection closed" },
  /** `close()`: a deploy or a stop; the client reconnects and subscribes again. */
  shutdown: { code: CLOSE_GOING_AWAY, reason: "server shutting down" },
  /**
   * The peer reads slower than frames are produced. 1001 rather than 1008 (which tells a
   * client to send less — it sent nothing wrong) or 1013 (a refusal at connect): the
   * client's survival rules reconnect, subscribe and re-read REST, which recovers all it
   * missed.
   */
  slowConsumer: { code: CLOSE_GOING_AWAY, reason: "slow consumer: frames were not read in time; reconnect" },
  /** The control API closed the socket on purpose (fault injection). */
  control: { code: CLOSE_GOING_AWAY, reason: "closed by the devnet control API; reconnect" },
  /** More frames from the client than the window allows. */
  tooManyFrames: { code: CLOSE_POLICY_VIOLATION, reason: "too many frames in the window; slow down" },
} as const satisfies Record<string, { code: StreamCloseCode; reason: string }>;

export type StreamCloseName = keyof typeof STREAM_CLOSES;
