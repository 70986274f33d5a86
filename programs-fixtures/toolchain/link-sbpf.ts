/**
 * linkSbpf: links the relocatable BPF object that `clang-19 -target bpf -c`
 * writes into the shared object Solana's SBPFv0 loader accepts. We need our
 * own because the machine has no BPF-capable linker (ld.lld refuses
 * e_machine 247).
 *
 * The rules below were read from the loader itself, solana-sbpf 0.23.0 (the
 * version litesvm 1.5 embeds): `Executable::load` → `load_with_lenient_parser`
 * for e_flags 0, `validate`, `relocate` and `parse_ro_sections` in src/elf.rs,
 * and `Elf64::parse` in src/elf_parser/mod.rs.
 *
 *  - ET_DYN, EM_BPF, ELFOSABI_NONE, e_flags 0 (= SBPFv0, src/elf.rs get_sbpf_version).
 *  - Exactly one section named `.text`; `e_entry` must lie inside it on an
 *    8-byte boundary. No `.bss*` section and no writable `.data*` section.
 *  - Read-only data is only mapped from sections named `.text`, `.rodata`,
 *    `.data.rel.ro` and `.eh_frame`, at MM_REGION_SIZE (2^32) + sh_addr, and
 *    with `reject_broken_elfs` every such section must have sh_addr ==
 *    sh_offset. So we lay the file out with address == file offset everywhere.
 *  - Section headers must be in ascending file order without overlaps, names
 *    shorter than 16 bytes, the first header SHT_NULL.
 *  - Dynamic info comes from PT_DYNAMIC: DT_SYMTAB must equal the sh_addr of
 *    the *first* section at that address (so no empty section may sit at the
 *    .dynsym address), DT_REL must be inside a program header, DT_RELENT must
 *    be 16 and DT_RELSZ non-zero whenever DT_REL is present.
 *  - Relocations applied at load time:
 *      R_BPF_64_RELATIVE (8) in .text: the lddw's two imm halves hold an
 *        address; the loader adds 2^32 to it (if below 2^32) so it points
 *        into the mapped read-only region. That is why .rodata references
 *        become RELATIVE entries with the file offset pre-written in the imm.
 *      R_BPF_64_RELATIVE (8) outside .text: the loader reads a u32 at
 *        r_offset+4, adds 2^32 and writes the u64 result at r_offset (a
 *        compatibility quirk it keeps for old toolchains). We use it for
 *        pointers stored in .rodata.
 *      R_BPF_64_32 (10) on a `call`: looks up the dynamic symbol; an
 *        undefined one is a syscall and the loader writes murmur3-32(name)
 *        into the imm (ebpf::hash_symbol_name in src/ebpf.rs). With
 *        `reject_broken_elfs` an unknown name fails the load; without it (as
 *        in litesvm's addProgram) it fails at run time, hence KNOWN_SYSCALLS.
 *  - Before those, every `call` whose imm is not -1 is taken as a relative
 *    call (target = pc + 1 + imm) and must land inside .text. So internal
 *    calls get relative imms and no relocation; syscalls keep imm -1.
 *  - `callx` reads its register number from the imm field in SBPFv0
 *    (interpreter.rs / verifier.rs check_callx_register), while clang writes it
 *    in the dst field.
 *
 * The output is a pure function of the input: no timestamps, paths or host
 * data, and every table is emitted in a fixed order.
 */

import {
  EM_BPF,
  ET_DYN,
  ELFCLASS64,
  ELFDATA2LSB,
  EV_CURRENT,
  ELF64_HEADER_SIZE,
  ELF64_SECTION_HEADER_SIZE,
  ELF64_SYMBOL_SIZE,
  ELF64_REL_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHN_ABS,
  SHN_COMMON,
  SHN_UNDEF,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NOBITS,
  SHT_PROGBITS,
  SHT_REL,
  SHT_RELA,
  SHT_STRTAB,
  STB_GLOBAL,
  STT_FUNC,
  STT_NOTYPE,
  STT_SECTION,
  readElfObject,
  type ElfObject,
  type ElfSection,
  type ElfSymbol,
} from "./elf-object.ts";

// BPF relocation types (llvm/include/llvm/BinaryFormat/ELFRelocs/BPF.def, plus the loader's RELATIVE).
const R_BPF_NONE = 0;
const R_BPF_64_64 = 1;
const R_BPF_64_ABS64 = 2;
const R_BPF_64_ABS32 = 3;
const R_BPF_64_NODYLD32 = 4;
const R_BPF_64_RELATIVE = 8;
const R_BPF_64_32 = 10;

const RELOCATION_NAMES: Record<number, string> = {
  [R_BPF_NONE]: "R_BPF_NONE",
  [R_BPF_64_64]: "R_BPF_64_64",
  [R_BPF_64_ABS64]: "R_BPF_64_ABS64",
  [R_BPF_64_ABS32]: "R_BPF_64_ABS32",
  [R_BPF_64_NODYLD32]: "R_BPF_64_NODYLD32",
  [R_BPF_64_RELATIVE]: "R_BPF_64_RELATIVE",
  [R_BPF_64_32]: "R_BPF_64_32",
};

