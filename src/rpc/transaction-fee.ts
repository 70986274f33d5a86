import { type Address, type ReadonlyUint8Array, address } from "@solana/kit";
import type { SupportedMessage } from "../chain/check-transaction.ts";

/** Solana's fee per signature, in lamports. */
export const LAMPORTS_PER_SIGNATURE = 5000n;

const COMPUTE_BUDGET_PROGRAM = address("ComputeBudget111111111111111111111111111111");
/** The compute-budget instructions' discriminators. */
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** The runtime's default budget per instruction: small for a builtin program, 200,000 for any other, 1.4M at most in all. */
const BUILTIN_UNITS = 3_000n;
const PROGRAM_UNITS = 200_000n;
const MAX_UNITS = 1_400_000n;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/** The programs the runtime budgets as builtins when a transaction sets no compute-unit limit. */
const BUILTINS: ReadonlySet<Address> = new Set(
  [
    "11111111111111111111111111111111",
    "ComputeBudget111111111111111111111111111111",
    "AddressLookupTab1e1111111111111111111111111",
    "BPFLoader2111111111111111111111111111111111",
    "BPFLoaderUpgradeab1e11111111111111111111111",
    "BPFLoader1111111111111111111111111111111111",
    "LoaderV411111111111111111111111111111111111",
    "Vote111111111111111111111111111111111111111",
    "Stake11111111111111111111111111111111111111",
    "Config1111111111111111111111111111111111111",
  ].map((key) => address(key)),
);

const littleEndian = (bytes: ReadonlyUint8Array, from: number, length: number): bigint | null => {
  if (bytes.length < from + length) return null;
  let value = 0n;
  for (let index = length - 1; index >= 0; index--) value = (value << 8n) | BigInt(bytes[from + index]!);
  return value;
};

/** What a message asks of the compute budget: its unit price (micro-lamports, 0 when unset) and the units its fee is priced on. */
export interface ComputeBudgetRequest {
  readonly price: bigint;
  readonly units: bigint;
}

/**
 * The compute-unit price (`SetComputeUnitPrice`, micro-lamports) and limit
 * (`SetComputeUnitLimit`, or else the runtime's default per instruction, 1.4M at most) a
 * message sets.
 */
export function computeBudgetOf(message: SupportedMessage): ComputeBudgetRequest {
  let limit: bigint | null = null;
  let price = 0n;
  let defaultUnits = 0n;
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array(0);
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === SET_COMPUTE_UNIT_LIMIT) limit = littleEndian(data, 1, 4) ?? limit;
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === SET_COMPUTE_UNIT_PRICE) price = littleEndian(data, 1, 8) ?? price;
    defaultUnits += program !== undefined && BUILTINS.has(program) ? BUILTIN_UNITS : PROGRAM_UNITS;
  }
  const units = (limit ?? defaultUnits) < MAX_UNITS ? (limit ?? defaultUnits) : MAX_UNITS;
  return { price, units };
}

/**
 * The fee the runtime charged `message`: 5000 lamports per signature plus the priority fee,
 * the compute-unit price times the compute-unit limit (see {@link computeBudgetOf}), rounded
 * up to a lamport — what the VM deducts from the fee payer, whether or not the transaction
 * succeeds.
 */
export function transactionFeeOf(message: SupportedMessage): bigint {
  const { price, units } = computeBudgetOf(message);
  const priority = (price * units + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority;
}
