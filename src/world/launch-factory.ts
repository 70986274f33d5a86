import type { Address, Instruction } from "@solana/kit";
import { type ComponentPrice, type CurveParameters, defaultCurveParameters, recipeQuantities } from "../economics/index.ts";
import { type LaunchAccounts, type LaunchKind, deriveLaunchAccounts, getCreateLaunchInstruction } from "../programs/index.ts";
import type { GenesisWorld } from "./genesis-world.ts";
import { tokenBalance } from "./token-balance.ts";

/** One lamport per DNA unit: a whole DNA is worth one SOL when the recipe is priced. */
export const DEFAULT_DNA_UNIT_LAMPORTS_E9 = 1_000_000_000n;
/**
 * A create makes a dozen accounts through CPIs: ~50k compute units with five components
 * (npm run bench), above the 200k-per-instruction default only with room to spare for a
 * costlier token program; four times the measured cost keeps fees honest.
 */
export const CREATE_LAUNCH_COMPUTE_UNITS = 200_000;

export interface LaunchRequest {
  readonly creator: Address;
  /** Distinguishes a creator's launches (part of the launch address). */
  readonly seed: bigint;
  readonly symbol: string;
  readonly name: string;
  readonly uri?: string;
  readonly kind?: LaunchKind;
  readonly components: readonly { readonly mint: Address; readonly targetBps: number }[];
  /** Requested lamports per 10^9 DNA units; default one SOL. */
  readonly dnaUnitLamportsE9?: bigint;
  readonly curve?: Partial<CurveParameters>;
}

export interface PreparedLaunch {
  readonly instruction: Instruction;
  readonly accounts: LaunchAccounts;
  readonly quantities: readonly bigint[];
  readonly curve: CurveParameters;
}

/** The spot price of `mint` on its venue: the reserves of both vaults. */
export function venueReserves(world: GenesisWorld, mint: Address): { lamportsReserve: bigint; componentReserve: bigint } {
  const component = world.components.find((candidate) => candidate.mint === mint);
  if (!component) return { lamportsReserve: 0n, componentReserve: 0n };
  return {
    lamportsReserve: tokenBalance(world.devnet, component.venue.vaultA),
    componentReserve: tokenBalance(world.devnet, component.venue.vaultB),
  };
}

/**
 * The create instruction for `request`, its recipe priced at the venues' current spot
 * prices. Returns null when a component is unpriced (not a venue of this world).
 */
export function prepareLaunch(world: GenesisWorld, request: LaunchRequest): Promise<PreparedLaunch | null> {
  return prepareLaunchAt(
    request,
    request.components.map((component) => venueReserves(world, component.mint)),
  );
}

/**
 * The create instruction for `request`, its recipe priced at `prices` (one per component,
 * in order). Returns null when no recipe fits them: a component unpriced, or a quantity
 * beyond a u64.
 */
export async function prepareLaunchAt(request: LaunchRequest, prices: readonly ComponentPrice[]): Promise<PreparedLaunch | null> {
  const dnaUnitLamportsE9 = request.dnaUnitLamportsE9 ?? DEFAULT_DNA_UNIT_LAMPORTS_E9;
  const quantities = recipeQuantities({
    dnaUnitLamportsE9,
    components: request.components.map((component, i) => ({ targetBps: component.targetBps, ...prices[i]! })),
  });
  if (quantities === null) return null;
  const curve = { ...defaultCurveParameters, ...request.curve };
  const accounts = await deriveLaunchAccounts(
    request.creator,
    request.seed,
    request.components.map((component) => component.mint),
  );
  const instruction = getCreateLaunchInstruction({
    ...accounts,
    ...curve,
    creator: request.creator,
    seed: request.seed,
    kind: request.kind ?? "pairs",
    dnaUnitLamportsE9,
    components: request.components.map((component, i) => ({ ...component, quantity: quantities[i]! })),
    symbol: request.symbol,
    name: request.name,
    uri: request.uri ?? "",
  });
  return { instruction, accounts, quantities, curve };
}