// Instruction encoding: opcode byte, then dst (low nibble) / src (high nibble), i16 offset, i32 imm.
const INSN_SIZE = 8;
const OP_LDDW = 0x18;
const OP_CALL = 0x85;
const OP_CALLX = 0x8d;

// Output ELF structures
const ELF64_PROGRAM_HEADER_SIZE = 56;
const ELF64_DYN_SIZE = 16;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PF_X = 1;
const PF_R = 4;
const DT_NULL = 0;
const DT_STRTAB = 5;
const DT_SYMTAB = 6;
const DT_STRSZ = 10;
const DT_SYMENT = 11;
const DT_REL = 17;
const DT_RELSZ = 18;
const DT_RELENT = 19;
const DT_TEXTREL = 22;
const DT_FLAGS = 30;
const DF_TEXTREL = 0x4;

/**
 * Undefined symbols that are a compiler's spelling of "trap" rather than a
 * function the program means to call. LLVM >= 21 lowers `__builtin_trap()` on
 * BPF to a call to `__bpf_trap`; the Solana runtime's equivalent is the
 * `abort` syscall. (clang-19 instead refuses `__builtin_trap()` outright with
 * "A call to built-in function 'abort' is not supported"; C code should
 * declare `extern void abort(void)` and call it, which needs no mapping.)
 */
const TRAP_SYMBOLS: ReadonlyMap<string, string> = new Map([["__bpf_trap", "abort"]]);

/**
 * Every syscall the runtime can register for SBPFv0 programs, from agave's
 * `create_program_runtime_environment_v1` (syscalls/src/lib.rs); some are
 * feature-gated. litesvm's `addProgram` loads with `reject_broken_elfs` off,
 * so a misspelt syscall (or an undefined helper such as `memcpy`) would load
 * fine and only fail at run time with "unsupported BPF instruction"; checking
 * here turns that into a link error naming the symbol.
 */
const KNOWN_SYSCALLS: ReadonlySet<string> = new Set([
  "abort",
  "sol_panic_",
  "sol_log_",
  "sol_log_64_",
  "sol_log_pubkey",
  "sol_log_compute_units_",
  "sol_log_data",
  "sol_create_program_address",
  "sol_try_find_program_address",
  "sol_sha256",
  "sol_keccak256",
  "sol_secp256k1_recover",
  "sol_blake3",
  "sol_curve_validate_point",
  "sol_curve_group_op",
  "sol_curve_multiscalar_mul",
  "sol_curve_decompress",
  "sol_curve_pairing_map",
  "sol_get_clock_sysvar",
  "sol_get_epoch_schedule_sysvar",
  "sol_get_fees_sysvar",
  "sol_get_rent_sysvar",
  "sol_get_last_restart_slot",
  "sol_get_epoch_rewards_sysvar",
  "sol_get_sysvar",
  "sol_get_epoch_stake",
  "sol_memcpy_",
  "sol_memmove_",
  "sol_memset_",
  "sol_memcmp_",
  "sol_get_processed_sibling_instruction",
  "sol_get_stack_height",
  "sol_set_return_data",
  "sol_get_return_data",
  "sol_invoke_signed_c",
  "sol_invoke_signed_rust",
  "sol_alloc_free_",
  "sol_alt_bn128_group_op",
  "sol_alt_bn128_compression",
  "sol_big_mod_exp",
  "sol_poseidon",
  "sol_remaining_compute_units",
]);

/** Where an input section landed in the output. */
interface Placement {
  /** Output file offset, which is also its address. */
  readonly address: number;
  /** The merged output buffer (.text or .rodata) the section's bytes were copied into. */
  readonly buffer: Uint8Array;
  /** Offset of the section inside `buffer`. */
  readonly at: number;
  readonly kind: "text" | "rodata";
}

interface DynamicRelocation {
  readonly offset: number;
  readonly type: number;
  /** Syscall name for R_BPF_64_32; absent for RELATIVE. */
  readonly symbol?: string;
}

/** Links a relocatable BPF object (ET_REL) into an SBPFv0 shared object. Throws an Error naming anything unsupported. */
export function linkSbpf(object: Uint8Array): Uint8Array {
  const elf = readElfObject(object);
  if (elf.machine !== EM_BPF) {
    throw new Error(`linkSbpf: e_machine is ${elf.machine}, expected EM_BPF (247); compile with 'clang -target bpf'`);
  }

  const { code, readOnly } = selectSections(elf);
  const hasRodata = readOnly.some((s) => s.size > 0);
  const programHeaderCount = hasRodata ? 4 : 3;

  // .text directly after the headers, .rodata after it; both at address == file offset.
  const textAddress = alignUp(ELF64_HEADER_SIZE + programHeaderCount * ELF64_PROGRAM_HEADER_SIZE, INSN_SIZE);
  const text = mergeSections(code, textAddress, INSN_SIZE, "text");
  if (text.bytes.length === 0) throw new Error("linkSbpf: the object has no code (.text is empty)");
  const rodataAlignment = Math.max(INSN_SIZE, ...readOnly.map((s) => s.alignment));
  const rodataAddress = alignUp(textAddress + text.bytes.length, rodataAlignment);
  const rodata = mergeSections(readOnly, rodataAddress, 1, "rodata");
  const placements = new Map([...text.placements, ...rodata.placements]);

  const relocator = new Relocator(elf, placements, textAddress, text.bytes.length);
  relocator.applyAll();
  checkInstructions(elf, code, placements, relocator.relocatedCalls);

  const entry = findEntrypoint(elf, placements);

  return writeSharedObject({
    text: text.bytes,
    textAddress,
    rodata: hasRodata ? { bytes: rodata.bytes, address: rodataAddress, alignment: rodataAlignment } : null,
    entry,
    relocations: relocator.dynamicRelocations,
  });
}

