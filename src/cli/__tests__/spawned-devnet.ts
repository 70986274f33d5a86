import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The published command, run as a user runs it: `node bin/basket-devnet.js …`. */
export const BIN = fileURLToPath(new URL("../../../bin/basket-devnet.js", import.meta.url));

export interface SpawnedDevnet {
  readonly child: ChildProcessWithoutNullStreams;
  readonly baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** Runs `basket-devnet …args` to completion; resolves with its exit code and output. */
export function runCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // The first start after an edit to the sources also says the launcher compiled the CLI
  // (bin/cli-bundle.js): a line of the launcher's, not of the command's output under test.
  const command = (text: string) => text.replace(/^basket-devnet: compiled the CLI .*\n/m, "");
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr: command(stderr) })));
}

/** Starts `basket-devnet up …args` and resolves once it prints its base URL. */
export function spawnDevnet(args: readonly string[], timeoutMs = 60_000, env: NodeJS.ProcessEnv = process.env): Promise<SpawnedDevnet> {
  const child = spawn(process.execPath, [BIN, "up", ...args], { env });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`basket-devnet printed no base URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Base URL\s+(http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve({ child, baseUrl: found[1]!, output: () => output });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`basket-devnet exited with ${code} before serving:\n${output}`));
    });
  });
}

/** Sends `signal` and resolves when the process is gone. */
export async function stop(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.kill(signal);
  return exited;
}
