import { createHash } from "node:crypto";
import { createKeyPairSignerFromPrivateKeyBytes } from "@solana/kit";
import type { Wallet } from "../../conformance/engine/check.ts";
import { walletOf } from "../../conformance/engine/suite-wallet.ts";

/**
 * The key of a scenario's named wallet: derived from the seed, the scenario and the name,
 * so every run signs the same bytes (deterministic transcripts) while two scenarios sharing
 * one simulator never share a wallet.
 */
export async function scenarioWallet(seed: string | number, scenario: string, name: string): Promise<Wallet> {
  const secret = createHash("sha256").update(`basket-devnet scenario wallet\0${seed}\0${scenario}\0${name}`).digest();
  return walletOf(await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(secret)));
}
