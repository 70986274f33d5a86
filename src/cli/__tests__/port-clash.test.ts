import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reservePort } from "../../simulator/listen-address.ts";
import { startSimulator } from "../../simulator/simulator.ts";
import { runCommand } from "./spawned-devnet.ts";

const parent = mkdtempSync(join(tmpdir(), "basket-port-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Listens on a free port of 127.0.0.1 and resolves with the server and its port. */
async function occupy(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as { port: number }).port };
}

/** True when another server can listen on `port` right now. */
async function free(port: number): Promise<boolean> {
  const server = createServer();
  server.listen(port, "127.0.0.1");
  try {
    await once(server, "listening");
    server.close();
    await once(server, "close");
    return true;
  } catch {
    return false;
  }
}

describe("a taken port", () => {
  it("stops basket-devnet up before it builds anything: exit 1, one line, no state directory", async () => {
    const { server, port } = await occupy();
    try {
      const stateDir = join(parent, "never-made");
      const { code, stdout, stderr } = await runCommand(["up", "--port", String(port), "--state-dir", stateDir]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(`basket-devnet: port ${port} on 127.0.0.1 is already in use: pick another with --port (0 picks a free one)\n`);
      expect(existsSync(stateDir)).toBe(false);
    } finally {
      server.close();
    }
  });

  it("stops startSimulator before the world is built", async () => {
    const { server, port } = await occupy();
    try {
      const stateDir = join(parent, "never-made-either");
      await expect(startSimulator({ port, stateDir })).rejects.toThrow(/port \d+ on 127\.0\.0\.1 is already in use/);
      expect(existsSync(stateDir)).toBe(false);
    } finally {
      server.close();
    }
  });

  it("is held from the reservation until release: no other process can take it meanwhile", async () => {
    const reservation = await reservePort("127.0.0.1", 0);
    expect(reservation.port).toBeGreaterThan(0);
    expect(await free(reservation.port)).toBe(false);
    await reservation.release();
    expect(await free(reservation.port)).toBe(true);
  });
});
