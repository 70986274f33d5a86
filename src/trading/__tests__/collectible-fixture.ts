import { type Address, generateKeyPairSigner } from "@solana/kit";
import { deriveKeyPairSigner } from "../../chain/deterministic-keys.ts";
import { NATIVE_MINT_ADDRESS, getLaunchAccountDecoder } from "../../programs/index.ts";
import { type ListedCollectible, listCollectible } from "../../world/__tests__/collectible-fixture.ts";
import { startWorld } from "../../world/__tests__/world-fixture.ts";
import type { QuoteRequest } from "../quote-request.ts";
import { TradeDesk } from "../trade-desk.ts";
import { SOL, request } from "./desk-fixture.ts";

/**
 * A world with one collectible listed (stage raising: a collectibles launch whose recipe is
 * wrapped SOL alone, its card in escrow; the on-chain tests' own fixture) and a desk over it.
 */
export async function startCollectible(seed: string) {
  const { devnet, world } = await startWorld(seed, 1);
  const creator = await generateKeyPairSigner();
  await world.fund(creator.address, { lamports: 10n * SOL });
  const listed = await listCollectible(world, creator);
  const tips = await deriveKeyPairSigner(seed, "tips");
  devnet.airdrop(tips.address, SOL);
  const desk = new TradeDesk({
    devnet,
    venueAuthority: world.faucet.address,
    tipRecipient: tips.address,
    defaultTipLamports: 10_000n,
    autoComputeUnitPrice: 10_000n,
    tokenInfo: (mint) => (mint === NATIVE_MINT_ADDRESS ? { symbol: "wSOL", decimals: 9 } : { symbol: "CARD", decimals: 6 }),
  });
  const { launch, mint } = listed.launched.accounts;
  return { devnet, world, desk, creator, listed, launch, mint };
}

export type Collectible = Awaited<ReturnType<typeof startCollectible>>;

/** A quote request on the collectible (a buy of 10⁶ launch base units unless overridden). */
export function collectibleRequest(collectible: { listed: ListedCollectible }, overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return request(collectible.listed.launched, { amountIn: 10n ** 6n, ...overrides });
}

/** The launch record's status now. */
export function statusOf(devnet: Collectible["devnet"], launch: Address) {
  return getLaunchAccountDecoder().decode(devnet.getAccount(launch)!.data).status;
}