// ---------------------------------------------------------------------------
// Choosing and merging input sections
// ---------------------------------------------------------------------------

/**
 * Splits the object's sections into code (merged into .text) and read-only
 * data (merged into .rodata). Non-allocated sections (symbols, BTF, debug
 * info, .llvm_addrsig, ...) never reach the program and are ignored.
 */
function selectSections(elf: ElfObject): { code: ElfSection[]; readOnly: ElfSection[] } {
  const code: ElfSection[] = [];
  const readOnly: ElfSection[] = [];
  for (const section of elf.sections) {
    if ((section.flags & SHF_ALLOC) === 0) {
      if (section.type === SHT_RELA && isAllocated(elf.sections[section.info])) {
        throw new Error(`linkSbpf: ${section.name} is SHT_RELA; BPF objects use SHT_REL and RELA is not supported`);
      }
      continue;
    }
    if ((section.flags & SHF_EXECINSTR) !== 0) {
      if (section.size % INSN_SIZE !== 0) {
        throw new Error(`linkSbpf: code section ${section.name} is ${section.size} bytes, not a whole number of instructions`);
      }
      code.push(section);
    } else if (isWritable(section)) {
      if (section.size === 0) continue;
      const names = definedSymbolNames(elf, section);
      throw new Error(
        `linkSbpf: writable global data is not supported by SBPFv0 programs: section ${section.name}` +
          (names.length > 0 ? ` holds ${names.join(", ")}` : "") +
          ". Make it const, or keep state in account data.",
      );
    } else if (isReadOnlyData(section)) {
      if (section.type === SHT_NOBITS) throw new Error(`linkSbpf: read-only section ${section.name} has no file data (SHT_NOBITS)`);
      readOnly.push(section);
    } else {
      throw new Error(`linkSbpf: unsupported allocated section ${section.name}; only code and .rodata* are supported`);
    }
  }
  for (const symbol of elf.symbols) {
    if (symbol.sectionIndex === SHN_COMMON) {
      throw new Error(`linkSbpf: writable global data is not supported by SBPFv0 programs: common symbol ${symbol.name}`);
    }
  }
  return { code, readOnly };
}

function isAllocated(section: ElfSection | undefined): boolean {
  return section !== undefined && (section.flags & SHF_ALLOC) !== 0;
}

/**
 * `.data.rel.ro` is flagged writable only so a dynamic linker can patch it
 * before it becomes read-only; nothing writes it at run time, and the SBPF
 * loader maps it read-only, so it is merged with .rodata.
 */
function isWritable(section: ElfSection): boolean {
  if (section.name === ".data.rel.ro" || section.name.startsWith(".data.rel.ro.")) return false;
  return (section.flags & SHF_WRITE) !== 0 || section.type === SHT_NOBITS;
}

function isReadOnlyData(section: ElfSection): boolean {
  const name = section.name;
  return name === ".rodata" || name.startsWith(".rodata.") || name === ".data.rel.ro" || name.startsWith(".data.rel.ro.");
}

function definedSymbolNames(elf: ElfObject, section: ElfSection): string[] {
  return elf.symbols.filter((s) => s.sectionIndex === section.index && s.type !== STT_SECTION && s.name !== "").map((s) => s.name);
}

/** Concatenates sections in object order, each at its own alignment (at least `minimumAlignment`). */
function mergeSections(
  sections: readonly ElfSection[],
  address: number,
  minimumAlignment: number,
  kind: Placement["kind"],
): { bytes: Uint8Array; placements: Map<number, Placement> } {
  const starts: number[] = [];
  let size = 0;
  for (const section of sections) {
    size = alignUp(size, Math.max(minimumAlignment, section.alignment));
    starts.push(size);
    size += section.size;
  }
  const bytes = new Uint8Array(size);
  const placements = new Map<number, Placement>();
  sections.forEach((section, i) => {
    const at = starts[i] as number;
    bytes.set(section.data, at);
    placements.set(section.index, { address: address + at, buffer: bytes, at, kind });
  });
  return { bytes, placements };
}

// ---------------------------------------------------------------------------
// Relocation
// ---------------------------------------------------------------------------

class Relocator {
  /** Entries for .rel.dyn, in the order they were produced. */
  readonly dynamicRelocations: DynamicRelocation[] = [];
  /** Output addresses of `call` instructions a relocation already resolved. */
  readonly relocatedCalls = new Set<number>();

  constructor(
    private readonly elf: ElfObject,
    private readonly placements: ReadonlyMap<number, Placement>,
    private readonly textAddress: number,
    private readonly textSize: number,
  ) {}

