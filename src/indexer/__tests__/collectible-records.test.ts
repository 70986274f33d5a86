import { describe, expect, it } from "vitest";
import { COLLECTIBLE_STAGES, NATIVE_MINT_ADDRESS } from "../../programs/index.ts";
import type { Change } from "../read-model.ts";
import { CollectibleDetailSchema, CollectibleVaultSchema, VaultCardSchema } from "../records/index.ts";
import { recordValidator } from "./indexed-world.ts";
import { SyntheticChain, randomAddress } from "./synthetic-chain.ts";
import { advance, advanceTo, handMadeCard, listCollectible, releaseCard } from "./synthetic-collectibles.ts";

const validate = recordValidator();

/** Every field of the specification's tables, as they list them. */
const SPEC_RECORD_FIELDS = `launch primaryMint symbol name description imageUri unnamed status stage row stalled belowMinimum
  listingMinimumLamports feeBps primaryDecimals totalSupply mintSupply lockedReserve supplyModel progressBps priceE12 createdAt
  activatedAt card acquisition custody basket migration curve cardImage targetCardImage market serverTime`.split(/\s+/);
const SPEC_VAULT_FIELDS =
  "launch primaryMint symbol name unnamed stage exists custody cards totals fees nextCard feePurchase serverTime".split(" ");
const SPEC_VAULT_CARD_FIELDS =
  "asset standard source isLaunchCard acquiredAt signature spentUsdc stillHeld stillHeldCheckedAt photo identity values".split(" ");
const SPEC_CARD_FIELDS =
  `nftMint vault standard category targetLamports listedPriceUsdc acquireBps bufferBps substituteBandBps ratingId grade
  grader itemName bandWidened`.split(/\s+/);

function world() {
  const cards = [0, 1, 2].map((i) => handMadeCard(i));
  const chain = new SyntheticChain({ cards, componentSymbol: "USDC" });
  return { chain, cards };
}

