import type { Address } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import { type Result, fail, succeed } from "../errors/index.ts";
import { SYSTEM_PROGRAM_ADDRESS } from "../programs/index.ts";

/**
 * The fee-payer rule: a wallet that signs and pays for a plan must be a system account — an
 * address with no account yet, or one the System Program owns that is not executable.
 * Anything else cannot pay: kit refuses to compile a message whose fee payer is also a
 * program it invokes ("Program addresses may not pay fees"), and the runtime refuses a fee
 * payer owned by any other program (a sysvar, a token account, a pool) as an invalid
 * account for fees. Checked at the door so such an address is a 400, never a 500.
 */
export function checkFeePayer(devnet: Devnet, wallet: Address, field: string): Result<null> {
  const account = devnet.getAccount(wallet);
  if (account === null || (!account.executable && account.programAddress === SYSTEM_PROGRAM_ADDRESS)) return succeed(null);
  const what = account.executable ? "a program" : `an account owned by ${account.programAddress}`;
  return fail("INVALID_BODY", {
    field,
    rule: `must be a wallet that can pay fees (a system account), but ${wallet} is ${what}`,
  });
}
