import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../cli/__tests__/spawned-devnet.ts";

const parent = mkdtempSync(join(tmpdir(), "basket-rpc-port-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("an RPC port asked for and taken", () => {
  it("stops basket-devnet up before it builds anything: exit 1, one line naming the pair", async () => {
    const blocker = createServer().listen(0, "127.0.0.1");
    await once(blocker, "listening");
    // The PubSub half of the pair is the one taken: both halves are checked.
    const rpcPort = (blocker.address() as { port: number }).port - 1;
    try {
      const stateDir = join(parent, "never-made");
      const { code, stdout, stderr } = await runCommand(["up", "--port", "0", "--rpc-port", String(rpcPort), "--state-dir", stateDir]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `basket-devnet: RPC port ${rpcPort} or its PubSub port ${rpcPort + 1} on 127.0.0.1 is already in use: pick another with --rpc-port\n`,
      );
      expect(existsSync(stateDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
