import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { makeDirectory } from "./state-journal.ts";

/** The file in a state directory naming the process that serves it. */
export const LOCK_FILE = "server.pid";

/** A state directory held by this process; `release` lets the next server take it. */
export interface StateDirLock {
  release(): void;
}

/**
 * Whether a process with this id runs (signal 0 checks without signalling; EPERM: it runs as
 * another user). A process killed and not yet reaped by its parent (a zombie, for a moment
 * after `kill -9`) still answers signal 0, but serves nothing: Linux's /proc says so.
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // /proc/PID/stat: "pid (name) state …"; the name may hold spaces and parentheses, the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    // No /proc (another system): signal 0 is all there is to go by.
    return true;
  }
}

/**
 * Takes `dir` for this process, or refuses with a RangeError (a usage mistake, exit 2) when
 * another live process serves it: two servers appending to one journal interleave their
 * lines, and the directory no longer replays (every later start fails). A lock left by a
 * process that died (`kill -9`) is taken over.
 */
export function lockStateDir(dir: string): StateDirLock {
  makeDirectory(dir);
  const file = join(dir, LOCK_FILE);
  const mine = String(process.pid);
  try {
    const fd = openSync(file, "wx");
    writeSync(fd, mine);
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
    if (Number.isSafeInteger(holder) && holder !== process.pid && running(holder)) {
      throw new RangeError(
        `state directory ${dir} is served by process ${holder} (another basket-devnet): stop it, or name another directory (if no such server runs, delete ${file})`,
      );
    }
    writeFileSync(file, mine);
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Only this process's own lock: never one a later server took over.
      try {
        if (readFileSync(file, "utf8") === mine) rmSync(file, { force: true });
      } catch {
        // Already gone (the directory removed under us): nothing to release.
      }
    },
  };
}