  applyAll(): void {
    for (const relocationSection of this.elf.relocationSections) {
      const placement = this.placements.get(relocationSection.targetIndex);
      // Relocations of non-allocated sections (debug info, BTF) do not concern the program.
      if (placement === undefined) continue;
      const target = this.elf.sections[relocationSection.targetIndex] as ElfSection;
      for (const relocation of relocationSection.relocations) {
        const symbol = this.elf.symbols[relocation.symbolIndex] as ElfSymbol;
        const site = new Site(this.elf, target, placement, relocation.offset);
        this.apply(relocation.type, symbol, site);
      }
    }
  }

  private apply(type: number, symbol: ElfSymbol, site: Site): void {
    switch (type) {
      case R_BPF_NONE:
        return;
      case R_BPF_64_64:
        return this.applyLoadAddress(symbol, site);
      case R_BPF_64_ABS64:
        return this.applyDataPointer(symbol, site);
      case R_BPF_64_32:
        return this.applyCall(symbol, site);
      default: {
        const name = RELOCATION_NAMES[type] ?? "unknown";
        throw new Error(`linkSbpf: unsupported relocation type ${type} (${name}) against ${describe(symbol)} at ${site.describe()}`);
      }
    }
  }

  /**
   * `lddw rX, symbol+addend`: the addend sits in the first imm. We write the
   * final address across both imms and leave a RELATIVE entry so the loader
   * moves it into the 2^32-based read-only region.
   */
  private applyLoadAddress(symbol: ElfSymbol, site: Site): void {
    site.expectKind("text", "R_BPF_64_64");
    if (site.opcode() !== OP_LDDW || !site.fits(2 * INSN_SIZE)) {
      throw new Error(`linkSbpf: R_BPF_64_64 at ${site.describe()} does not patch an lddw instruction`);
    }
    if (site.readImm(INSN_SIZE) !== 0) {
      throw new Error(`linkSbpf: lddw at ${site.describe()} carries a non-zero upper immediate before relocation`);
    }
    const address = this.addressOf(symbol, site) + site.readImm(0);
    checkAddress(address, symbol, site);
    site.writeImm(0, address);
    site.writeImm(INSN_SIZE, 0);
    this.dynamicRelocations.push({ offset: site.address, type: R_BPF_64_RELATIVE });
  }

  /** A pointer stored in read-only data (e.g. a table of strings or functions). */
  private applyDataPointer(symbol: ElfSymbol, site: Site): void {
    site.expectKind("rodata", "R_BPF_64_ABS64");
    if (!site.fits(8)) throw new Error(`linkSbpf: R_BPF_64_ABS64 at ${site.describe()} runs past its section`);
    const address = this.addressOf(symbol, site) + site.readI64();
    checkAddress(address, symbol, site);
    // The loader takes the address from the upper four bytes (see the header comment) and rewrites all eight.
    site.writeU32(0, 0);
    site.writeU32(4, address);
    this.dynamicRelocations.push({ offset: site.address, type: R_BPF_64_RELATIVE });
  }

  /** `call symbol`: a syscall when the symbol is undefined, otherwise a call into our own .text. */
  private applyCall(symbol: ElfSymbol, site: Site): void {
    site.expectKind("text", "R_BPF_64_32");
    if (site.opcode() !== OP_CALL) {
      throw new Error(`linkSbpf: R_BPF_64_32 at ${site.describe()} does not patch a call instruction`);
    }
    this.relocatedCalls.add(site.address);

    if (symbol.sectionIndex === SHN_UNDEF) {
      const name = TRAP_SYMBOLS.get(symbol.name) ?? symbol.name;
      if (name === "") throw new Error(`linkSbpf: call at ${site.describe()} targets an unnamed undefined symbol`);
      if (!KNOWN_SYSCALLS.has(name)) {
        throw new Error(
          `linkSbpf: call at ${site.describe()} to undefined function ${name}, which is not a Solana syscall; ` +
            "define it in the program (memcpy/memset: use sol_memcpy_/sol_memset_) or fix the name",
        );
      }
      if (site.readImm(0) !== -1) throw new Error(`linkSbpf: call to ${name} at ${site.describe()} should have imm -1`);
      // src 1 marks a BPF-to-BPF call in the BPF ABI (and in SBPFv3+); a syscall has src 0.
      site.setSourceRegister(0);
      this.dynamicRelocations.push({ offset: site.address, type: R_BPF_64_32, symbol: name });
      return;
    }

    // The implicit addend follows the BPF convention: target = symbol + (imm + 1) * 8,
    // i.e. imm -1 for a call to the symbol itself.
    const target = this.addressOf(symbol, site) + (site.readImm(0) + 1) * INSN_SIZE;
    const targetPlacement = this.placements.get(symbol.sectionIndex);
    if (
      targetPlacement?.kind !== "text" ||
      target % INSN_SIZE !== 0 ||
      target < this.textAddress ||
      target >= this.textAddress + this.textSize
    ) {
      throw new Error(`linkSbpf: call at ${site.describe()} to ${describe(symbol)} does not land on an instruction in .text`);
    }
    const pc = (site.address - this.textAddress) / INSN_SIZE;
    const targetPc = (target - this.textAddress) / INSN_SIZE;
    site.writeImm(0, targetPc - pc - 1);
  }

