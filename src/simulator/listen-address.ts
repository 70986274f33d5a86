import { once } from "node:events";
import { createServer } from "node:net";

/**
 * Checks that `port` on `host` is free, or finds a free one when `port` is 0, before the
 * world is built: records carry the base URL (media links), so it must be known first,
 * and a taken port should fail in milliseconds, not after the world is populated.
 */
export async function reservePort(host: string, port: number): Promise<number> {
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
  probe.close();
  await once(probe, "close");
  return chosen;
}

/** `host` as it goes into a URL a client on this machine can use (a wildcard becomes loopback). */
export function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
