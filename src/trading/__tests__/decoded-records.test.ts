import { type Address, getStructDecoder, getU64Decoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { DecodedRecords } from "../decoded-records.ts";

const at = "So11111111111111111111111111111111111111112" as Address;
const bytesOf = (value: number) => new Uint8Array(new BigUint64Array([BigInt(value)]).buffer);

describe("DecodedRecords", () => {
  it("answers what decoding gives, reusing the value only while the bytes are equal", () => {
    const records = new DecodedRecords(getStructDecoder([["amount", getU64Decoder()]]));
    const first = records.decode(at, bytesOf(5));
    expect(first).toEqual({ amount: 5n });
    expect(records.decode(at, bytesOf(5))).toBe(first);
    const changed = records.decode(at, bytesOf(6));
    expect(changed).toEqual({ amount: 6n });
    expect(records.decode(at, bytesOf(5))).toEqual({ amount: 5n });
  });

  it("is not fooled by a caller changing the bytes it passed", () => {
    const records = new DecodedRecords(getStructDecoder([["amount", getU64Decoder()]]));
    const data = bytesOf(5);
    records.decode(at, data);
    data.set(bytesOf(9));
    expect(records.decode(at, data)).toEqual({ amount: 9n });
  });
});
