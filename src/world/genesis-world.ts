import { type Address, type Instruction, type KeyPairSigner } from "@solana/kit";
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system";
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getSyncNativeInstruction,
} from "@solana-program/token";
import { type Devnet } from "../chain/devnet.ts";
import { deriveAddress, deriveKeyPairSigner } from "../chain/deterministic-keys.ts";
import { signInstructions } from "../chain/sign-instructions.ts";
import {
  MEMO_PROGRAM_ADDRESS,
  NATIVE_MINT_ADDRESS,
  type PoolAccounts,
  TOKEN_PROGRAM_ADDRESS,
  derivePoolAccounts,
  findAssociatedTokenAddress,
  getAddLiquidityInstruction,
  getInitializePoolInstruction,
} from "../programs/index.ts";
import { CATALOG_SOL_USD, COMPONENT_CATALOG, type ComponentListing, solAtRate } from "./component-catalog.ts";
import { seededJitter } from "./seeded-random.ts";

const LAMPORTS_PER_SOL = 1_000_000_000n;
/** The faucet's SOL: enough for every airdrop a long session asks for. */
const FAUCET_LAMPORTS = 100_000_000n * LAMPORTS_PER_SOL;
/** Venue fee: a typical constant-product pool's 0.25%. */
export const VENUE_FEE_BPS = 25;
const MINT_SIZE = 82;

export interface GenesisOptions {
  /** How many catalog components to create (default: the whole catalog). */
  readonly componentCount?: number;
  /** SOL on the SOL side of each venue at CATALOG_SOL_USD, before its listing's scale and the seed's ±25% (default 20,000 SOL). */
  readonly venueDepthSol?: number;
  /**
   * USD per SOL the venues price the components at (default CATALOG_SOL_USD): at another
   * rate each component keeps its USD price, so a stablecoin is still worth about a dollar.
   */
  readonly solUsd?: number;
}

/** The label of a component mint's key (deterministic-keys). */
const mintLabel = (listing: ComponentListing) => `mint:${listing.symbol}`;

/** A component of the world: its mint and its SOL venue pool (mint A is wrapped SOL). */
export interface WorldComponent {
  readonly listing: ComponentListing;
  readonly mint: Address;
  readonly venue: PoolAccounts;
}

/**
 * The world every seeded devnet starts from: component mints with their real decimals
 * (the faucet is their mint authority), and a wrapped-SOL ↔ component venue pool for
 * each, seeded with the seed's prices. Everything is created by real transactions, so the
 * pool program's events describe the venues from the first slot.
 */
export class GenesisWorld {
  private constructor(
    readonly devnet: Devnet,
    readonly faucet: KeyPairSigner,
    readonly components: readonly WorldComponent[],
  ) {}

