import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Address, getAddressDecoder } from "@solana/kit";

/** Test helpers that read the C sources, the truth our TypeScript mirrors. */

const FIXTURES = fileURLToPath(new URL("../../../programs-fixtures/", import.meta.url));

/** The text of a file under programs-fixtures/, e.g. "include/errors.h". */
export function readFixture(path: string): string {
  return readFileSync(FIXTURES + path, "utf8");
}

/** `#define NAME <number>` lines whose name starts with `prefix`, prefix removed. */
export function parseDefines(source: string, prefix: string): Map<string, number> {
  const defines = new Map<string, number>();
  for (const match of source.matchAll(new RegExp(`^#define ${prefix}([A-Z0-9_]+)\\s+(\\d+)`, "gm"))) {
    defines.set(match[1] as string, Number(match[2]));
  }
  return defines;
}

/** The members of `enum <name> { A = 0, B = 1 }` as NAME → value. */
export function parseEnum(source: string, name: string): Map<string, number> {
  const body = new RegExp(`enum ${name}\\s*\\{([^}]*)\\}`).exec(source)?.[1];
  if (body === undefined) throw new Error(`enum ${name} not found`);
  const members = new Map<string, number>();
  for (const match of body.matchAll(/([A-Z0-9_]+)\s*=\s*(\d+)/g)) {
    members.set(match[1] as string, Number(match[2]));
  }
  return members;
}

/** A `static const SolPubkey NAME = {{0x.., ...}}` constant as an address. */
export function parsePubkey(source: string, name: string): Address {
  const body = new RegExp(`SolPubkey ${name} = \\{\\{([^}]*)\\}\\}`).exec(source)?.[1];
  if (body === undefined) throw new Error(`pubkey ${name} not found`);
  const bytes = body
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((item) => Number(item));
  return getAddressDecoder().decode(Uint8Array.from(bytes));
}

/** SCREAMING_SNAKE → PascalCase, e.g. SLIPPAGE_EXCEEDED → SlippageExceeded. */
export function pascalCase(snake: string): string {
  return snake
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}
