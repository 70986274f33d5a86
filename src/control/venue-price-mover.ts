import { type Address, type Instruction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCreateAssociatedTokenIdempotentInstruction, getMintToInstruction, getSyncNativeInstruction } from "@solana-program/token";
import { signInstructions } from "../chain/sign-instructions.ts";
import { MEMO_PROGRAM_ADDRESS, NATIVE_MINT_ADDRESS, TOKEN_PROGRAM_ADDRESS, getAddLiquidityInstruction } from "../programs/index.ts";
import type { GenesisWorld } from "../world/genesis-world.ts";
import { tokenBalance } from "../world/token-balance.ts";

export type PriceMove =
  | {
      readonly ok: true;
      readonly mint: Address;
      readonly priceSol: number;
      readonly lamportsReserve: bigint;
      readonly componentReserve: bigint;
    }
  | { readonly ok: false; readonly reason: string };

/** Price moves made on each world: numbered into each move's memo. */
const movesMade = new WeakMap<GenesisWorld, number>();

/**
 * Moves a component's SOL venue to `priceSol` (SOL per whole token) by adding liquidity on
 * one side only, from the faucet: SOL to raise the price, the component to lower it. A
 * swap would do it too, but single-sided liquidity lands the exact target in one step and
 * deepens the venue instead of draining it.
 */
export async function moveVenuePrice(world: GenesisWorld, mint: Address, priceSol: number): Promise<PriceMove> {
  const component = world.components.find((candidate) => candidate.mint === mint);
  if (!component) return { ok: false, reason: `mint ${mint} is not a component of this world (GET /v1/assets lists them)` };
  const { devnet, faucet } = world;
  const { venue } = component;
  const lamports = tokenBalance(devnet, venue.vaultA);
  const units = tokenBalance(devnet, venue.vaultB);
  // Target lamports per base unit as a fraction scaled by 10^18 to stay exact in bigint.
  const scale = 10n ** 18n;
  const target = BigInt(Math.round((priceSol * 1e9 * 1e18) / 10 ** component.listing.decimals));
  if (target <= 0n) return { ok: false, reason: "priceSol is too small to express in lamports per base unit" };
  const current = (lamports * scale) / units;
  let addLamports = 0n;
  let addUnits = 0n;
  if (target > current) addLamports = (target * units) / scale - lamports;
  else if (target < current) addUnits = (lamports * scale) / target - units;
  if (addLamports === 0n && addUnits === 0n) return { ok: true, mint, priceSol, lamportsReserve: lamports, componentReserve: units };
  if (addUnits > 2n ** 63n || addLamports > 2n ** 62n)
    return { ok: false, reason: `priceSol ${priceSol} is too far from the venue's price to reach by adding liquidity` };

  const wrapped = await world.tokenAccountOf(faucet.address, NATIVE_MINT_ADDRESS);
  const faucetComponent = await world.tokenAccountOf(faucet.address, mint);
  const instructions: Instruction[] = [];
  if (addLamports > 0n) {
    devnet.airdrop(faucet.address, addLamports);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: faucet,
        ata: wrapped,
        owner: faucet.address,
        mint: NATIVE_MINT_ADDRESS,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      }),
      getTransferSolInstruction({ source: faucet, destination: wrapped, amount: addLamports }),
      getSyncNativeInstruction({ account: wrapped }),
    );
  } else {
    instructions.push(getMintToInstruction({ mint, token: faucetComponent, mintAuthority: faucet, amount: addUnits }));
  }
  instructions.push(
    getAddLiquidityInstruction({
      provider: faucet.address,
      pool: venue.pool,
      vaultA: venue.vaultA,
      vaultB: venue.vaultB,
      sourceA: wrapped,
      sourceB: faucetComponent,
      amountA: addLamports,
      amountB: addUnits,
    }),
  );
  // Equal steps (0.001, 0.002, 0.003 SOL) add equal liquidity: without a number of its own, the
  // second move in a slot is the first's very transaction, which the chain refuses as processed.
  const move = (movesMade.get(world) ?? 0) + 1;
  movesMade.set(world, move);
  instructions.push({ programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(`basket-devnet price move ${move}`) });
  const transaction = await signInstructions({ feePayer: faucet, instructions, lifetime: devnet.latestBlockhash() });
  const result = devnet.send(transaction);
  if (!result.landed || !result.transaction.ok) return { ok: false, reason: "the venue refused the liquidity that moves its price" };
  return {
    ok: true,
    mint,
    priceSol,
    lamportsReserve: tokenBalance(devnet, venue.vaultA),
    componentReserve: tokenBalance(devnet, venue.vaultB),
  };
}
