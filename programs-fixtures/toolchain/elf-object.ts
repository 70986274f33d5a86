/**
 * A small reader for ELF64 little-endian relocatable objects (`ET_REL`), the
 * `.o` files clang writes for `-target bpf`. It exposes exactly what the SBPF
 * linker needs: section headers with their bytes, the symbol table, and the
 * `SHT_REL` relocation sections. Anything it cannot represent faithfully
 * (big-endian, 32-bit, truncated tables) is rejected with an Error instead of
 * being half-read.
 */

// e_ident / header values
export const ELFCLASS64 = 2;
export const ELFDATA2LSB = 1;
export const EV_CURRENT = 1;
export const ET_REL = 1;
export const ET_DYN = 3;
export const EM_BPF = 247;

// Section header types (sh_type)
export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_RELA = 4;
export const SHT_DYNAMIC = 6;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;
export const SHT_DYNSYM = 11;

// Section header flags (sh_flags)
export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;

// Special section indices (st_shndx)
export const SHN_UNDEF = 0;
export const SHN_LORESERVE = 0xff00;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;
export const SHN_XINDEX = 0xffff;

// Symbol binding and type (st_info)
export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;
export const STT_FILE = 4;

export const ELF64_HEADER_SIZE = 64;
export const ELF64_SECTION_HEADER_SIZE = 64;
export const ELF64_SYMBOL_SIZE = 24;
export const ELF64_REL_SIZE = 16;

export interface ElfSection {
  /** Position in the section header table; symbols and relocations refer to sections by it. */
  readonly index: number;
  readonly name: string;
  readonly type: number;
  readonly flags: number;
  readonly address: number;
  readonly offset: number;
  readonly size: number;
  readonly link: number;
  readonly info: number;
  readonly alignment: number;
  readonly entrySize: number;
  /** The section's bytes; empty for SHT_NOBITS (e.g. .bss), which occupies no file space. */
  readonly data: Uint8Array;
}

export interface ElfSymbol {
  /** Position in .symtab; relocations refer to symbols by it. */
  readonly index: number;
  readonly name: string;
  readonly value: number;
  readonly size: number;
  readonly binding: number;
  readonly type: number;
  /** st_shndx: a section index, or SHN_UNDEF / SHN_ABS / SHN_COMMON. */
  readonly sectionIndex: number;
}

export interface ElfRelocation {
  /** Byte offset inside the section the relocation applies to. */
  readonly offset: number;
  readonly type: number;
  readonly symbolIndex: number;
}

export interface ElfRelocationSection {
  /** The `.rel*` section itself. */
  readonly section: ElfSection;
  /** Index of the section whose bytes these relocations patch (sh_info). */
  readonly targetIndex: number;
  readonly relocations: readonly ElfRelocation[];
}

export interface ElfObject {
  readonly machine: number;
  readonly flags: number;
  readonly sections: readonly ElfSection[];
  /** The whole .symtab, index 0 (the null symbol) included; empty when the object has none. */
  readonly symbols: readonly ElfSymbol[];
  readonly relocationSections: readonly ElfRelocationSection[];
}

/** Parses an ELF64 little-endian relocatable object. Throws an Error naming the first problem found. */
export function readElfObject(bytes: Uint8Array): ElfObject {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  if (bytes.length < ELF64_HEADER_SIZE) fail(`only ${bytes.length} bytes, an ELF64 header needs 64`);
  if (bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) {
    fail("missing the \\x7fELF magic");
  }
  if (bytes[4] !== ELFCLASS64) fail(`EI_CLASS is ${bytes[4]}, expected ELFCLASS64 (2)`);
  if (bytes[5] !== ELFDATA2LSB) fail(`EI_DATA is ${bytes[5]}, expected little-endian (1)`);

  const type = view.getUint16(16, true);
  if (type !== ET_REL) fail(`e_type is ${type}, expected ET_REL (1): pass the .o from 'clang -c', not a linked file`);
  const machine = view.getUint16(18, true);
  const flags = view.getUint32(48, true);
  const sectionHeaderOffset = readOffset(view, 40, "e_shoff");
  const sectionHeaderSize = view.getUint16(58, true);
  const sectionCount = view.getUint16(60, true);
  const sectionNamesIndex = view.getUint16(62, true);

  if (sectionHeaderSize !== ELF64_SECTION_HEADER_SIZE) fail(`e_shentsize is ${sectionHeaderSize}, expected 64`);
  // Objects with >= SHN_LORESERVE sections store the real count elsewhere; a BPF program never gets there.
  if (sectionCount === 0) fail("no section headers (or an extended section count, which is not supported)");
  if (sectionNamesIndex === SHN_XINDEX) fail("extended section name table index is not supported");
  if (sectionHeaderOffset + sectionCount * ELF64_SECTION_HEADER_SIZE > bytes.length) {
    fail("section header table runs past the end of the file");
  }

  interface RawSection {
    nameOffset: number;
    type: number;
    flags: number;
    address: number;
    offset: number;
    size: number;
    link: number;
    info: number;
    alignment: number;
    entrySize: number;
  }
  const raw: RawSection[] = [];
  for (let i = 0; i < sectionCount; i++) {
    const at = sectionHeaderOffset + i * ELF64_SECTION_HEADER_SIZE;
    const section: RawSection = {
      nameOffset: view.getUint32(at, true),
      type: view.getUint32(at + 4, true),
      flags: readOffset(view, at + 8, "sh_flags"),
      address: readOffset(view, at + 16, "sh_addr"),
      offset: readOffset(view, at + 24, "sh_offset"),
      size: readOffset(view, at + 32, "sh_size"),
      link: view.getUint32(at + 40, true),
      info: view.getUint32(at + 44, true),
      alignment: readOffset(view, at + 48, "sh_addralign"),
      entrySize: readOffset(view, at + 56, "sh_entsize"),
    };
    if (section.type !== SHT_NOBITS && section.offset + section.size > bytes.length) {
      fail(`section #${i} runs past the end of the file`);
    }
    raw.push(section);
  }

  const sectionBytes = (s: RawSection): Uint8Array =>
    s.type === SHT_NOBITS ? new Uint8Array(0) : bytes.subarray(s.offset, s.offset + s.size);

  const namesSection = raw[sectionNamesIndex];
  if (namesSection === undefined || namesSection.type !== SHT_STRTAB) fail("e_shstrndx does not name a string table");
  const sectionNames = sectionBytes(namesSection);

  const sections: ElfSection[] = raw.map((s, index) => ({
    index,
    name: readString(sectionNames, s.nameOffset, `name of section #${index}`),
    type: s.type,
    flags: s.flags,
    address: s.address,
    offset: s.offset,
    size: s.size,
    link: s.link,
    info: s.info,
    alignment: s.alignment,
    entrySize: s.entrySize,
    data: sectionBytes(s),
  }));

  const symbols = readSymbols(sections);
  const relocationSections = sections.filter((s) => s.type === SHT_REL).map((s) => readRelocations(s, sections, symbols.length));

  return { machine, flags, sections, symbols, relocationSections };
}

