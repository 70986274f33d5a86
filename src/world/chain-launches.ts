import type { Address } from "@solana/kit";
import type { Devnet } from "../chain/devnet.ts";
import {
  COLLECTIBLE_ACCOUNT_SIZE,
  type CollectibleAccount,
  LAUNCH_ACCOUNT_SIZE,
  LAUNCH_PROGRAM_ADDRESS,
  type LaunchAccount,
  type LaunchStatus,
  getCollectibleAccountDecoder,
  getLaunchAccountDecoder,
} from "../programs/index.ts";
import type { LaunchRef } from "./world-transactions.ts";

const launchDecoder = getLaunchAccountDecoder();
const collectibleDecoder = getCollectibleAccountDecoder();

/** A launch as the chain holds it now, with what the simulator's actors need to act on it. */
export interface ChainLaunch extends LaunchRef {
  readonly status: LaunchStatus;
  readonly kind: LaunchAccount["kind"];
  /** Bit i set: the pair pool of component i exists. */
  readonly poolCreatedBits: number;
  readonly curve: Address;
}

function toChainLaunch(address: Address, account: LaunchAccount): ChainLaunch {
  return {
    address,
    mint: account.mint,
    componentMints: account.components.map((component) => component.mint),
    status: account.status,
    kind: account.kind,
    poolCreatedBits: account.poolCreatedBits,
    curve: account.curve,
  };
}

/** The launch at `address` as the chain holds it, or null when there is none. */
export function readChainLaunch(devnet: Devnet, address: Address): ChainLaunch | null {
  const account = devnet.getAccount(address);
  if (!account || account.programAddress !== LAUNCH_PROGRAM_ADDRESS || account.data.length !== LAUNCH_ACCOUNT_SIZE) return null;
  return toChainLaunch(address, launchDecoder.decode(account.data));
}

/**
 * Every launch on the chain, sorted by address: the bots and the keeper read the chain
 * itself rather than the read model, so they work the same on a chain rebuilt after a
 * restart and never depend on a layer above them.
 */
export function readChainLaunches(devnet: Devnet): ChainLaunch[] {
  return devnet
    .getProgramAccounts(LAUNCH_PROGRAM_ADDRESS)
    .filter((account) => account.data.length === LAUNCH_ACCOUNT_SIZE)
    .map((account) => toChainLaunch(account.address, launchDecoder.decode(account.data)));
}

/** A collectible as the chain holds it: its record and its launch. */
export interface ChainCollectible {
  /** The record's address: PDA ["collectible", launch]. */
  readonly address: Address;
  readonly record: CollectibleAccount;
  readonly launch: ChainLaunch;
}

/** The collectible record at `address` with its launch, or null when there is none. */
export function readChainCollectible(devnet: Devnet, address: Address): ChainCollectible | null {
  const account = devnet.getAccount(address);
  if (!account || account.programAddress !== LAUNCH_PROGRAM_ADDRESS || account.data.length !== COLLECTIBLE_ACCOUNT_SIZE) return null;
  const record = collectibleDecoder.decode(account.data);
  const launch = readChainLaunch(devnet, record.launch);
  return launch && { address, record, launch };
}

/** Every listed collectible on the chain with its launch, sorted by record address. */
export function readChainCollectibles(devnet: Devnet): ChainCollectible[] {
  const launches = new Map(readChainLaunches(devnet).map((launch) => [launch.address, launch]));
  return devnet
    .getProgramAccounts(LAUNCH_PROGRAM_ADDRESS)
    .filter((account) => account.data.length === COLLECTIBLE_ACCOUNT_SIZE)
    .flatMap((account) => {
      const record = collectibleDecoder.decode(account.data);
      const launch = launches.get(record.launch);
      return launch ? [{ address: account.address, record, launch }] : [];
    });
}