describe("collectible records", () => {
  it("hold every field of the specification's Collectible record, Collectible vault, Vault card and card object", () => {
    expect(Object.keys(CollectibleDetailSchema.properties).sort()).toEqual([...SPEC_RECORD_FIELDS].sort());
    expect(Object.keys(CollectibleVaultSchema.properties).sort()).toEqual([...SPEC_VAULT_FIELDS].sort());
    expect(Object.keys(VaultCardSchema.properties).sort()).toEqual([...SPEC_VAULT_CARD_FIELDS].sort());
    expect(Object.keys(CollectibleDetailSchema.properties.card.properties).sort()).toEqual([...SPEC_CARD_FIELDS].sort());
  });

  it("validate against their schemas at every stage, list item, single record and vault alike", () => {
    const { chain, cards } = world();
    const collectible = listCollectible(chain, "CARDA", cards[0]!);
    const seen: string[] = [];
    for (;;) {
      const address = collectible.launch.address;
      const detail = chain.model.getCollectible(address);
      expect(detail?.stage).toBe(collectible.stage);
      expect(validate("CollectibleDetail", detail)).toBeNull();
      const item = chain.model.listCollectibles({ limit: 24, sort: "newest" }).items[0];
      expect(validate("CollectibleRecord", item)).toBeNull();
      const vault = chain.model.collectibleVault(address);
      expect(validate("CollectibleVault", vault)).toBeNull();
      for (const card of vault!.cards) expect(validate("VaultCard", card)).toBeNull();
      expect(validate("LaunchRow", chain.model.getLaunch(address))).toBeNull();
      seen.push(detail!.stage);
      if (collectible.stage === "tradable") break;
      advance(chain, collectible);
    }
    expect(seen).toEqual([...COLLECTIBLE_STAGES]);
  });

  it("move status with stage, show each step's accounting exactly as its event carried it, and nothing before", () => {
    const { chain, cards } = world();
    const collectible = listCollectible(chain, "CARDB", cards[1]!);
    const address = collectible.launch.address;
    const { accounting, listing } = collectible;
    const statusAt = {
      raising: "activeBonding",
      funding: "graduationPending",
      swapping: "migrating",
      acquiring: "migrating",
      pooling: "migrating",
      tradable: "graduated",
    };
    for (const stage of COLLECTIBLE_STAGES) {
      advanceTo(chain, collectible, stage);
      const record = chain.model.getCollectible(address)!;
      expect(record.status).toBe(statusAt[stage]);
      const index = COLLECTIBLE_STAGES.indexOf(stage);
      expect(record.migration.step).toBe(index);
      expect(record.migration.phaseBits).toBe((1 << (index + 1)) - 1);
      expect(record.acquisition.funded === null).toBe(index < 2);
      expect(record.acquisition.swap === null).toBe(index < 3);
      expect(record.acquisition.acquired === null).toBe(index < 4);
      expect(record.custody.cards.length).toBe(index < 4 ? 0 : 1);
      expect(record.targetCardImage === null).toBe(index >= 4);
      expect(chain.model.collectibleVault(address)!.exists).toBe(index >= 4);
    }
    const record = chain.model.getCollectible(address)!;
    expect(record.acquisition.funded!.fundedLamports).toBe(accounting.fundedLamports.toString());
    expect(record.acquisition.swap).toMatchObject({
      wsolIn: accounting.wsolIn.toString(),
      usdcOut: accounting.usdcOut.toString(),
      pool: accounting.swapPool,
    });
    expect(record.acquisition.acquired!.spentUsdc).toBe(accounting.spentUsdc.toString());
    expect(record.acquisition.surplusToTreasuryUsdc).toBe(accounting.surplusUsdc.toString());
    expect(record.card).toMatchObject({
      nftMint: listing.cardMint,
      vault: listing.custody,
      targetLamports: listing.targetLamports.toString(),
      listedPriceUsdc: listing.listedPriceUsdc.toString(),
      acquireBps: Number(((listing.targetLamports - listing.poolLamports) * 10_000n) / listing.targetLamports),
      standard: cards[1]!.standard,
      itemName: cards[1]!.itemName,
      grade: cards[1]!.grade,
    });
    // The buffer: the card's share valued at the USDC venue's price when the listing landed (10^13 : 10^13 here), over the price.
    const cardLamports = listing.targetLamports - listing.poolLamports;
    expect(record.card.bufferBps).toBe(Number(((cardLamports - listing.listedPriceUsdc) * 10_000n) / listing.listedPriceUsdc));
    expect(record.curve.cardLamports).toBe(cardLamports.toString());
    expect(record.curve.poolLamports).toBe(listing.poolLamports.toString());
    expect(record.row).toBe("sol");
    expect(record.migration.pools).toEqual([collectible.pool]);
    expect(record.migration.opensAt).not.toBeNull();
    const card = chain.model.collectibleVault(address)!.cards[0]!;
    expect(card.values.acquiredFor.usdc).toBe(accounting.spentUsdc.toString());
    expect(card.spentUsdc).toBe(accounting.spentUsdc.toString());
    expect(card.identity?.certificate).toBe(cards[1]!.certificate);
    expect(card.values.insured?.usd).toBe(cards[1]!.insuredUsd);
  });

  it("keep the curve's wSOL raise and fees from the trades: need falls as buyers deposit", () => {
    const { chain, cards } = world();
    const collectible = listCollectible(chain, "CARDC", cards[2]!);
    const before = chain.model.getCollectible(collectible.launch.address)!;
    expect(before.curve.needLamports).toBe(collectible.listing.targetLamports.toString());
    expect(before.curve.feesAccruedLamports).toBe("0");
    const buyer = randomAddress();
    expect(chain.trade(collectible.launch, buyer, "buy", 10n ** 12n)).toBe(true);
    const feeDna = collectible.launch.curve.feeDnaTotal;
    const after = chain.model.getCollectible(collectible.launch.address)!;
    // One lamport per DNA unit: the vault holds realDna + fees.
    const vault = collectible.launch.curve.realDna + feeDna;
    expect(after.curve.needLamports).toBe((collectible.listing.targetLamports - vault).toString());
    expect(after.curve.feesAccruedLamports).toBe(feeDna.toString());
    expect(after.progressBps).toBeGreaterThan(0);
  });

  it("a released card shows stillHeld false in the record, the vault, its vault card and the totals", () => {
    const { chain, cards } = world();
    const collectible = listCollectible(chain, "CARDD", cards[0]!);
    advanceTo(chain, collectible, "tradable");
    const address = collectible.launch.address;
    const held = chain.model.collectibleVault(address)!;
    expect(held.totals).toMatchObject({ held: 1, noLongerHeld: 0, insuredKnown: 1, insuredUsd: cards[0]!.insuredUsd });
    expect(chain.model.getCollectible(address)!.cardImage?.stillHeld).toBe(true);
    releaseCard(chain, collectible);
    const record = chain.model.getCollectible(address)!;
    expect(record.custody.cards[0]!.stillHeld).toBe(false);
    expect(record.cardImage?.stillHeld).toBe(false);
    const vault = chain.model.collectibleVault(address)!;
    expect(vault.cards[0]!.stillHeld).toBe(false);
    expect(vault.cards[0]!.stillHeldCheckedAt).toBe(Number(chain.now().unixTimestamp));
    expect(vault.totals).toMatchObject({ held: 0, noLongerHeld: 1, insuredKnown: 0, insuredUsd: "0.00", insuredOldestReadAt: null });
    expect(validate("CollectibleVault", vault)).toBeNull();
    expect(validate("CollectibleDetail", record)).toBeNull();
  });

  it("a card the catalogue does not hold shows null identity and still validates; nothing is invented", () => {
    const { chain } = world();
    const collectible = listCollectible(chain, "CARDX", handMadeCard(9));
    advanceTo(chain, collectible, "pooling");
    const record = chain.model.getCollectible(collectible.launch.address)!;
    expect(record.card).toMatchObject({ itemName: null, grade: null, grader: null, ratingId: null, category: null });
    expect(record.cardImage).toBeNull();
    expect(validate("CollectibleDetail", record)).toBeNull();
    const card = chain.model.collectibleVault(collectible.launch.address)!.cards[0]!;
    expect(card.identity).toBeNull();
    expect(card.photo).toBeNull();
    expect(validate("VaultCard", card)).toBeNull();
  });

  it("announce a collectible change after each move, when the record already shows it", () => {
    const { chain, cards } = world();
    const heard: { change: Change; stage: string | undefined; released: boolean | undefined }[] = [];
    chain.model.onChange((changes) => {
      for (const change of changes) {
        if (change.kind !== "collectible") continue;
        const record = chain.model.getCollectible(change.launch);
        heard.push({ change, stage: record?.stage, released: record?.custody.cards[0]?.stillHeld === false });
      }
    });
    const collectible = listCollectible(chain, "CARDE", cards[0]!);
    advanceTo(chain, collectible, "tradable");
    releaseCard(chain, collectible);
    expect(heard.map((entry) => entry.change.kind === "collectible" && [entry.change.event, entry.change.stage])).toEqual([
      ["listed", "raising"],
      ...COLLECTIBLE_STAGES.slice(1).map((stage) => ["stage", stage]),
      ["cardReleased", "tradable"],
    ]);
    for (const entry of heard) expect(entry.stage).toBe(entry.change.kind === "collectible" ? entry.change.stage : null);
    expect(heard.at(-1)!.released).toBe(true);
  });

  it("appear in the launch lists per kind, in search and by id, priced in SOL through their wSOL component", () => {
    const { chain, cards } = world();
    const pairs = chain.createLaunch("PAIRZ");
    const collectible = listCollectible(chain, "CARDF", cards[0]!);
    const address = collectible.launch.address;
    const listed = (kind: "pairs" | "collectibles" | "all") =>
      chain.model.listLaunches({ mode: "paged", limit: 100, kind, tab: "new" }).launches.map((row) => row.address);
    expect(listed("collectibles")).toEqual([address]);
    expect(listed("all").sort()).toEqual([address, pairs.address].sort());
    expect(listed("pairs")).toEqual([pairs.address]);
    expect(chain.model.search("CARDF", "all").map((row) => row.address)).toEqual([address]);
    expect(chain.model.search("CARDF", "pairs")).toEqual([]);
    const row = chain.model.getLaunch(address)!;
    expect(row.kind).toBe("collectibles");
    expect(row.components).toHaveLength(1);
    expect(row.components[0]).toMatchObject({ mint: NATIVE_MINT_ADDRESS, symbol: "wSOL", decimals: 9 });
    expect(row.recipeTarget.components[0]!.priceSol).toBe(1);
    expect(row.dnaUnitSol).toBe(1e-9);
    expect(validate("LaunchRow", row)).toBeNull();
  });

  it("know only listed collectibles: a pairs launch or an unlisted collectibles launch has no record", () => {
    const { chain } = world();
    const pairs = chain.createLaunch("PAIRY");
    const unlisted = chain.createLaunch("BARE", "collectibles");
    expect(chain.model.getCollectible(pairs.address)).toBeNull();
    expect(chain.model.getCollectible(unlisted.address)).toBeNull();
    expect(chain.model.collectibleVault(unlisted.address)).toBeNull();
    expect(chain.model.listCollectibles({ limit: 50, sort: "newest" }).items).toEqual([]);
  });
});
