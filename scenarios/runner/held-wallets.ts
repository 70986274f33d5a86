import type { Wallet } from "../../conformance/engine/check.ts";
import { walletFromKeypairFile } from "../../conformance/engine/suite-wallet.ts";
import { type Scenario, WALLET_NAME_PATTERN } from "./scenario-schema.ts";

const WALLET_NAME = new RegExp(WALLET_NAME_PATTERN);

/**
 * The keys a user brings for a run, from `--wallet NAME=FILE` (a Solana CLI keypair file):
 * the scenarios' wallet NAME signs with that key instead of one derived from the seed, and is
 * not funded, so scenarios can trade on a server without a faucet. A name no scenario declares
 * is refused: a misspelt one would otherwise leave the wallet it meant unfunded and unnoticed.
 */
export async function heldWallets(
  given: readonly string[],
  scenarios: readonly Scenario[],
): Promise<{ ok: true; wallets: ReadonlyMap<string, Wallet> } | { ok: false; reason: string }> {
  const declared = new Set(scenarios.flatMap((scenario) => Object.keys(scenario.wallets ?? {})));
  const wallets = new Map<string, Wallet>();
  for (const option of given) {
    const split = option.indexOf("=");
    const name = split < 0 ? option : option.slice(0, split);
    const file = split < 0 ? "" : option.slice(split + 1);
    if (!WALLET_NAME.test(name) || file === "")
      return {
        ok: false,
        reason: `--wallet takes NAME=FILE (a wallet's name as the scenario declares it, a keypair file), got ${JSON.stringify(option)}`,
      };
    if (wallets.has(name)) return { ok: false, reason: `--wallet ${name} is given twice` };
    if (!declared.has(name)) {
      const names = declared.size === 0 ? "none declares a wallet" : `the wallets declared are ${[...declared].sort().join(", ")}`;
      return { ok: false, reason: `--wallet ${name}: no scenario of the run declares a wallet ${name} (${names})` };
    }
    try {
      wallets.set(name, await walletFromKeypairFile(file, `--wallet ${option}`));
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: true, wallets };
}
