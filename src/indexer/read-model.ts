import type { LandedTransaction } from "../chain/devnet.ts";
import type { CardListing } from "../world/card-catalogue.ts";
import { CandleSeriesCache } from "./candle-builder.ts";
import { type CollectibleListQuery, collectibleFilter, collectiblePage, givenFilters } from "./collectible-list.ts";
import {
  type CollectibleContext,
  renderCollectibleDetail,
  renderCollectibleRecord,
  renderCollectibleVault,
} from "./collectible-renderer.ts";
import type { Change } from "./change.ts";
import { ReadCache } from "./read-cache.ts";
import { EventFolder } from "./event-folder.ts";
import { PriceSampleLog, type PriceSamplePoint, sampledBefore } from "./price-sample-log.ts";
import type { LaunchCursor } from "./launch-cursor.ts";
import {
  ALMOST_PAIRED_LIMIT,
  type KindFilter,
  type LaunchListQuery,
  type PagedSelection,
  SEARCH_LIMIT,
  TRENDING_LIMIT,
} from "./launch-list-query.ts";
import { isAlmostPaired, keysetPage, kindMatches, orderOf, pagedFilter } from "./launch-ordering.ts";
import { LaunchWalks } from "./launch-walks.ts";
import { launchPricing } from "./launch-pricing.ts";
import { LaunchRowCache } from "./launch-row-cache.ts";
import { imageUriOf, renderShortLaunchRow } from "./launch-row-renderer.ts";
import type { LaunchMetadata, LaunchState } from "./launch-state.ts";
import { ratioToNumber } from "./number-format.ts";
import type { ReadContext } from "./read-context.ts";
import type {
  AssetsResponse,
  Candle,
  CollectibleDetail,
  CollectibleRecord,
  CollectibleVault,
  LaunchRow,
  LiveTradeRecord,
  ShortLaunchRow,
  TradeRecord,
} from "./records/index.ts";
import type { TokenListing } from "./token-listing.ts";
import { TradeRecordCache } from "./trade-record-cache.ts";
import { renderLiveTradeRecord } from "./trade-record-renderer.ts";
import { SerializedAnswer } from "./serialized-answer.ts";
import { wrappedSolListingOf } from "./wrapped-sol-listing.ts";

export type { Change, CollectibleChangeEvent } from "./change.ts";
export type { CollectibleListQuery, CollectibleSort } from "./collectible-list.ts";
export { COLLECTIBLE_LIMIT, COLLECTIBLE_SORTS, givenFilters, parseCollectibleCursor } from "./collectible-list.ts";
export type { KindFilter, LaunchListQuery } from "./launch-list-query.ts";
export type { LaunchMetadata } from "./launch-state.ts";
export type { TokenListing } from "./token-listing.ts";
export { type LaunchCursor, parseLaunchCursor } from "./launch-cursor.ts";
export type { PagedSelection } from "./launch-list-query.ts";

export interface ReadModelOptions {
  /** The devnet clock (`devnet.now`): every "now" of the records is virtual time. */
  now: () => { slot: bigint; unixTimestamp: bigint; unixMillis: bigint };
  /** USD per SOL (a world setting; default 150 in the simulator). */
  solUsd: number;
  /** The world's component mints, in catalogue order. */
  components: readonly TokenListing[];
  /** The faucet: pools it created with wrapped SOL as mint A are the SOL venues. */
  venueAuthority: string;
  /** Records carry `${mediaBaseUrl}/v1/media/<file>`; uris stored as "/v1/media/..." are prefixed. */
  mediaBaseUrl: string;
  /**
   * The world's card catalogue: a collectible's identity, photos and values are looked up
   * here by the listed card's mint (never invented; unknown mints show null). Default none.
   */
  cards?: readonly CardListing[];
}

