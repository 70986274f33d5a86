import { type AccountMeta, AccountRole, type Address, type Instruction, type KeyPairSigner, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { expect } from "vitest";
import type { Devnet, DevnetSnapshot, SendResult } from "../../chain/devnet.ts";
import { NATIVE_MINT_ADDRESS, ProgramErrorCode, type SwapAccounts, deriveSwapAccounts } from "../../programs/index.ts";
import type { GenesisWorld, WorldComponent } from "../genesis-world.ts";
import { accountImages, afterFee, outcomeOf, run, startWorld } from "./world-fixture.ts";

export const SOL = 1_000_000_000n;
/** Component base units the trader holds when each test starts. */
export const HELD = 10n ** 10n;

/** A world whose wallet holds HELD of every component and an empty wrapped-SOL account, ready to swap on the first venue. */
export interface PoolTrader {
  readonly devnet: Devnet;
  readonly world: GenesisWorld;
  /** The first component, whose venue the trader swaps on. */
  readonly venue: WorldComponent;
  readonly wallet: KeyPairSigner;
  /** The trader's side of a swap of the venue's component for wrapped SOL. */
  readonly toSol: SwapAccounts;
  /** The state every test starts from. */
  readonly start: DevnetSnapshot;
}

export async function startPoolTrader(seed: string): Promise<PoolTrader> {
  const { devnet, world } = await startWorld(seed, 3);
  const venue = world.components[0]!;
  const wallet = await generateKeyPairSigner();
  await world.fund(wallet.address, {
    lamports: 10n * SOL,
    components: world.components.map((component) => ({ mint: component.mint, amount: HELD })),
  });
  const toSol = await deriveSwapAccounts(wallet.address, venue.venue.pool, venue.mint, NATIVE_MINT_ADDRESS);
  const wrappedSol = getCreateAssociatedTokenIdempotentInstruction({
    payer: wallet,
    ata: toSol.traderOut,
    owner: wallet.address,
    mint: NATIVE_MINT_ADDRESS,
  });
  expect(outcomeOf(await run(devnet, wallet, [wrappedSol]))).toBe("ok");
  return { devnet, world, venue, wallet, toSol, start: devnet.snapshot() };
}

/** Every account a swap names. */
export const swapWatchlist = (accounts: SwapAccounts): Address[] => [
  accounts.trader,
  accounts.pool,
  accounts.vaultIn,
  accounts.vaultOut,
  accounts.traderIn,
  accounts.traderOut,
];

/** Runs `send`, expects program error `code`, and that nothing but `payer`'s fee changed among `watched`. */
export async function expectRefused(
  devnet: Devnet,
  code: number,
  send: () => Promise<SendResult>,
  watched: readonly Address[],
  payer: Address,
): Promise<void> {
  const before = accountImages(devnet, [...new Set([payer, ...watched])]);
  expect(outcomeOf(await send())).toBe(code);
  expect(accountImages(devnet, [...before.keys()])).toEqual(afterFee(before, payer));
}

/**
 * Accounts swap and swap_all both refuse in place of the trader's own: a name, the program
 * error, and the substitute (read from the trader, which exists only once the tests run).
 */
export const WRONG_SWAP_ACCOUNTS: readonly [string, number, (trader: PoolTrader) => Promise<Partial<SwapAccounts>>][] = [
  ["the in-vault of another pool", ProgramErrorCode.WrongAccount, async ({ world }) => ({ vaultIn: world.components[1]!.venue.vaultB })],
  ["the same vault in and out", ProgramErrorCode.WrongAccount, async ({ toSol }) => ({ vaultIn: toSol.vaultOut })],
  [
    "a source account of someone else",
    ProgramErrorCode.WrongAccount,
    async ({ world, venue }) => ({ traderIn: await world.tokenAccountOf(world.faucet.address, venue.mint) }),
  ],
  [
    "a source account of another mint",
    ProgramErrorCode.WrongMint,
    async ({ world, wallet }) => ({ traderIn: await world.tokenAccountOf(wallet.address, world.components[1]!.mint) }),
  ],
  ["a token account in place of the pool", ProgramErrorCode.WrongAccountOwner, async ({ toSol }) => ({ pool: toSol.traderIn })],
];

/** `instruction` with its account at `index` demoted to a read-only non-signer: a signature that is not there. */
export function withoutSigner<T extends Instruction & { readonly accounts: readonly AccountMeta[] }>(instruction: T, index: number): T {
  return {
    ...instruction,
    accounts: instruction.accounts.map((meta, i) => (i === index ? { ...meta, role: AccountRole.READONLY } : meta)),
  };
}