function fail(message: string): never {
  throw new Error(`not a usable ELF object: ${message}`);
}

/** Reads .symtab (there is at most one in a relocatable object) with names from its linked string table. */
function readSymbols(sections: readonly ElfSection[]): ElfSymbol[] {
  const symtabs = sections.filter((s) => s.type === SHT_SYMTAB);
  if (symtabs.length === 0) return [];
  if (symtabs.length > 1) fail("more than one SHT_SYMTAB section");
  const symtab = symtabs[0] as ElfSection;
  if (symtab.entrySize !== ELF64_SYMBOL_SIZE || symtab.size % ELF64_SYMBOL_SIZE !== 0) {
    fail(`${symtab.name} entries are not ${ELF64_SYMBOL_SIZE} bytes`);
  }
  const strtab = sections[symtab.link];
  if (strtab === undefined || strtab.type !== SHT_STRTAB) {
    fail(`${symtab.name} does not link to a string table`);
  }

  const view = new DataView(symtab.data.buffer, symtab.data.byteOffset, symtab.data.byteLength);
  const symbols: ElfSymbol[] = [];
  for (let index = 0; index < symtab.size / ELF64_SYMBOL_SIZE; index++) {
    const at = index * ELF64_SYMBOL_SIZE;
    const info = view.getUint8(at + 4);
    const sectionIndex = view.getUint16(at + 6, true);
    if (sectionIndex === SHN_XINDEX) {
      fail("extended symbol section indices (SHT_SYMTAB_SHNDX) are not supported");
    }
    symbols.push({
      index,
      name: readString(strtab.data, view.getUint32(at, true), `name of symbol #${index}`),
      binding: info >> 4,
      type: info & 0xf,
      sectionIndex,
      value: readOffset(view, at + 8, `value of symbol #${index}`),
      size: readOffset(view, at + 16, `size of symbol #${index}`),
    });
  }
  return symbols;
}

function readRelocations(section: ElfSection, sections: readonly ElfSection[], symbolCount: number): ElfRelocationSection {
  const where = `relocation section ${section.name}`;
  if (section.size % ELF64_REL_SIZE !== 0) fail(`${where} size is not a multiple of 16`);
  if (sections[section.info] === undefined) fail(`${where} targets missing section #${section.info}`);

  const view = new DataView(section.data.buffer, section.data.byteOffset, section.data.byteLength);
  const relocations: ElfRelocation[] = [];
  for (let at = 0; at < section.size; at += ELF64_REL_SIZE) {
    // r_info packs the symbol index in the high 32 bits and the type in the low 32 bits.
    const symbolIndex = view.getUint32(at + 12, true);
    const type = view.getUint32(at + 8, true);
    if (symbolIndex >= symbolCount) {
      fail(`${where} refers to symbol #${symbolIndex}, the symbol table has ${symbolCount}`);
    }
    relocations.push({ offset: readOffset(view, at, `r_offset in ${where}`), type, symbolIndex });
  }
  return { section, targetIndex: section.info, relocations };
}

/** Reads a u64 that is used as a size or offset; such values above 2^53 can only come from a corrupt file. */
function readOffset(view: DataView, at: number, what: string): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) fail(`${what} is implausibly large (${value})`);
  return Number(value);
}

function readString(table: Uint8Array, offset: number, what: string): string {
  if (offset === 0 && table.length === 0) return "";
  if (offset >= table.length) fail(`${what} points outside its string table`);
  const end = table.indexOf(0, offset);
  if (end < 0) fail(`${what} is not NUL-terminated`);
  return new TextDecoder().decode(table.subarray(offset, end));
}
