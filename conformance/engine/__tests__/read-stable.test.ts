import { describe, expect, it } from "vitest";
import type { CheckContext } from "../check.ts";
import { readStable } from "../read-stable.ts";

class Skipped extends Error {}

/** The one power readStable uses: skip ends the check by throwing, as the real context does. */
const context = {
  skip(reason: string): never {
    throw new Skipped(reason);
  },
} as unknown as CheckContext;

/** A server whose state moves once per `moves` entry that is true, in turn, each time it is read. */
function server(moves: boolean[]) {
  let state = 0;
  const log: string[] = [];
  const tick = () => {
    if (moves.shift()) state++;
  };
  return {
    log,
    read: async () => {
      log.push(`read@${state}`);
      const value = state;
      tick();
      return value;
    },
    mark: async () => {
      log.push(`mark@${state}`);
      return String(state);
    },
  };
}

describe("readStable (one read as of one moment)", () => {
  it("returns the first read when the mark taken before it equals the one after", async () => {
    const s = server([false]);
    expect(await readStable(context, { what: "the list", read: s.read, mark: s.mark })).toBe(0);
    expect(s.log).toEqual(["mark@0", "read@0", "mark@0"]);
  });

  it("reads again when the server moved during the read, and returns the read that held still", async () => {
    const s = server([true, false]);
    expect(await readStable(context, { what: "the list", read: s.read, mark: s.mark })).toBe(1);
    expect(s.log).toEqual(["mark@0", "read@0", "mark@1", "mark@1", "read@1", "mark@1"]);
  });

  it("with markOf, takes the before-mark from the read's own value (no read of the mark before it)", async () => {
    const s = server([true, false]);
    const value = await readStable(context, { what: "the feed", read: s.read, mark: s.mark, markOf: String });
    expect(value).toBe(1);
    expect(s.log).toEqual(["read@0", "mark@1", "read@1", "mark@1"]);
  });

  it("skips with the reason after `attempts` reads that never held still", async () => {
    const s = server([true, true]);
    await expect(readStable(context, { what: "the settles' statuses", read: s.read, mark: s.mark, attempts: 2 })).rejects.toThrow(
      "the settles' statuses kept changing while it was read (2 attempts): nothing stable to compare",
    );
    expect(s.log.filter((entry) => entry.startsWith("read"))).toHaveLength(2);
  });
});
