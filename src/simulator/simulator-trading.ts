import { createHash } from "node:crypto";
import { deriveKeyPairSigner } from "../chain/deterministic-keys.ts";
import type { ReadModel } from "../indexer/read-model.ts";
import { LaunchBuilder } from "../trading/launch-builder.ts";
import { TradeDesk } from "../trading/trade-desk.ts";
import type { GenesisWorld } from "../world/genesis-world.ts";
import { launchImageFile, mediaUri } from "../world/media-library.ts";

/** Tips land here: an address the simulator holds, so tipped transactions are real transfers. */
const TIP_LABEL = "tips";
/** The tip when a quote names none (the specification leaves the default to the server). */
export const DEFAULT_TIP_LAMPORTS = 10_000n;
/** Micro-lamports per compute unit for `priorityFee: "auto"`. */
export const AUTO_COMPUTE_UNIT_PRICE = 10_000n;

/** The trade flow over this world: quotes, plans and submissions, and launch creation. */
export async function tradingFor(world: GenesisWorld, readModel: ReadModel) {
  const { devnet } = world;
  const tips = await deriveKeyPairSigner(devnet.seed, TIP_LABEL);
  // Rent-exempt from the start, so the first tip (10,000 lamports) is a valid transfer.
  if (devnet.getBalance(tips.address) === 0n) devnet.airdrop(tips.address, devnet.minimumBalanceForRentExemption(0));
  const desk = new TradeDesk({
    devnet,
    venueAuthority: world.faucet.address,
    tipRecipient: tips.address,
    defaultTipLamports: DEFAULT_TIP_LAMPORTS,
    autoComputeUnitPrice: AUTO_COMPUTE_UNIT_PRICE,
    // A quote names every mint as the records do, wrapped SOL included (a collectible's component).
    tokenInfo: (mint) => {
      const listing = readModel.tokenListing(mint);
      return listing ? { symbol: listing.symbol, decimals: listing.decimals } : { symbol: "", decimals: 0 };
    },
  });
  const builder = new LaunchBuilder({
    devnet,
    reader: desk.reader,
    defaultImageUri: (symbol, launch) => mediaUri(launchImageFile(symbol, createHash("sha256").update(launch).digest("hex").slice(0, 6))),
    onMetadata: (launch, metadata) => readModel.setMetadata(launch, metadata),
  });
  return { desk, builder };
}