  /** Output address of a symbol defined in a section we placed. */
  private addressOf(symbol: ElfSymbol, site: Site): number {
    if (symbol.sectionIndex === SHN_UNDEF) {
      throw new Error(
        `linkSbpf: ${site.describe()} takes the address of undefined symbol ${symbol.name}; only calls to syscalls may be undefined`,
      );
    }
    if (symbol.sectionIndex === SHN_ABS)
      throw new Error(`linkSbpf: absolute symbol ${symbol.name} referenced at ${site.describe()} is not supported`);
    const placement = this.placements.get(symbol.sectionIndex);
    if (placement === undefined) {
      const section = this.elf.sections[symbol.sectionIndex];
      throw new Error(
        `linkSbpf: ${site.describe()} refers to ${describe(symbol)} in section ${section?.name ?? `#${symbol.sectionIndex}`}, which is not part of the program`,
      );
    }
    return placement.address + symbol.value;
  }
}

/** A relocation site: one offset inside an input section, seen through its place in the output. */
class Site {
  private readonly view: DataView;
  /** Offset of the site inside the merged output buffer. */
  private readonly at: number;
  readonly address: number;

  constructor(
    private readonly elf: ElfObject,
    private readonly section: ElfSection,
    private readonly placement: Placement,
    private readonly offset: number,
  ) {
    this.view = new DataView(placement.buffer.buffer, placement.buffer.byteOffset, placement.buffer.byteLength);
    this.at = placement.at + offset;
    this.address = placement.address + offset;
  }

  describe(): string {
    const fn = this.elf.symbols.find(
      (s) => s.sectionIndex === this.section.index && s.type === STT_FUNC && this.offset >= s.value && this.offset < s.value + s.size,
    );
    return `${this.section.name}+0x${this.offset.toString(16)}${fn ? ` (in ${fn.name})` : ""}`;
  }

  expectKind(kind: Placement["kind"], relocation: string): void {
    if (this.placement.kind !== kind)
      throw new Error(`linkSbpf: ${relocation} in ${this.section.name} is not supported (only in ${kind === "text" ? "code" : ".rodata"})`);
  }

  fits(length: number): boolean {
    return this.offset + length <= this.section.size;
  }

  opcode(): number {
    if (!this.fits(INSN_SIZE) || this.offset % INSN_SIZE !== 0)
      throw new Error(`linkSbpf: relocation at ${this.describe()} is not on an instruction boundary`);
    return this.view.getUint8(this.at);
  }

  /** Signed imm of the instruction at `delta` bytes from the site. */
  readImm(delta: number): number {
    return this.view.getInt32(this.at + delta + 4, true);
  }

  writeImm(delta: number, value: number): void {
    this.view.setInt32(this.at + delta + 4, value | 0, true);
  }

  setSourceRegister(register: number): void {
    const registers = this.view.getUint8(this.at + 1);
    this.view.setUint8(this.at + 1, (registers & 0x0f) | (register << 4));
  }

  readI64(): number {
    const value = this.view.getBigInt64(this.at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new Error(`linkSbpf: implausible addend ${value} at ${this.describe()}`);
    }
    return Number(value);
  }

  writeU32(delta: number, value: number): void {
    this.view.setUint32(this.at + delta, value, true);
  }
}

/** The loader works with 32-bit addresses inside the read-only region. */
function checkAddress(address: number, symbol: ElfSymbol, site: Site): void {
  if (address <= 0 || address > 0xffff_ffff) {
    throw new Error(`linkSbpf: address of ${describe(symbol)} at ${site.describe()} is out of range (${address})`);
  }
}

function describe(symbol: ElfSymbol): string {
  if (symbol.name === "") return `symbol #${symbol.index}`;
  return symbol.type === STT_SECTION ? `section ${symbol.name}` : `symbol ${symbol.name}`;
}

// ---------------------------------------------------------------------------
// Instruction checks and SBPFv0 fix-ups
// ---------------------------------------------------------------------------

/**
 * Walks every instruction once: rewrites `callx` for SBPFv0, checks that calls
 * no relocation touched are already in-section relative calls, and rejects
 * instruction families the SBPFv0 verifier (src/verifier.rs) does not know,
 * with a message that says what in the C source produced them.
 */