  /** The keys and addresses of the world of `seed`: pure derivation, nothing sent. */
  static async #layout(seed: string, options: GenesisOptions) {
    const listings = COMPONENT_CATALOG.slice(0, options.componentCount ?? COMPONENT_CATALOG.length);
    const faucet = await deriveKeyPairSigner(seed, "faucet");
    const mints = listings.map((listing) => deriveAddress(seed, mintLabel(listing)));
    const venues = await Promise.all(mints.map((mint) => derivePoolAccounts(faucet.address, NATIVE_MINT_ADDRESS, mint)));
    const components = listings.map((listing, i) => ({ listing, mint: mints[i]!, venue: venues[i]! }));
    return { listings, faucet, components };
  }

  /**
   * The world of a chain that already holds its genesis (one rebuilt from a state
   * directory): the same keys and addresses as `create` with these options, nothing sent.
   */
  static async attach(devnet: Devnet, options: GenesisOptions = {}): Promise<GenesisWorld> {
    const { faucet, components } = await GenesisWorld.#layout(devnet.seed, options);
    return new GenesisWorld(devnet, faucet, components);
  }

  static async create(devnet: Devnet, options: GenesisOptions = {}): Promise<GenesisWorld> {
    const seed = devnet.seed;
    const { listings, faucet, components } = await GenesisWorld.#layout(seed, options);
    // Only a world created here signs its mints' creation: an attached one needs their addresses alone.
    const mintSigners = await Promise.all(listings.map((listing) => deriveKeyPairSigner(seed, mintLabel(listing))));
    devnet.airdrop(faucet.address, FAUCET_LAMPORTS);
    const world = new GenesisWorld(devnet, faucet, components);

    // Prices and depths keep their dollar values at any rate of SOL, so a swap moves a venue as far.
    const solUsd = options.solUsd ?? CATALOG_SOL_USD;
    const depthSol = solAtRate(options.venueDepthSol ?? 20_000, solUsd);
    const reserves = listings.map((listing) => {
      const lamports =
        BigInt(Math.round(seededJitter(seed, `venue-depth:${listing.symbol}`, depthSol * listing.venueDepthScale, 0.25))) *
        LAMPORTS_PER_SOL;
      const priceSol = seededJitter(seed, `price:${listing.symbol}`, solAtRate(listing.priceSol, solUsd), listing.priceSpread);
      const units = (Number(lamports) / 1e9 / priceSol) * 10 ** listing.decimals;
      return { lamports, component: BigInt(Math.round(units)) };
    });
    const totalLamports = reserves.reduce((sum, reserve) => sum + reserve.lamports, 0n);

    await world.#run([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: faucet,
        ata: await world.tokenAccountOf(faucet.address, NATIVE_MINT_ADDRESS),
        owner: faucet.address,
        mint: NATIVE_MINT_ADDRESS,
      }),
      getTransferSolInstruction({
        source: faucet,
        destination: await world.tokenAccountOf(faucet.address, NATIVE_MINT_ADDRESS),
        amount: totalLamports,
      }),
      getSyncNativeInstruction({ account: await world.tokenAccountOf(faucet.address, NATIVE_MINT_ADDRESS) }),
    ]);

    for (const [i, component] of components.entries()) {
      const reserve = reserves[i]!;
      const faucetAccount = await world.tokenAccountOf(faucet.address, component.mint);
      // Ten venues' worth: what the faucet mints is what airdrops can hand out.
      const minted = reserve.component * 10n;
      await world.#run(
        [
          getCreateAccountInstruction({
            payer: faucet,
            newAccount: mintSigners[i]!,
            lamports: devnet.minimumBalanceForRentExemption(MINT_SIZE),
            space: MINT_SIZE,
            programAddress: TOKEN_PROGRAM_ADDRESS,
          }),
          getInitializeMint2Instruction({ mint: component.mint, decimals: component.listing.decimals, mintAuthority: faucet.address }),
          getCreateAssociatedTokenIdempotentInstruction({ payer: faucet, ata: faucetAccount, owner: faucet.address, mint: component.mint }),
          getMintToInstruction({ mint: component.mint, token: faucetAccount, mintAuthority: faucet, amount: minted }),
        ],
        [mintSigners[i]!],
      );
      await world.#run([
        getInitializePoolInstruction({
          ...component.venue,
          payer: faucet.address,
          authority: faucet.address,
          mintA: NATIVE_MINT_ADDRESS,
          mintB: component.mint,
          feeBps: VENUE_FEE_BPS,
        }),
        getAddLiquidityInstruction({
          provider: faucet.address,
          pool: component.venue.pool,
          vaultA: component.venue.vaultA,
          vaultB: component.venue.vaultB,
          sourceA: await world.tokenAccountOf(faucet.address, NATIVE_MINT_ADDRESS),
          sourceB: faucetAccount,
          amountA: reserve.lamports,
          amountB: reserve.component,
        }),
      ]);
    }
    return world;
  }

  /**
   * The associated token account of `owner` for `mint`. Derived by our synchronous, remembered
   * derivation: kit's hashes through WebCrypto's async digest, which was most of an airdrop's time.
   */
  async tokenAccountOf(owner: Address, mint: Address): Promise<Address> {
    return findAssociatedTokenAddress(owner, mint)[0];
  }

  component(symbol: string): WorldComponent {
    const found = this.components.find((component) => component.listing.symbol === symbol);
    if (!found) throw new Error(`the world has no component ${symbol}`);
    return found;
  }

  /**
   * Gives `wallet` SOL and component tokens from the faucet: SOL by airdrop, components by
   * a real mint-to transaction into the wallet's associated token accounts.
   */
  async fund(
    wallet: Address,
    grant: { lamports?: bigint; components?: readonly { mint: Address; amount: bigint }[]; memo?: string },
  ): Promise<void> {
    if (grant.lamports) this.devnet.airdrop(wallet, grant.lamports);
    const instructions: Instruction[] = [];
    // Two identical grants in one slot would be one transaction (same blockhash, same bytes,
    // same signature) and the second AlreadyProcessed: a memo tells them apart.
    if (grant.memo !== undefined) instructions.push({ programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(grant.memo) });
    for (const { mint, amount } of grant.components ?? []) {
      const account = await this.tokenAccountOf(wallet, mint);
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({ payer: this.faucet, ata: account, owner: wallet, mint }),
        getMintToInstruction({ mint, token: account, mintAuthority: this.faucet, amount }),
      );
    }
    if (instructions.length > 0) await this.#run(instructions);
  }

  /** Runs the faucet's own transaction now; genesis cannot go on past a failure. */
  async #run(instructions: readonly Instruction[], signers: readonly KeyPairSigner[] = []): Promise<void> {
    const transaction = await signInstructions({
      feePayer: this.faucet,
      signers,
      instructions,
      lifetime: this.devnet.latestBlockhash(),
    });
    const result = this.devnet.send(transaction);
    if (!result.landed || !result.transaction.ok) {
      const logs = result.landed ? result.transaction.logs.join("\n") : "";
      throw new Error(`genesis transaction failed: ${JSON.stringify(result.landed ? result.transaction.error : result.error)}\n${logs}`);
    }
  }
}
