import { type Address, type Instruction, AccountRole, isSignerRole, isWritableRole } from "@solana/kit";

/** A v0 message compiled without address tables: what the message encoder writes. */
export interface CompiledStaticV0 {
  readonly header: {
    readonly numSignerAccounts: number;
    readonly numReadonlySignerAccounts: number;
    readonly numReadonlyNonSignerAccounts: number;
  };
  readonly staticAccounts: readonly Address[];
  readonly instructions: readonly {
    readonly programAddressIndex: number;
    readonly accountIndices?: readonly number[];
    readonly data?: Uint8Array;
  }[];
}

/** The network's limits kit's compiler enforces; a message past one goes to kit, which says which. */
const MAX_ACCOUNTS = 64;
const MAX_SIGNERS = 12;
const MAX_INSTRUCTIONS = 64;
const MAX_ACCOUNTS_IN_INSTRUCTION = 255;

/**
 * kit orders accounts of equal role by this collation of their base58 text (its
 * `getAddressComparator`); kit builds a new `Intl.Collator` for every message it compiles,
 * which was most of the cost of compiling one. The same options, built once, on the first
 * message (building it costs a start about 10 ms that no read needs).
 */
let collation: Intl.Collator["compare"] | null = null;
function compareAddresses(left: string, right: string): number {
  collation ??= new Intl.Collator("en", {
    caseFirst: "lower",
    ignorePunctuation: false,
    localeMatcher: "best fit",
    numeric: false,
    sensitivity: "variant",
    usage: "sort",
  }).compare;
  return collation(left, right);
}

/**
 * The accounts, header and instructions of the v0 message kit's `compileTransactionMessage`
 * makes of `feePayer` and `instructions`, for messages whose accounts are all static (no
 * address-table lookups, as every message of ours): the fee payer first, then signers before
 * the rest and writable before read-only, each group in kit's address order; an account's
 * role is the union of its roles across instructions. A test holds it equal to kit's.
 *
 * Null for what kit would refuse or treat otherwise — an account from an address table, an
 * invoked program that is writable or pays the fees, a message past the network's limits —
 * so the caller can ask kit, which compiles it or throws its own error.
 */
export function compileStaticV0(feePayer: Address, instructions: readonly Instruction[]): CompiledStaticV0 | null {
  if (instructions.length > MAX_INSTRUCTIONS) return null;
  const roles = new Map<Address, AccountRole>([[feePayer, AccountRole.WRITABLE_SIGNER]]);
  const programs = new Set<Address>();
  for (const instruction of instructions) {
    programs.add(instruction.programAddress);
    if (!roles.has(instruction.programAddress)) roles.set(instruction.programAddress, AccountRole.READONLY);
    const accounts = instruction.accounts ?? [];
    if (accounts.length > MAX_ACCOUNTS_IN_INSTRUCTION) return null;
    for (const account of accounts) {
      if ("lookupTableAddress" in account) return null;
      if (account.address === feePayer) continue;
      // Roles are bit sets (writable = 1, signer = 2): the union of two is their OR.
      roles.set(account.address, (roles.get(account.address) ?? AccountRole.READONLY) | account.role);
    }
  }
  for (const program of programs) if (isWritableRole(roles.get(program)!)) return null;
  if (roles.size > MAX_ACCOUNTS) return null;

  const rest = [...roles.keys()].filter((address) => address !== feePayer);
  rest.sort((left, right) => {
    const leftRole = roles.get(left)!;
    const rightRole = roles.get(right)!;
    if (isSignerRole(leftRole) !== isSignerRole(rightRole)) return isSignerRole(leftRole) ? -1 : 1;
    if (isWritableRole(leftRole) !== isWritableRole(rightRole)) return isWritableRole(leftRole) ? -1 : 1;
    return compareAddresses(left, right);
  });
  const staticAccounts = [feePayer, ...rest];

  let numSignerAccounts = 0;
  let numReadonlySignerAccounts = 0;
  let numReadonlyNonSignerAccounts = 0;
  for (const address of staticAccounts) {
    const role = roles.get(address)!;
    if (isSignerRole(role)) {
      numSignerAccounts++;
      if (!isWritableRole(role)) numReadonlySignerAccounts++;
    } else if (!isWritableRole(role)) numReadonlyNonSignerAccounts++;
  }
  if (numSignerAccounts > MAX_SIGNERS) return null;

  const indexOf = new Map(staticAccounts.map((address, index) => [address, index]));
  return {
    header: { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts },
    staticAccounts,
    instructions: instructions.map(({ accounts, data, programAddress }) => ({
      programAddressIndex: indexOf.get(programAddress)!,
      ...(accounts ? { accountIndices: accounts.map(({ address }) => indexOf.get(address)!) } : null),
      ...(data ? { data: data as Uint8Array } : null),
    })),
  };
}