const MEDIA_PREFIX = "/v1/media/";
/** The fixed bytes around a list answer's rows: `{"launches":[` row `,` row … `]}`. */
const LAUNCHES_OPEN = Buffer.from('{"launches":[');
const COMMA = Buffer.from(",");
const LAUNCHES_CLOSE = Buffer.from("]}");
/** Builds whose launch has not landed, remembered for their metadata. */
const MAX_PENDING_METADATA = 10_000;
const LAMPORTS_PER_SOL = 1_000_000_000n;

/**
 * The read model behind every /v1 read route: landed transactions' program events folded
 * into in-memory state with the indexes each route needs, rendered as the specification's
 * records on read. Feed it every landed transaction in landing order from the chain's first
 * (genesis creates the venues): `devnet.onLanded((tx) => readModel.ingest(tx))`.
 */
export class ReadModel {
  readonly #options: ReadModelOptions;
  #folder: EventFolder;
  /**
   * Answers that depend on the collectibles (their book moves with no launch revision):
   * emptied by every landed transaction, price sample and metadata write, as before.
   */
  readonly #cache = new ReadCache();
  /**
   * Answers over many launches (list pages, search, the live feed, assets), keyed by the
   * folder's revision and the price book's state: a transaction that changed no launch
   * keeps them, and their rows come from `#rows`.
   */
  readonly #answers = new ReadCache(256);
  /** Orders of paged walks, frozen at the page that began them. */
  readonly #walks = new LaunchWalks();
  /** One launch's tape pages and charts, keyed by that launch's revision: a trade elsewhere keeps them. */
  readonly #perLaunch = new ReadCache(256);
  readonly #rows = new LaunchRowCache();
  /** Charts' candles, extended by each read after a trade or a new bucket instead of rebuilt. */
  readonly #candles: CandleSeriesCache;
  /** Trade records by tape entry; replaced with the folder (its trader table). */
  #tradeRecords: TradeRecordCache;
  readonly #listings: Map<string, TokenListing>;
  readonly #cards: Map<string, CardListing>;
  /** The component whose venue values a collectible listing's buffer: the world's USDC. */
  readonly #usdcMint: string | null;
  readonly #listeners = new Set<(changes: readonly Change[]) => void>();
  /** Where each price sample fell among the landings, for a rebuild to sample there again. */
  readonly #samples = new PriceSampleLog();
  #generation = 0;
  /** Every launch's off-chain metadata, landed or not: build-create speaks before the chain does, and a rebuild re-applies it. */
  readonly #metadata = new Map<string, LaunchMetadata>();
  /** The launches of `#metadata` not landed yet, oldest first. */
  readonly #pending = new Set<string>();

  constructor(options: ReadModelOptions) {
    if (!(options.solUsd > 0)) throw new RangeError(`solUsd must be positive, got ${options.solUsd}`);
    this.#options = { ...options, mediaBaseUrl: options.mediaBaseUrl.replace(/\/+$/, "") };
    this.#listings = new Map(options.components.map((listing) => [listing.mint, listing]));
    this.#cards = new Map((options.cards ?? []).map((card) => [card.cardMint, card]));
    this.#usdcMint = options.components.find((listing) => listing.symbol === "USDC")?.mint ?? null;
    this.#folder = new EventFolder(options.venueAuthority, options.now().unixTimestamp, this.#usdcMint);
    this.#tradeRecords = new TradeRecordCache(this.#folder.traders, options.solUsd);
    this.#candles = new CandleSeriesCache(options.solUsd);
  }

  /**
   * Folds one landed transaction and announces its changes. A failed one changes nothing;
   * one at or before the last folded (slot, seq) — a duplicate delivery — is ignored.
   */
  ingest(transaction: LandedTransaction): readonly Change[] {
    const changes = this.#folder.fold(transaction);
    // Any folded event may move an answer (pool reserves move with no Change of their own).
    if (transaction.ok) this.#cache.invalidate();
    this.#applyMetadata(changes);
    return this.#announce(changes);
  }

