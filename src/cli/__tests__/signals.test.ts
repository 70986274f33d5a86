import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN } from "./spawned-devnet.ts";

const UP = ["up", "--port", "0", "--no-rpc", "--no-bots", "--clock", "manual", "--genesis-time", "2026-01-01"];

/** Starts `basket-devnet up …` (or `npm start -- …`), resolving with the URL it accepts connections on (before the world is ready). */
function startUp(extra: readonly string[], through: "node" | "npm start" = "node") {
  const child =
    through === "node"
      ? spawn(process.execPath, [BIN, ...UP, ...extra])
      : spawn("npm", ["start", "--", ...UP.slice(1), ...extra], { cwd: new URL("../../../", import.meta.url) });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const accepting = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /(http:\/\/\S+) accepts connections/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then(() => reject(new Error(`basket-devnet exited before accepting connections:\n${output}`)));
  });
  return { child, accepting, exited, output: () => output };
}

describe("basket-devnet up and signals", () => {
  it("stops at once, exit code 0, when stopped while the world is still being built", async () => {
    const up = startUp(["--no-world-cache"]);
    await up.accepting;
    up.child.kill("SIGTERM");
    expect(await up.exited).toEqual({ code: 0, signal: null });
    expect(up.output()).toMatch(/SIGTERM: stopping before the simulator was ready/);
  }, 60_000);

  it("closes cleanly, exit code 0, when stopped the moment it has answered its first request", async () => {
    const up = startUp([]);
    const url = await up.accepting;
    // Sent before the world is ready: held, answered once it is; the stop follows at once.
    const answer = await fetch(`${url}/v1/launches?limit=1`);
    expect(answer.status).toBe(200);
    up.child.kill("SIGTERM");
    expect(await up.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it("stops with npm: SIGTERM to `npm start` (what a CI job's kill sends) closes the simulator too, not only npm", async () => {
    const up = startUp([], "npm start");
    const url = await up.accepting;
    up.child.kill("SIGTERM");
    await up.exited;
    // npm has exited; the port it served must be closed with it, not held by an orphaned simulator.
    const refused = await fetch(`${url}/v1/launches?limit=1`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    expect(up.output()).toMatch(/SIGTERM: (closing|stopping before the simulator was ready)/);
  }, 60_000);
});
