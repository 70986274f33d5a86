import { fileURLToPath } from "node:url";
import { type Address, address } from "@solana/kit";

/** Where `npm run build:programs` writes the linked programs (committed to the repo). */
export const PROGRAMS_DIST_DIR = fileURLToPath(new URL("../../programs-fixtures/dist/", import.meta.url));

export interface ProgramBinary {
  readonly name: "launch" | "curve" | "pool";
  /** Fixed program id: vanity addresses so logs read well. */
  readonly address: Address;
  readonly file: string;
}

/** Our three on-chain programs, at the fixed ids their C sources hard-code (layout.h). */
export const PROGRAM_BINARIES: readonly ProgramBinary[] = [
  { name: "launch", address: address("BasketLaunch11111111111111111111111111111111"), file: "launch.so" },
  { name: "curve", address: address("BasketCurve111111111111111111111111111111111"), file: "curve.so" },
  { name: "pool", address: address("BasketPoo11111111111111111111111111111111111"), file: "pool.so" },
];