  /**
   * Forgets every folded transaction and folds `transactions` again (the chain went back to
   * a snapshot). Metadata is kept and re-applied, and prices are sampled again where they
   * were: at `samples`, the points {@link priceSamples} gave when the snapshot was taken
   * (by default the model's own, which lack any a rebuild to an earlier point dropped).
   * Listeners hear nothing but the caller's own announcement (the stream sends `resync`).
   */
  rebuild(transactions: readonly LandedTransaction[], priceSamples?: readonly PriceSamplePoint[]): void {
    this.#generation += 1;
    // The fresh folder counts revisions from zero again: keys of the old one must not match.
    this.#cache.invalidate();
    this.#answers.invalidate();
    this.#perLaunch.invalidate();
    this.#walks.clear();
    this.#folder = new EventFolder(this.#options.venueAuthority, this.#options.now().unixTimestamp, this.#usdcMint);
    this.#tradeRecords = new TradeRecordCache(this.#folder.traders, this.#options.solUsd);
    for (const launch of this.#metadata.keys()) this.#pending.add(launch);
    // Each price sample again where it fell among the landings, so every trade is priced as
    // it was. Samples after the last landing kept, or later than now, were of a future the
    // chain no longer has: they are dropped.
    const samples = priceSamples ?? this.#samples.points();
    this.#samples.clear();
    let next = 0;
    for (const transaction of transactions) {
      while (next < samples.length && sampledBefore(samples[next]!, transaction.slot, transaction.seq)) this.#resample(samples[next++]!);
      this.#applyMetadata(this.#folder.fold(transaction));
    }
    const now = this.#options.now().unixTimestamp;
    const lastSlot = transactions.at(-1)?.slot ?? -1n;
    const lastSeq = transactions.at(-1)?.seq ?? 0;
    for (const point of samples.slice(next)) {
      // At or before the last landing and not after now: taken before the chain's present.
      if (point.at <= now && sampledBefore(point, lastSlot, lastSeq + 1)) this.#resample(point);
    }
  }

  /** Where every price sample so far fell among the landings: keep it with a chain snapshot, for the rebuild that restores it. */
  priceSamples(): readonly PriceSamplePoint[] {
    return this.#samples.points();
  }

  /** Counts rebuilds: an answer cached outside the model (the legacy list's 3 s) keys on it, so none outlives a restore. */
  get generation(): number {
    return this.#generation;
  }

  #resample(point: PriceSamplePoint): void {
    this.#folder.book.sample(point.at);
    this.#samples.record(point);
  }