function checkInstructions(
  elf: ElfObject,
  code: readonly ElfSection[],
  placements: ReadonlyMap<number, Placement>,
  relocatedCalls: ReadonlySet<number>,
): void {
  for (const section of code) {
    const placement = placements.get(section.index) as Placement;
    const view = new DataView(placement.buffer.buffer, placement.buffer.byteOffset, placement.buffer.byteLength);
    const count = section.size / INSN_SIZE;
    for (let i = 0; i < count; i++) {
      const at = placement.at + i * INSN_SIZE;
      const opcode = view.getUint8(at);
      const where = () => new Site(elf, section, placement, i * INSN_SIZE).describe();

      if (opcode === OP_LDDW) {
        if (i + 1 >= count || view.getUint8(at + INSN_SIZE) !== 0) throw new Error(`linkSbpf: incomplete lddw at ${where()}`);
        i++; // the second half of lddw is not an instruction of its own
        continue;
      }
      if (opcode === OP_CALL && !relocatedCalls.has(placement.address + i * INSN_SIZE)) {
        const imm = view.getInt32(at + 4, true);
        const target = i + 1 + imm;
        if (imm === -1 || target < 0 || target >= count) {
          throw new Error(`linkSbpf: call at ${where()} has no relocation and no valid in-section target (imm ${imm})`);
        }
        continue;
      }
      if (opcode === OP_CALLX) {
        // clang puts the register in dst; SBPFv0 reads it from imm.
        const registers = view.getUint8(at + 1);
        const imm = view.getInt32(at + 4, true);
        const register = registers & 0x0f;
        if (imm !== 0 && imm !== register) throw new Error(`linkSbpf: callx at ${where()} has both a dst register and an imm`);
        view.setInt32(at + 4, register, true);
        continue;
      }
      const unsupported = unsupportedInSbpfV0(opcode, view.getInt16(at + 2, true));
      if (unsupported) throw new Error(`linkSbpf: ${unsupported} at ${where()} is not supported by SBPFv0`);
    }
  }
}

/** Names instruction families that exist in newer eBPF CPUs (-mcpu=v3/v4) but not in SBPFv0. */
function unsupportedInSbpfV0(opcode: number, offset: number): string | null {
  const instructionClass = opcode & 0x07;
  const mode = opcode & 0xe0;
  const operation = opcode & 0xf0;
  switch (instructionClass) {
    case 0x00: // BPF_LD: only lddw (handled by the caller)
      return `legacy packet load (opcode 0x${opcode.toString(16)})`;
    case 0x01: // BPF_LDX
    case 0x02: // BPF_ST
      return mode === 0x60 ? null : `sign-extending or non-memory load/store (opcode 0x${opcode.toString(16)}, -mcpu=v4)`;
    case 0x03: // BPF_STX
      return mode === 0x60 ? null : `atomic memory operation (opcode 0x${opcode.toString(16)}; avoid __atomic/__sync builtins)`;
    case 0x06: // BPF_JMP32
      return `32-bit conditional jump (opcode 0x${opcode.toString(16)}; compile with -mcpu=v2, not v3)`;
    case 0x04: // BPF_ALU
    case 0x07: // BPF_ALU64
      if ((operation === 0x30 || operation === 0x90 || operation === 0xb0) && offset !== 0) {
        return `signed division or sign-extending move (opcode 0x${opcode.toString(16)}, -mcpu=v4)`;
      }
      if (opcode === 0xd7) return "unconditional byte swap (bswap, -mcpu=v4)";
      return null;
    default: // BPF_JMP: leave the rest to the loader's verifier
      return null;
  }
}

function findEntrypoint(elf: ElfObject, placements: ReadonlyMap<number, Placement>): number {
  const candidates = elf.symbols.filter((s) => s.name === "entrypoint" && s.sectionIndex !== SHN_UNDEF && s.type !== STT_SECTION);
  if (candidates.length === 0) throw new Error("linkSbpf: no `entrypoint` function is defined");
  if (candidates.length > 1) throw new Error("linkSbpf: more than one `entrypoint` symbol is defined");
  const symbol = candidates[0] as ElfSymbol;
  const placement = placements.get(symbol.sectionIndex);
  if (placement?.kind !== "text" || symbol.value % INSN_SIZE !== 0)
    throw new Error("linkSbpf: `entrypoint` is not a function in a code section");
  return placement.address + symbol.value;
}

// ---------------------------------------------------------------------------
// Writing the shared object
// ---------------------------------------------------------------------------

interface SharedObjectParts {
  readonly text: Uint8Array;
  readonly textAddress: number;
  readonly rodata: { readonly bytes: Uint8Array; readonly address: number; readonly alignment: number } | null;
  readonly entry: number;
  readonly relocations: readonly DynamicRelocation[];
}

interface OutputSection {
  readonly name: string;
  readonly type: number;
  readonly flags: number;
  readonly alignment: number;
  readonly entrySize: number;
  readonly bytes: Uint8Array;
  /** Name of the section sh_link points to. */
  readonly linkTo?: string;
  readonly info?: number;
  /** Non-allocated sections (.shstrtab) have no address. */
  readonly allocated: boolean;
  offset: number;
}

/**
 * File layout (address == offset throughout):
 *   ELF header, program headers, .text, [.rodata], .dynamic, .dynsym, .dynstr,
 *   .rel.dyn, .shstrtab, section headers.
 * .rodata is left out entirely when empty, so no zero-size section can share
 * an address with a table the loader looks up by address.
 */
