import type { Address, Instruction } from "@solana/kit";
import { unsignedTransactionSize } from "../chain/unsigned-transaction.ts";
import { MAX_TRANSACTION_BYTES } from "../chain/read-wire-transaction.ts";
import type { LatestBlockhash } from "../chain/virtual-clock.ts";

/** The wire size of an unsigned transaction of `instructions` paid by `feePayer`. */
export function transactionBytes(feePayer: Address, instructions: readonly Instruction[], lifetime: LatestBlockhash): number {
  return unsignedTransactionSize({ feePayer, instructions, lifetime });
}

/**
 * Packs groups of instructions (each group must land together, e.g. wrap + sync) into as
 * few transactions as fit, in order. `lead` gives the instructions each transaction starts
 * with, from the instructions packed into it (a compute budget sized to them); its size may
 * not depend on them. Throws when one group alone is too large: that is a planner bug, not
 * a client's mistake.
 */
export function packInstructions(
  feePayer: Address,
  groups: readonly (readonly Instruction[])[],
  lifetime: LatestBlockhash,
  lead: (body: readonly Instruction[]) => readonly Instruction[] = () => [],
): Instruction[][] {
  const fits = (body: readonly Instruction[]) => transactionBytes(feePayer, [...lead(body), ...body], lifetime) <= MAX_TRANSACTION_BYTES;
  const bodies: Instruction[][] = [];
  let current: Instruction[] = [];
  for (const group of groups) {
    const candidate = [...current, ...group];
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current.length === 0) throw new Error(`an instruction group of ${group.length} does not fit in one transaction`);
    bodies.push(current);
    current = [...group];
    if (!fits(current)) throw new Error(`an instruction group of ${group.length} does not fit in one transaction`);
  }
  if (current.length > 0) bodies.push(current);
  return bodies.map((body) => [...lead(body), ...body]);
}
