import type { ServerFrame } from "./frames/server-frames.ts";

/**
 * A server frame as the bytes of its JSON text, encoded once and shared by every socket it
 * goes to (`ws` sends a Buffer without re-encoding it per socket).
 */
export function encodeFrame(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}
