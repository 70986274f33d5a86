import { describe, expect, it } from "vitest";
import { CURVE_INSTRUCTION_TAG } from "../curve-instructions.ts";
import { MAX_COMPONENTS } from "../launch-account.ts";
import { LAUNCH_INSTRUCTION_TAG } from "../launch-instructions.ts";
import { LAUNCH_KINDS } from "../launch-kind.ts";
import { LAUNCH_STATUSES } from "../launch-status.ts";
import {
  CURVE_PROGRAM_ADDRESS,
  LAUNCH_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  POOL_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "../program-addresses.ts";
import { PROGRAM_EVENT_TAG } from "../program-event-tag.ts";
import { POOL_INSTRUCTION_TAG } from "../pool-instructions.ts";
import { parseDefines, parseEnum, parsePubkey, pascalCase, readFixture } from "./c-source.ts";

const layout = readFixture("include/layout.h");

/** C enum members with `prefix_` removed, in camelCase, e.g. LAUNCH_MARK_COMPLETE → markComplete. */
function camelEnum(name: string, prefix: string): Record<string, number> {
  return Object.fromEntries(
    [...parseEnum(layout, name)].map(([member, value]) => {
      const pascal = pascalCase(member.slice(prefix.length));
      return [pascal.charAt(0).toLowerCase() + pascal.slice(1), value];
    }),
  );
}

describe("layout.h constants", () => {
  it("spells the program ids as the addresses we use", () => {
    expect(parsePubkey(layout, "LAUNCH_PROGRAM_ID")).toBe(LAUNCH_PROGRAM_ADDRESS);
    expect(parsePubkey(layout, "CURVE_PROGRAM_ID")).toBe(CURVE_PROGRAM_ADDRESS);
    expect(parsePubkey(layout, "POOL_PROGRAM_ID")).toBe(POOL_PROGRAM_ADDRESS);
    expect(parsePubkey(layout, "TOKEN_PROGRAM_ID")).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(SYSTEM_PROGRAM_ADDRESS).toBe("11111111111111111111111111111111");
    expect(NATIVE_MINT_ADDRESS).toBe("So11111111111111111111111111111111111111112");
  });

  it("numbers instructions and events as the C does", () => {
    expect(LAUNCH_INSTRUCTION_TAG).toEqual(camelEnum("LaunchInstruction", "LAUNCH_"));
    expect(CURVE_INSTRUCTION_TAG).toEqual(camelEnum("CurveInstruction", "CURVE_"));
    expect(POOL_INSTRUCTION_TAG).toEqual(camelEnum("PoolInstruction", "POOL_"));
    expect(PROGRAM_EVENT_TAG).toEqual(camelEnum("EventTag", "EVENT_"));
  });

  it("orders statuses and kinds as the C enums", () => {
    expect(LAUNCH_STATUSES.map((status, i) => [status, i])).toEqual(Object.entries(camelEnum("LaunchStatus", "STATUS_")));
    expect(LAUNCH_KINDS.map((kind, i) => [kind, i])).toEqual(Object.entries(camelEnum("LaunchKind", "KIND_")));
    expect(parseDefines(layout, "MAX_").get("COMPONENTS")).toBe(MAX_COMPONENTS);
  });
});
