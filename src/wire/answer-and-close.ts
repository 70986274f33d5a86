import type { Duplex } from "node:stream";

/**
 * How long a peer has to read a closing answer before its connection is destroyed. Ending a
 * socket only half-closes it: a peer that neither reads nor closes kept the server's file
 * descriptor for good, and a thousand of them after their 408s held a thousand.
 */
export const CLOSE_LINGER_MS = 2_000;

/**
 * Writes `text` (a whole HTTP response) on `socket`, ends it, and destroys it once the peer
 * has closed its side or `lingerMs` have passed, whichever comes first. Not destroyed at once
 * by default: closing a socket with the peer's request unread resets it, and the answer is
 * lost. A linger of 0 destroys it as soon as the answer is written (a connection refused on
 * arrival, whose lingering would let a flood of them hold descriptors all the same).
 */
export function answerAndClose(socket: Duplex, text: string, lingerMs = CLOSE_LINGER_MS): void {
  // Node has already taken its own error listener off a socket handed over like this one: a
  // peer that resets it would raise an 'error' nobody hears, which ends the process.
  if (socket.listenerCount("error") === 0) socket.on("error", () => socket.destroy());
  if (lingerMs === 0) return void socket.end(text, () => socket.destroy());
  socket.end(text);
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
