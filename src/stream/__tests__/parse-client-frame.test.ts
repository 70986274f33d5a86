import { describe, expect, test } from "vitest";
import { parseClientFrame } from "../parse-client-frame.ts";

const A = "So11111111111111111111111111111111111111112";
const B = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const parse = (frame: unknown, max = 65_536) => parseClientFrame(typeof frame === "string" ? frame : JSON.stringify(frame), max);

describe("parseClientFrame", () => {
  test("reads the three sub forms and their unsub twins", () => {
    expect(parse({ op: "sub", tier: "cards", mints: [A, B] })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "cards", mints: [A, B] },
      dropped: 0,
    });
    expect(parse({ op: "sub", tier: "live", mint: A, v: 1 })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "live", mint: A },
      dropped: 0,
    });
    expect(parse({ op: "unsub", topic: "trades" })).toEqual({ ok: true, frame: { op: "unsub", topic: "trades" }, dropped: 0 });
    expect(parse({ op: "unsub", tier: "cards" })).toEqual({ ok: true, frame: { op: "unsub", tier: "cards", mints: null }, dropped: 0 });
    expect(parse({ op: "unsub", tier: "live" })).toEqual({ ok: true, frame: { op: "unsub", tier: "live", mint: null }, dropped: 0 });
  });

  test("drops malformed addresses and duplicates, keeps the rest of the frame", () => {
    const frame = { op: "sub", tier: "cards", mints: [A, "0OIl-not-base58-0000000000000000000", 42, null, A, B, "short"] };
    expect(parse(frame)).toEqual({ ok: true, frame: { op: "sub", tier: "cards", mints: [A, B] }, dropped: 4 });
    expect(parse({ op: "sub", tier: "live", mint: "nope" })).toEqual({
      ok: true,
      frame: { op: "sub", tier: "live", mint: null },
      dropped: 1,
    });
  });

  test.each([
    ["not JSON", "{op:sub", "notJson"],
    ["a JSON array", "[1,2]", "notObject"],
    ["a JSON string", '"sub"', "notObject"],
    ["v 2", { op: "sub", topic: "trades", v: 2 }, "version"],
    ["v as a string", { op: "sub", topic: "trades", v: "1" }, "version"],
    ["v null", { op: "sub", topic: "trades", v: null }, "version"],
    ["an unknown op", { op: "subscribe", topic: "trades" }, "unknownOp"],
    ["no op", { kind: "ping" }, "unknownOp"],
    ["an unknown tier", { op: "sub", tier: "gold", mints: [A] }, "unknownForm"],
    ["cards sub without mints", { op: "sub", tier: "cards" }, "unknownForm"],
    ["cards with mints not an array", { op: "sub", tier: "cards", mints: A }, "unknownForm"],
    ["live sub without mint", { op: "sub", tier: "live" }, "unknownForm"],
    ["a malformed topic", { op: "sub", topic: "bad topic!" }, "unknownForm"],
    ["neither tier nor topic", { op: "sub" }, "unknownForm"],
  ])("ignores %s", (_, frame, ignored) => {
    expect(parse(frame)).toEqual({ ok: false, ignored });
  });

  test("ignores a frame over the byte limit, counting UTF-8 bytes", () => {
    const frame = JSON.stringify({ op: "sub", topic: "trades", pad: "é".repeat(10) });
    const bytes = Buffer.byteLength(frame);
    expect(parseClientFrame(frame, bytes).ok).toBe(true);
    expect(parseClientFrame(frame, bytes - 1)).toEqual({ ok: false, ignored: "tooLarge" });
    expect(parseClientFrame(Buffer.from(frame), bytes - 1)).toEqual({ ok: false, ignored: "tooLarge" });
  });
});
