import type { AccountMeta, Instruction, InstructionWithAccounts, InstructionWithData, ReadonlyUint8Array } from "@solana/kit";

/**
 * What every builder in this folder returns: a kit `Instruction` whose `accounts` and
 * `data` are always present, so callers can read them without optional chaining.
 */
export type ProgramInstruction<TProgramAddress extends string = string> = Instruction<TProgramAddress> &
  InstructionWithAccounts<readonly AccountMeta[]> &
  InstructionWithData<ReadonlyUint8Array>;
