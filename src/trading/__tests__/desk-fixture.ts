import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { type Address, address, createKeyPairSignerFromBytes, generateKeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenIdempotentInstruction, getTransferInstruction } from "@solana-program/token";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import type { Result } from "../../errors/index.ts";
import type { GenesisWorld } from "../../world/genesis-world.ts";
import { type LaunchedLaunch, launch, outcomeOf, run, startWorld } from "../../world/__tests__/world-fixture.ts";
import type { BuildResponse } from "../records/build-response.ts";
import { type QuoteRequest, TradeDesk } from "../trade-desk.ts";

export const SOL = 1_000_000_000n;

/** A world with one curve launch of three components and a desk over it. */
export async function startDesk(seed = "desk") {
  const { devnet, world } = await startWorld(seed, 3);
  const creator = await generateKeyPairSigner();
  await world.fund(creator.address, { lamports: 10n * SOL });
  const launched = await launch(world, creator, { count: 3 });
  const tips = await deriveKeyPairSigner(seed, "tips");
  devnet.airdrop(tips.address, SOL);
  const desk = new TradeDesk({
    devnet,
    venueAuthority: world.faucet.address,
    tipRecipient: tips.address,
    defaultTipLamports: 10_000n,
    autoComputeUnitPrice: 10_000n,
    tokenInfo: (mint) => {
      const component = world.components.find((candidate) => candidate.mint === mint);
      return component ? { symbol: component.listing.symbol, decimals: component.listing.decimals } : { symbol: "BSKT", decimals: 6 };
    },
  });
  return { devnet, world, launched, desk, creator };
}

/** A client wallet exactly as an integrator has one: a web3.js Keypair, funded with SOL only. */
export function clientWallet(world: GenesisWorld, lamports = 100n * SOL): { keypair: Keypair; address: Address } {
  const keypair = Keypair.generate();
  const wallet = address(keypair.publicKey.toBase58());
  world.devnet.airdrop(wallet, lamports);
  return { keypair, address: wallet };
}

export function request(launched: LaunchedLaunch, overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    launch: launched.accounts.launch,
    direction: "buy",
    amountIn: 1_000_000n * 10n ** 6n,
    mode: "exactOut",
    slippageBps: 100,
    wallet: null,
    preview: false,
    tipLamports: null,
    priorityFee: null,
    ...overrides,
  };
}

/** Signs a base64 unsigned transaction as a web3.js client does. */
export function signAsClient(base64: string, keypair: Keypair): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
  transaction.sign([keypair]);
  return Buffer.from(transaction.serialize()).toString("base64");
}

/**
 * Moves `amount` of `mint` from a client wallet's associated account to `to`'s (opened if
 * need be), as a plain token transfer: a wallet can hold launch tokens without ever having
 * bought, so without a buy's leftover components.
 */
export async function transferTokens(
  world: GenesisWorld,
  from: { keypair: Keypair; address: Address },
  to: Address,
  mint: Address,
  amount: bigint,
): Promise<void> {
  const signer = await createKeyPairSignerFromBytes(from.keypair.secretKey);
  const [source, destination] = await Promise.all([world.tokenAccountOf(from.address, mint), world.tokenAccountOf(to, mint)]);
  const result = await run(world.devnet, signer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: to, mint }),
    getTransferInstruction({ source, destination, authority: signer, amount }),
  ]);
  if (outcomeOf(result) !== "ok") throw new Error(`token transfer failed: ${outcomeOf(result)}`);
}

/** The value of a result a test expects to succeed; a failure throws with its body. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.error.body)}`);
  return result.value;
}

/** Signs every step of `built` with the web3.js wallet, submits and lands each in order; their statuses. */
export async function landAll(
  desk: TradeDesk,
  built: BuildResponse,
  quoteId: string,
  wallet: ReturnType<typeof clientWallet>,
): Promise<{ status: string; error: string | null }[]> {
  const outcomes = [];
  for (const step of built.plan) {
    const submitted = value(await desk.submit(signAsClient(step.transaction, wallet.keypair), quoteId));
    desk.options.devnet.advanceSlots(1);
    const report = desk.status(submitted.signature);
    outcomes.push({ status: report.status, error: report.error });
  }
  return outcomes;
}