function writeSharedObject(parts: SharedObjectParts): Uint8Array {
  // Syscall names in a fixed (sorted) order; .dynsym index 0 is the mandatory null symbol.
  const syscalls = [...new Set(parts.relocations.flatMap((r) => (r.symbol === undefined ? [] : [r.symbol])))].sort();
  const dynstr = new StringTable();
  const dynsym = new Uint8Array((syscalls.length + 1) * ELF64_SYMBOL_SIZE);
  syscalls.forEach((name, i) => {
    const entry = new DataView(dynsym.buffer, (i + 1) * ELF64_SYMBOL_SIZE, ELF64_SYMBOL_SIZE);
    entry.setUint32(0, dynstr.add(name), true);
    entry.setUint8(4, (STB_GLOBAL << 4) | STT_NOTYPE); // undefined, value 0: the loader treats it as a syscall
  });

  const relocations = [...parts.relocations].sort((a, b) => a.offset - b.offset);
  const relDyn = new Uint8Array(relocations.length * ELF64_REL_SIZE);
  relocations.forEach((relocation, i) => {
    const entry = new DataView(relDyn.buffer, i * ELF64_REL_SIZE, ELF64_REL_SIZE);
    const symbolIndex = relocation.symbol === undefined ? 0 : syscalls.indexOf(relocation.symbol) + 1;
    entry.setBigUint64(0, BigInt(relocation.offset), true);
    entry.setUint32(8, relocation.type, true);
    entry.setUint32(12, symbolIndex, true);
  });

  const dynstrBytes = dynstr.bytes();
  // .dynamic's size does not depend on the addresses it holds, so it can be sized before layout.
  const hasRelocations = relocations.length > 0;
  const dynamicEntryCount = 5 + (hasRelocations ? 5 : 0); // STRTAB STRSZ SYMTAB SYMENT [REL RELSZ RELENT TEXTREL FLAGS] NULL

  const sections: OutputSection[] = [
    section(".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, INSN_SIZE, 0, parts.text),
    ...(parts.rodata ? [section(".rodata", SHT_PROGBITS, SHF_ALLOC, parts.rodata.alignment, 0, parts.rodata.bytes)] : []),
    // .dynamic is read-only here: there is no dynamic linker to write DT_DEBUG into it.
    {
      ...section(".dynamic", SHT_DYNAMIC, SHF_ALLOC, 8, ELF64_DYN_SIZE, new Uint8Array(dynamicEntryCount * ELF64_DYN_SIZE)),
      linkTo: ".dynstr",
    },
    { ...section(".dynsym", SHT_DYNSYM, SHF_ALLOC, 8, ELF64_SYMBOL_SIZE, dynsym), linkTo: ".dynstr", info: 1 },
    section(".dynstr", SHT_STRTAB, SHF_ALLOC, 1, 0, dynstrBytes),
    { ...section(".rel.dyn", SHT_REL, SHF_ALLOC, 8, ELF64_REL_SIZE, relDyn), linkTo: ".dynsym" },
  ];
  const shstrtab = new StringTable();
  for (const s of sections) shstrtab.add(s.name);
  shstrtab.add(".shstrtab");
  sections.push({ ...section(".shstrtab", SHT_STRTAB, 0, 1, 0, shstrtab.bytes()), allocated: false });

  // Lay out: text and rodata are already placed; the rest follow in order.
  let cursor = 0;
  for (const s of sections) {
    if (s.name === ".text") s.offset = parts.textAddress;
    else if (s.name === ".rodata" && parts.rodata) s.offset = parts.rodata.address;
    else s.offset = alignUp(cursor, s.alignment);
    cursor = s.offset + s.bytes.length;
  }
  const sectionHeaderOffset = alignUp(cursor, 8);
  const fileSize = sectionHeaderOffset + (sections.length + 1) * ELF64_SECTION_HEADER_SIZE;
  const find = (name: string) => sections.find((s) => s.name === name) as OutputSection;
  const indexOf = (name: string) => sections.findIndex((s) => s.name === name) + 1; // +1: header 0 is SHT_NULL

  const dynamic = find(".dynamic");
  const dynsymSection = find(".dynsym");
  const dynstrSection = find(".dynstr");
  const relDynSection = find(".rel.dyn");
  const dynamicEntries: [number, number][] = [
    [DT_SYMTAB, dynsymSection.offset],
    [DT_SYMENT, ELF64_SYMBOL_SIZE],
    [DT_STRTAB, dynstrSection.offset],
    [DT_STRSZ, dynstrSection.bytes.length],
  ];
  if (hasRelocations) {
    // DT_REL must be omitted when there is nothing to relocate: the loader rejects DT_RELSZ 0.
    dynamicEntries.push([DT_REL, relDynSection.offset], [DT_RELSZ, relDynSection.bytes.length], [DT_RELENT, ELF64_REL_SIZE]);
    // The loader patches .text in place; say so, as a conventional ELF would.
    dynamicEntries.push([DT_TEXTREL, 0], [DT_FLAGS, DF_TEXTREL]);
  }
  dynamicEntries.push([DT_NULL, 0]);
  const dynamicView = new DataView(dynamic.bytes.buffer);
  dynamicEntries.forEach(([tag, value], i) => {
    dynamicView.setBigUint64(i * ELF64_DYN_SIZE, BigInt(tag), true);
    dynamicView.setBigUint64(i * ELF64_DYN_SIZE + 8, BigInt(value), true);
  });

  const out = new Uint8Array(fileSize);
  const view = new DataView(out.buffer);
  for (const s of sections) out.set(s.bytes, s.offset);

  // ELF header
  out.set([0x7f, 0x45, 0x4c, 0x46, ELFCLASS64, ELFDATA2LSB, EV_CURRENT], 0); // OSABI, ABI version, padding stay 0
  view.setUint16(16, ET_DYN, true);
  view.setUint16(18, EM_BPF, true);
  view.setUint32(20, EV_CURRENT, true);
  view.setBigUint64(24, BigInt(parts.entry), true);
  view.setBigUint64(32, BigInt(ELF64_HEADER_SIZE), true); // e_phoff: right after this header
  view.setBigUint64(40, BigInt(sectionHeaderOffset), true);
  view.setUint32(48, 0, true); // e_flags 0 selects SBPFv0
  view.setUint16(52, ELF64_HEADER_SIZE, true);
  view.setUint16(54, ELF64_PROGRAM_HEADER_SIZE, true);
  const programHeaders = programHeadersFor(parts, dynamic, relDynSection);
  view.setUint16(56, programHeaders.length, true);
  view.setUint16(58, ELF64_SECTION_HEADER_SIZE, true);
  view.setUint16(60, sections.length + 1, true);
  view.setUint16(62, indexOf(".shstrtab"), true);

  programHeaders.forEach((ph, i) => {
    const at = ELF64_HEADER_SIZE + i * ELF64_PROGRAM_HEADER_SIZE;
    view.setUint32(at, ph.type, true);
    view.setUint32(at + 4, ph.flags, true);
    view.setBigUint64(at + 8, BigInt(ph.start), true); // p_offset
    view.setBigUint64(at + 16, BigInt(ph.start), true); // p_vaddr
    view.setBigUint64(at + 24, BigInt(ph.start), true); // p_paddr
    view.setBigUint64(at + 32, BigInt(ph.size), true); // p_filesz
    view.setBigUint64(at + 40, BigInt(ph.size), true); // p_memsz
    view.setBigUint64(at + 48, 8n, true); // p_align
  });
  if (ELF64_HEADER_SIZE + programHeaders.length * ELF64_PROGRAM_HEADER_SIZE > parts.textAddress) {
    throw new Error("linkSbpf: internal error: program headers overlap .text");
  }

  // Section headers; entry 0 stays all-zero (SHT_NULL).
  sections.forEach((s, i) => {
    const at = sectionHeaderOffset + (i + 1) * ELF64_SECTION_HEADER_SIZE;
    view.setUint32(at, shstrtab.offsetOf(s.name), true);
    view.setUint32(at + 4, s.type, true);
    view.setBigUint64(at + 8, BigInt(s.flags), true);
    view.setBigUint64(at + 16, BigInt(s.allocated ? s.offset : 0), true);
    view.setBigUint64(at + 24, BigInt(s.offset), true);
    view.setBigUint64(at + 32, BigInt(s.bytes.length), true);
    view.setUint32(at + 40, s.linkTo === undefined ? 0 : indexOf(s.linkTo), true);
    view.setUint32(at + 44, s.info ?? 0, true);
    view.setBigUint64(at + 48, BigInt(s.alignment), true);
    view.setBigUint64(at + 56, BigInt(s.entrySize), true);
  });
  return out;
}

function section(name: string, type: number, flags: number, alignment: number, entrySize: number, bytes: Uint8Array): OutputSection {
  return { name, type, flags, alignment, entrySize, bytes, allocated: true, offset: 0 };
}

interface ProgramHeader {
  readonly type: number;
  readonly flags: number;
  readonly start: number;
  readonly size: number;
}

/**
 * One PT_LOAD per kind of content, in ascending address order as the parser
 * requires: code (R+X), read-only data (R), the dynamic-linking tables (R),
 * then PT_DYNAMIC, which is how the loader finds .dynamic.
 */
function programHeadersFor(parts: SharedObjectParts, dynamic: OutputSection, relDyn: OutputSection): ProgramHeader[] {
  const tablesEnd = relDyn.offset + relDyn.bytes.length;
  return [
    { type: PT_LOAD, flags: PF_R | PF_X, start: parts.textAddress, size: parts.text.length },
    ...(parts.rodata ? [{ type: PT_LOAD, flags: PF_R, start: parts.rodata.address, size: parts.rodata.bytes.length }] : []),
    { type: PT_LOAD, flags: PF_R, start: dynamic.offset, size: tablesEnd - dynamic.offset },
    { type: PT_DYNAMIC, flags: PF_R, start: dynamic.offset, size: dynamic.bytes.length },
  ];
}

/** A NUL-separated string table with a leading empty string, as ELF wants. */
class StringTable {
  private readonly offsets = new Map<string, number>([["", 0]]);
  private readonly parts: Uint8Array[] = [new Uint8Array(1)];
  private size = 1;

  add(text: string): number {
    const existing = this.offsets.get(text);
    if (existing !== undefined) return existing;
    const encoded = new TextEncoder().encode(`${text}\0`);
    const offset = this.size;
    this.offsets.set(text, offset);
    this.parts.push(encoded);
    this.size += encoded.length;
    return offset;
  }

  offsetOf(text: string): number {
    const offset = this.offsets.get(text);
    if (offset === undefined) throw new Error(`linkSbpf: internal error: ${text} missing from string table`);
    return offset;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

function alignUp(value: number, alignment: number): number {
  if (alignment <= 1) return value;
  return Math.ceil(value / alignment) * alignment;
}
