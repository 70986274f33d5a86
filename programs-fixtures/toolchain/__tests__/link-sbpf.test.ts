import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailedTransactionMetadata, TransactionMetadata } from "litesvm";
import { linkSbpf } from "../link-sbpf.ts";
import { readElfObject } from "../elf-object.ts";
import { ProgramUnderTest, ScratchDir, compileFixture, customErrorCode, log64, logsOf } from "./program-under-test.ts";

// These tests need clang-19; without it compileFixture throws
// "clang-19 was not found on PATH; install it with: apt-get install clang-19".

const scratch = new ScratchDir();
afterAll(() => scratch.dispose());

/** The fixture's checksum(): sum = sum * 31 + byte, starting at 7, in u64. */
function checksum(bytes: readonly number[]): bigint {
  return bytes.reduce((sum, byte) => (sum * 31n + BigInt(byte)) & 0xffff_ffff_ffff_ffffn, 7n);
}

describe("linkSbpf on the toolchain-probe fixture", () => {
  let object: Uint8Array;
  let linked: Uint8Array;
  let program: ProgramUnderTest;

  beforeAll(async () => {
    object = compileFixture("toolchain-probe", scratch.path);
    linked = linkSbpf(object);
    program = await ProgramUnderTest.deploy(linked);
  });

  it("writes an ELF64 ET_DYN for EM_BPF with e_flags 0 and the entrypoint inside the code segment", () => {
    const header = new DataView(linked.buffer, linked.byteOffset, linked.byteLength);
    expect([...linked.subarray(0, 7)]).toEqual([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
    expect(header.getUint16(16, true)).toBe(3); // ET_DYN
    expect(header.getUint16(18, true)).toBe(247); // EM_BPF
    expect(header.getUint32(48, true)).toBe(0); // SBPFv0
    // The first program header is the R+X PT_LOAD holding .text.
    const entry = header.getBigUint64(24, true);
    const textStart = header.getBigUint64(64 + 16, true);
    const textSize = header.getBigUint64(64 + 32, true);
    expect(header.getUint32(64, true)).toBe(1);
    expect(entry >= textStart && entry < textStart + textSize).toBe(true);
    expect((entry - textStart) % 8n).toBe(0n);
  });

  it("logs a .rodata string, calls a local function and a switch, and reports sol_log_64_ values", async () => {
    const data = [0, 3, 10, 20, 30];
    const result = await program.invoke(data);
    expect(result).toBeInstanceOf(TransactionMetadata);
    const logs = logsOf(result);
    expect(logs).toContain("Program log: toolchain-probe: hello from .rodata");
    expect(logs).toContain(log64(checksum([10, 20, 30]), 404n, 5n, 0n, 0n));
    expect((result as TransactionMetadata).computeUnitsConsumed()).toBeGreaterThan(0n);
  });

  it.each([
    [0, 101n],
    [4, 505n],
    [8, 909n],
    [9, 0n],
  ])("maps switch case %i to %i", async (n, expected) => {
    const logs = logsOf(await program.invoke([0, n]));
    expect(logs).toContain(log64(7n, expected, 2n, 0n, 0n));
  });

  it("returns the requested custom error", async () => {
    const result = await program.invoke([1, 42]);
    expect(result).toBeInstanceOf(FailedTransactionMetadata);
    expect(customErrorCode(result)).toBe(6042);
    expect(logsOf(result).some((line) => line.endsWith("failed: custom program error: 0x179a"))).toBe(true);
  });

  it("follows pointers stored in .rodata", async () => {
    expect(logsOf(await program.invoke([2, 1]))).toContain("Program log: hello");
    expect(logsOf(await program.invoke([2, 5]))).toContain("Program log: bonjour");
  });

  it("calls through a function-pointer table (callx)", async () => {
    expect(logsOf(await program.invoke([3, 0, 21]))).toContain(log64(42n, 0n, 0n, 0n, 0n));
    expect(logsOf(await program.invoke([3, 1, 12]))).toContain(log64(144n, 0n, 0n, 0n, 0n));
  });

  it("turns abort() into the abort syscall", async () => {
    const result = await program.invoke([4]);
    expect(result).toBeInstanceOf(FailedTransactionMetadata);
    expect(logsOf(result).some((line) => line.endsWith("failed: SBF program panicked"))).toBe(true);
  });

  it("is deterministic: same object, same bytes; a recompile elsewhere links identically", () => {
    expect(Buffer.compare(linkSbpf(object), linked)).toBe(0);
    const elsewhere = new ScratchDir();
    try {
      expect(Buffer.compare(linkSbpf(compileFixture("toolchain-probe", elsewhere.path)), linked)).toBe(0);
    } finally {
      elsewhere.dispose();
    }
  });

  it("does not modify its input", () => {
    const copy = Uint8Array.from(object);
    linkSbpf(object);
    expect(Buffer.compare(copy, object)).toBe(0);
  });
});

describe("linkSbpf maps LLVM's trap to abort", () => {
  it("links a call to __bpf_trap as the abort syscall", async () => {
    const program = await ProgramUnderTest.deploy(linkSbpf(compileFixture("bpf-trap", scratch.path)));
    expect(await program.invoke([0])).toBeInstanceOf(TransactionMetadata);
    const trapped = await program.invoke([1]);
    expect(logsOf(trapped).some((line) => line.endsWith("failed: SBF program panicked"))).toBe(true);
  });
});

describe("linkSbpf rejects what SBPFv0 cannot run", () => {
  it("names writable globals", () => {
    const object = compileFixture("writable-global", scratch.path);
    expect(() => linkSbpf(object)).toThrow(/writable global data .*\.bss holds invocation_count/);
  });

  it("names calls to functions that are not syscalls", () => {
    const object = compileFixture("unknown-syscall", scratch.path);
    expect(() => linkSbpf(object)).toThrow(/undefined function memcpy, which is not a Solana syscall/);
  });

  it("names instructions newer eBPF CPUs add (32-bit jumps with -mcpu=v3)", () => {
    const object = compileFixture("toolchain-probe", scratch.path, ["-mcpu=v3"]);
    expect(() => linkSbpf(object)).toThrow(/32-bit conditional jump .* not supported by SBPFv0/);
  });

  it("refuses input that is not a relocatable ELF object", () => {
    expect(() => linkSbpf(new TextEncoder().encode("not an object at all, just text padding it out past 64 bytes....."))).toThrow(
      /not a usable ELF object: missing the \\x7fELF magic/,
    );
    const linked = linkSbpf(compileFixture("toolchain-probe", scratch.path));
    expect(() => linkSbpf(linked)).toThrow(/expected ET_REL/);
  });
});

describe("readElfObject", () => {
  it("reads sections, symbols and relocations of a clang object", () => {
    const elf = readElfObject(compileFixture("toolchain-probe", scratch.path));
    expect(elf.machine).toBe(247);
    const names = elf.sections.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining([".text", ".rodata", ".rel.text", ".symtab", ".strtab"]));
    const entrypoint = elf.symbols.find((s) => s.name === "entrypoint");
    expect(entrypoint?.type).toBe(2); // STT_FUNC
    const relText = elf.relocationSections.find((r) => r.section.name === ".rel.text");
    expect(relText?.relocations.length).toBeGreaterThan(0);
    const calledSyscalls = relText?.relocations.map((r) => elf.symbols[r.symbolIndex]?.name);
    expect(calledSyscalls).toEqual(expect.arrayContaining(["sol_log_", "sol_log_64_", "abort"]));
  });
});