  #applyMetadata(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.kind !== "launch") continue;
      const metadata = this.#metadata.get(change.launch);
      const state = this.#folder.directory.byAddress(change.launch);
      if (metadata && state) {
        state.metadata = { ...metadata };
        this.#folder.touch(state);
      }
      this.#pending.delete(change.launch);
    }
  }

  /**
   * Off-chain metadata of `launch` (description, socials, category, image). For a launch
   * not created yet it waits until the launch lands; the oldest waiting entries are dropped
   * past MAX_PENDING_METADATA (builds that never land).
   */
  setMetadata(launch: string, metadata: LaunchMetadata): void {
    this.#cache.invalidate();
    this.#metadata.set(launch, { ...metadata });
    const state = this.#folder.directory.byAddress(launch);
    if (state) {
      state.metadata = { ...metadata };
      this.#folder.touch(state);
      return;
    }
    this.#pending.add(launch);
    if (this.#pending.size > MAX_PENDING_METADATA) {
      const oldest = this.#pending.values().next().value!;
      this.#pending.delete(oldest);
      this.#metadata.delete(oldest);
    }
  }

  /** Copies the venues' reserves into the price book; `[{kind: "prices"}]` when a price moved. */
  samplePrices(): readonly Change[] {
    this.#cache.invalidate();
    const at = this.#options.now().unixTimestamp;
    this.#samples.record({ ...this.#folder.lastFolded, at });
    const moved = this.#folder.book.sample(at);
    return this.#announce(moved ? [{ kind: "prices" }] : []);
  }

  /** Launch rows rendered so far (each row renders once per change of its launch, the prices or the second). */
  get renderedRows(): number {
    return this.#rows.renders;
  }

  /** Calls `listener` after every ingest or sample that changed something; returns the unsubscribe. */
  onChange(listener: (changes: readonly Change[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  listLaunches(query: LaunchListQuery): { launches: LaunchRow[]; nextCursor?: string | null } {
    return this.#listPage(query).value;
  }

  /**
   * The wire body of a list query, as the route answers it: `{launches}` in legacy mode,
   * `{launches, nextCursor}` in paged mode; serialized once per answer from the rows' JSON.
   */
  listLaunchesBytes(query: LaunchListQuery): Buffer {
    return this.#listPage(query).bytes;
  }

  #listPage(query: LaunchListQuery): SerializedAnswer<{ launches: LaunchRow[]; nextCursor?: string | null }> {
    return this.#launchesAnswer(`list:${JSON.stringify(query)}`, (context) => this.#listed(query, context));
  }

  /** The launches a list query shows, in order, and the paged mode's next cursor. */
  #listed(query: LaunchListQuery, context: ReadContext): { launches: readonly LaunchState[]; nextCursor?: string | null } {
    const all = this.#folder.directory.all;
    if (query.mode === "legacy") {
      const launches: LaunchState[] = [];
      for (let i = all.length - 1; i >= 0 && launches.length < query.limit; i--) {
        const launch = all[i]!;
        if (!kindMatches(launch, query.kind) || (query.status !== undefined && launch.status !== query.status)) continue;
        launches.push(launch);
      }
      return { launches };
    }
    const directory = this.#folder.directory;
    const candidates = query.ids ? unique(query.ids.flatMap((id) => directory.byAddress(id) ?? [])) : all;
    const matches = pagedFilter(query, context);
    const { cursor: _cursor, limit, ...walkQuery } = query;
    return keysetPage(candidates.filter(matches), orderOf(query), limit, query.cursor, context, {
      walks: this.#walks,
      query: JSON.stringify(walkQuery),
      resolve: (address) => directory.byAddress(address) ?? null,
      matches,
    });
  }

  /**
   * The selection (tab, sort, filters, kind) whose walk `cursor` continues, or null when the
   * cursor names no walk this model remembers: a request bearing only a cursor goes on with it.
   */
  walkSelection(cursor: LaunchCursor): PagedSelection | null {
    const query = cursor.walk ? this.#walks.queryOf(cursor.walk.id) : null;
    return query === null ? null : (JSON.parse(query) as PagedSelection);
  }

  /** A launch address, a primary mint, or a ticker (the newest launch with it). */
  getLaunch(id: string): LaunchRow | null {
    const launch = this.#folder.directory.resolve(id);
    return launch ? this.#rows.row(launch, this.#context()) : null;
  }

  /** The first 24 rows of the trending order: most trades in the last 24 hours first. */
  trending(kind: KindFilter): LaunchRow[] {
    return this.listLaunches({ mode: "paged", limit: TRENDING_LIMIT, kind, tab: "trending" }).launches;
  }

  /** `{launches: trending(kind)}` as wire bytes. */
  trendingBytes(kind: KindFilter): Buffer {
    return this.#launchesAnswer(`trending:${kind}`, (context) => ({
      launches: this.#listed({ mode: "paged", limit: TRENDING_LIMIT, kind, tab: "trending" }, context).launches,
    })).bytes;
  }

  /** At most 24 launches on the curve with progressBps ≥ 7000, highest first. */
  almostPaired(kind: KindFilter): LaunchRow[] {
    return this.#launchesAnswer(`almost:${kind}`, (context) => {
      const candidates = this.#folder.directory.all.filter((launch) => kindMatches(launch, kind) && isAlmostPaired(launch));
      return { launches: keysetPage(candidates, "bonding", ALMOST_PAIRED_LIMIT, undefined, context).launches };
    }).value.launches;
  }

  /** At most 20 rows: ticker or name substring (case-insensitive), or an exact address or mint; "" gives none. */
  search(q: string, kind: KindFilter): LaunchRow[] {
    return this.#launchesAnswer(`search:${kind}:${q}`, () => ({
      launches: this.#folder.directory.search(q, (launch) => kindMatches(launch, kind), SEARCH_LIMIT),
    })).value.launches;
  }

  /** The launch's tape, newest first; null for an unknown id. */
  trades(id: string, page: TapePageQuery): TapePage | null {
    return this.#tradesAnswer(id, page)?.value ?? null;
  }

  /** `trades(id, page)` as wire bytes; null for an unknown id. */
  tradesBytes(id: string, page: TapePageQuery): Buffer | null {
    return this.#tradesAnswer(id, page)?.bytes ?? null;
  }

  #tradesAnswer(id: string, page: TapePageQuery): SerializedAnswer<TapePage> | null {
    const launch = this.#folder.directory.resolve(id);
    if (!launch) return null;
    // The tape (the launch's revision) and dnaUnitSol (the book's epoch) are all it reads.
    const before = page.before ? `${page.before.slot}:${page.before.seq}` : "";
    const key = `trades:${launch.address}:${launch.revision}:${this.#folder.book.epoch}:${page.limit}:${before}`;
    return this.#perLaunch.get(key, 0n, () => {
      // The first page extends as trades land; an older page gathers its records' bytes.
      // Every price of the page is in the unit the page names.
      const { dnaUnitSol, dnaUnitLamportsE9: unit } = launchPricing(launch, this.#folder.book);
      const { records, joined, nextCursor } = page.before
        ? this.#tradeRecords.olderPage(launch, { limit: page.limit, before: page.before }, unit)
        : this.#tradeRecords.firstPage(launch, page.limit, unit);
      const bytes = Buffer.concat([
        Buffer.from(`{"dnaUnitSol":${JSON.stringify(dnaUnitSol)},"trades":[`),
        joined,
        Buffer.from(`],"nextCursor":${JSON.stringify(nextCursor)}}`),
      ]);
      return new SerializedAnswer<TapePage>({ dnaUnitSol, trades: records, nextCursor }, () => bytes);
    });
  }

  /** The launch's candles, oldest first; null for an unknown id. */
  chart(id: string, options: ChartQuery): Chart | null {
    return this.#chartAnswer(id, options)?.value ?? null;
  }

  /** `chart(id, options)` as wire bytes; null for an unknown id. */
  chartBytes(id: string, options: ChartQuery): Buffer | null {
    return this.#chartAnswer(id, options)?.bytes ?? null;
  }

  #chartAnswer(id: string, options: ChartQuery): SerializedAnswer<Chart> | null {
    const launch = this.#folder.directory.resolve(id);
    if (!launch) return null;
    // Time enters the candles only through the bucket holding now (see CandleSeries).
    const nowUnix = this.#options.now().unixTimestamp;
    const nowBucket = Math.floor(Number(nowUnix) / Math.max(1, Math.floor(options.bucket)));
    const key = `chart:${launch.address}:${launch.revision}:${this.#folder.book.epoch}:${options.bucket}:${options.limit}:${nowBucket}`;
    return this.#perLaunch.get(key, 0n, () => {
      const { solUsd } = this.#options;
      const dnaUnitSol = launchPricing(launch, this.#folder.book).dnaUnitSol;
      const { candles, json } = this.#candles.candles(launch, options, nowUnix);
      // The fields in the order of the value, so the bytes are its JSON.stringify; each candle's JSON was made once.
      return new SerializedAnswer<Chart>(
        { dnaUnitSol, solUsd, openRule: "previousClose", candles },
        () =>
          `{"dnaUnitSol":${JSON.stringify(dnaUnitSol)},"solUsd":${JSON.stringify(solUsd)},"openRule":"previousClose","candles":[${json.join(",")}]}`,
      );
    });
  }

  /** The 12 newest trades across launches, newest first. */
  liveTrades(): LiveTradeRecord[] {
    return this.#model("live", () => {
      return this.#folder.live.map(({ launch, index }) => renderLiveTradeRecord(launch, index, this.#folder.traders)).reverse();
    });
  }

  /** The launches `wallet` created, newest first. */
  createdBy(wallet: string): ShortLaunchRow[] {
    return this.#model(`created:${wallet}`, () => {
      const context = this.#context();
      return [...this.#folder.directory.byCreator(wallet)].reverse().map((launch) => renderShortLaunchRow(launch, context));
    });
  }

  /** Every component with its sampled venue and price. */
  assets(): AssetsResponse {
    return this.#model("assets", () => {
      const { book } = this.#folder;
      const { solUsd, components } = this.#options;
      const context = this.#context();
      return {
        assets: components.map((listing) => {
          const quote = book.quote(listing.mint);
          const price = book.price(listing.mint);
          const priceSol = price
            ? ratioToNumber(price.lamportsReserve * 10n ** BigInt(listing.decimals), price.componentReserve * LAMPORTS_PER_SOL)
            : null;
          return {
            mint: listing.mint,
            symbol: listing.symbol,
            name: listing.name,
            decimals: listing.decimals,
            logoUri: context.mediaUrl(listing.logoUri),
            category: listing.category,
            priceSol,
            priceUsd: priceSol === null ? null : priceSol * solUsd,
            venue: quote
              ? { pool: quote.pool, lamportsReserve: quote.lamportsReserve.toString(), componentReserve: quote.componentReserve.toString() }
              : null,
          };
        }),
        solUsd,
        sampledAt: Number(book.sampledAt),
      };
    });
  }

  /** How the service names `mint`: a world component, wrapped SOL (a collectible's component) or a launch token; null otherwise. */
  tokenListing(mint: string): TokenListing | null {
    const listing = this.#componentListing(mint);
    if (listing) return { ...listing, logoUri: this.#mediaUrl(listing.logoUri) };
    const launch = this.#folder.directory.byMint(mint);
    if (!launch) return null;
    const context = this.#context();
    return {
      mint,
      symbol: launch.symbol,
      name: launch.name,
      decimals: launch.decimals,
      logoUri: imageUriOf(launch, context),
      category: launch.metadata?.category ?? "launch",
    };
  }

  /**
   * A page of listed collectibles: filtered (stage, group, row, q), ordered by `sort`, after
   * `cursor`. A well-formed cursor of another sort yields an empty page (the API refuses it,
   * and a malformed one, first).
   */
  listCollectibles(query: CollectibleListQuery): { items: CollectibleRecord[]; nextCursor: string | null } {
    return this.#cached(`collectibles:${JSON.stringify(query)}`, () => {
      const context = this.#collectibleContext();
      const filter = collectibleFilter(query, (state) => context.card(state.listing.cardMint)?.itemName ?? null);
      const candidates = this.#folder.collectibles.all.filter(filter);
      const page = collectiblePage(candidates, query.sort, query.limit, query.cursor, givenFilters(query));
      return { items: page.items.map((state) => renderCollectibleRecord(state, context)), nextCursor: page.nextCursor };
    });
  }

  /** The virtual clock's unix seconds: the `serverTime` of an answer. */
  serverTime(): number {
    return Number(this.#options.now().unixTimestamp);
  }

  /** A listed collectible by its launch address; null when no card was listed for it. */
  getCollectible(launch: string): CollectibleDetail | null {
    return this.#cached(`collectible:${launch}`, () => {
      const state = this.#folder.collectibles.get(launch);
      return state ? renderCollectibleDetail(state, this.#collectibleContext()) : null;
    });
  }

  /** A listed collectible's vault by its launch address; null when no card was listed for it. */
  collectibleVault(launch: string): CollectibleVault | null {
    return this.#cached(`vault:${launch}`, () => {
      const state = this.#folder.collectibles.get(launch);
      return state ? renderCollectibleVault(state, this.#collectibleContext()) : null;
    });
  }

  /** `compute`'s answer, or the same answer computed earlier in this version and second (see ReadCache). */
  #cached<T>(key: string, compute: () => T): T {
    return this.#cache.get(key, this.#options.now().unixTimestamp, compute);
  }

  /**
   * `compute`'s answer, or the same computed earlier at this folder revision, price book
   * state and second: the answers over launches move with nothing else.
   */
  #model<T>(key: string, compute: () => T): T {
    const { book, revision } = this.#folder;
    return this.#answers.get(`${revision}:${book.epoch}:${book.sampledAt}|${key}`, this.#options.now().unixTimestamp, compute);
  }

  /**
   * An answer listing launches (`{launches}`, with `nextCursor` when `select` gives one),
   * cached like `#model`; its rows come from the row cache and its bytes join their JSON.
   */
  #launchesAnswer(
    key: string,
    select: (context: ReadContext) => { launches: readonly LaunchState[]; nextCursor?: string | null },
  ): SerializedAnswer<{ launches: LaunchRow[]; nextCursor?: string | null }> {
    return this.#model(key, () => {
      const context = this.#context();
      const selected = select(context);
      const launches = selected.launches.map((launch) => this.#rows.row(launch, context));
      const tail = selected.nextCursor === undefined ? {} : { nextCursor: selected.nextCursor };
      // Serialized now, from the same renderings as `launches` (the clock and book cannot move within this call).
      const parts: Buffer[] = [LAUNCHES_OPEN];
      selected.launches.forEach((launch, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(this.#rows.bytes(launch, context));
      });
      parts.push(
        selected.nextCursor === undefined ? LAUNCHES_CLOSE : Buffer.from(`],"nextCursor":${JSON.stringify(selected.nextCursor)}}`),
      );
      const bytes = Buffer.concat(parts);
      return new SerializedAnswer({ launches, ...tail }, () => bytes);
    });
  }

  /** A component's listing as the world lists it; wrapped SOL, a collectible's component, is named though the world does not list it. */
  #componentListing(mint: string): TokenListing | null {
    return this.#listings.get(mint) ?? wrappedSolListingOf(mint);
  }

  #context(): ReadContext {
    return {
      nowUnix: this.#options.now().unixTimestamp,
      solUsd: this.#options.solUsd,
      book: this.#folder.book,
      listing: (mint) => this.#componentListing(mint),
      mediaUrl: (uri) => this.#mediaUrl(uri),
    };
  }

  #collectibleContext(): CollectibleContext {
    return { ...this.#context(), card: (mint) => this.#cards.get(mint) ?? null };
  }

  #mediaUrl(uri: string): string {
    return uri.startsWith(MEDIA_PREFIX) ? `${this.#options.mediaBaseUrl}${uri}` : uri;
  }

  #announce(changes: Change[]): readonly Change[] {
    if (changes.length > 0) for (const listener of this.#listeners) listener(changes);
    return changes;
  }
}

type TapePageQuery = { limit: number; before?: { slot: bigint; seq: number } };
type TapePage = { dnaUnitSol: number | null; trades: readonly TradeRecord[]; nextCursor: string | null };
type ChartQuery = { bucket: number; limit: number };
type Chart = { dnaUnitSol: number | null; solUsd: number; openRule: "previousClose"; candles: readonly Candle[] };

function unique(launches: readonly LaunchState[]): LaunchState[] {
  return [...new Set(launches)];
}
