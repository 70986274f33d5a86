import { once } from "node:events";
import { createServer } from "node:net";

/** A port held open by a placeholder server until the real one is ready to listen on it. */
export interface PortReservation {
  readonly port: number;
  /** Lets the port go; resolves once it is free for the real server. */
  release(): Promise<void>;
}

/**
 * Takes `port` on `host` (or a free one when `port` is 0) before the world is built, and
 * holds it until {@link PortReservation.release}: records carry the base URL (media links),
 * so it must be known first; a taken port fails in milliseconds, not after the world is
 * populated; and no other process can take it while the world is being built. The
 * placeholder accepts no connection (a client would otherwise wait on it).
 */
export async function reservePort(host: string, port: number): Promise<PortReservation> {
  const probe = createServer();
  probe.listen(port, host);
  try {
    await once(probe, "listening");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new Error(`port ${port} on ${host} is already in use: pick another with --port (0 picks a free one)`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new Error(`host ${host} is not an address of this machine`);
    throw error;
  }
  const address = probe.address();
  const chosen = typeof address === "object" && address ? address.port : port;
  // Refuse connections while held: the listening socket stays bound, nothing is accepted.
  probe.on("connection", (socket) => socket.destroy());
  let released: Promise<void> | null = null;
  return {
    port: chosen,
    release: () => (released ??= new Promise<void>((resolve) => probe.close(() => resolve()))),
  };
}

/** `host` as it goes into a URL a client on this machine can use (a wildcard becomes loopback). */
export function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
