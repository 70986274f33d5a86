// Memory and ingest benchmark of the read model: 1,000 launches, 1,000,000 trades by default.
// Run: node --expose-gc --import tsx src/indexer/__tests__/read-model-bench.ts (env LAUNCHES, TRADES, TRADERS).
import { randomBytes } from "node:crypto";
import type { Address, Signature } from "@solana/kit";
import { getAddressDecoder, getBase58Decoder } from "@solana/kit";
import type { LandedTransaction } from "../../chain/devnet.ts";
import { buyExactOut, defaultCurveParameters, initialCurveState, sell, type CurveState } from "../../economics/index.ts";
import { ReadModel } from "../read-model.ts";
import { logsOf } from "./synthetic-chain.ts";

const LAUNCHES = Number(process.env.LAUNCHES ?? 1000);
const TRADES = Number(process.env.TRADES ?? 1_000_000);
const TRADERS = Number(process.env.TRADERS ?? 20_000);
const gc = (globalThis as any).gc as () => void;
const addr = () => getAddressDecoder().decode(randomBytes(32));
const b58 = getBase58Decoder();
let slot = 0n,
  seq = 0;
const now = () => ({ slot, unixTimestamp: 1_767_225_600n + (slot * 400n) / 1000n, unixMillis: 0n });
const model = new ReadModel({ now, solUsd: 150, components: [], venueAuthority: addr(), mediaBaseUrl: "http://x" });
const component = { mint: addr(), quantity: 1_000_000_000n, targetBps: 10_000, decimals: 9 };
const tx = (events: any[]): LandedTransaction => ({
  signature: b58.decode(randomBytes(64)) as Signature,
  slot,
  seq: seq++,
  unixTimestamp: now().unixTimestamp,
  ok: true,
  error: null,
  logs: logsOf(events),
  computeUnits: 0n,
});
const traders = Array.from({ length: TRADERS }, addr);
const p = defaultCurveParameters;
const launches: { address: Address; curve: CurveState; lastBuyer: Address | null; lastAmount: bigint }[] = [];
for (let i = 0; i < LAUNCHES; i++) {
  const address = addr();
  model.ingest(
    tx([
      {
        kind: "launchCreated",
        launch: address,
        creator: traders[i % TRADERS],
        mint: addr(),
        curve: addr(),
        migrationVault: addr(),
        seed: 1n,
        launchKind: "pairs",
        decimals: 6,
        feeBps: 100,
        creatorFeeShareBps: 5000,
        totalSupply: p.curveInventory + p.migrationInventory,
        curveInventory: p.curveInventory,
        migrationInventory: p.migrationInventory,
        virtualPrimary: p.virtualPrimary,
        virtualDna: p.virtualDna,
        dnaUnitLamportsE9: 1_000_000_000n,
        createdAt: now().unixTimestamp,
        components: [component],
        symbol: `L${i}`,
        name: `Launch ${i}`,
        uri: "",
      },
    ]),
  );
  launches.push({ address, curve: initialCurveState(p, [component.quantity]), lastBuyer: null, lastAmount: 0n });
}
gc();
gc();
const before = process.memoryUsage();
let ingestMs = 0;
const BATCH = 10_000;
for (let done = 0; done < TRADES; done += BATCH) {
  const batch: LandedTransaction[] = [];
  for (let k = 0; k < BATCH; k++) {
    if (seq >= 8) {
      slot += 1n;
      seq = 0;
    }
    const launch = launches[(Math.random() * LAUNCHES) | 0]!;
    const selling = launch.lastBuyer !== null && Math.random() < 0.3;
    const trader = selling ? launch.lastBuyer! : traders[(Math.random() * TRADERS) | 0]!;
    const amount = selling ? launch.lastAmount / 2n : BigInt(1 + ((Math.random() * 500) | 0)) * 1_000_000n;
    const r = selling ? sell(launch.curve, amount, 0n, null) : buyExactOut(launch.curve, amount, 2n ** 64n - 1n, null);
    if (!r.ok) {
      k--;
      continue;
    }
    launch.curve = r.next;
    if (selling) launch.lastBuyer = null;
    else {
      launch.lastBuyer = trader;
      launch.lastAmount = amount;
    }
    const t = r.trade,
      n = r.next;
    batch.push(
      tx([
        {
          kind: "trade",
          launch: launch.address,
          trader,
          direction: t.direction,
          primaryAmount: t.primaryAmount,
          dnaAmount: t.dnaAmount,
          feeDna: t.feeDna,
          creatorFeeDna: t.creatorFeeDna,
          virtualPrimary: n.virtualPrimary,
          virtualDna: n.virtualDna,
          inventoryRemaining: n.inventoryRemaining,
          realDna: n.realDna,
          tradeCount: n.tradeCount,
          unixTimestamp: now().unixTimestamp,
          componentAmounts: [...t.componentAmounts],
          componentFees: [...t.componentFees],
        },
      ]),
    );
  }
  const start = performance.now();
  if (!process.env.DRY) for (const t of batch) model.ingest(t);
  ingestMs += performance.now() - start;
}
gc();
gc();
const after = process.memoryUsage();
const bytes = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
const rss = after.rss - before.rss;
console.log(
  JSON.stringify({
    launches: LAUNCHES,
    trades: TRADES,
    traders: TRADERS,
    bytesPerTrade: +(bytes / TRADES).toFixed(1),
    rssDeltaPerTrade: +(rss / TRADES).toFixed(1),
    heapDelta: after.heapUsed - before.heapUsed,
    heapTotalDelta: after.heapTotal - before.heapTotal,
    externalDelta: after.external - before.external,
    arrayBuffersDelta: after.arrayBuffers - before.arrayBuffers,
    ingestMs: Math.round(ingestMs),
    ingestPerSec: Math.round(TRADES / (ingestMs / 1000)),
  }),
);
const q0 = performance.now();
const page = model.listLaunches({ mode: "paged", limit: 50, kind: "all", tab: "trending" });
const q1 = performance.now();
const l = launches[0]!.address;
const chart = model.chart(l, { bucket: 60, limit: 500 });
const q2 = performance.now();
const trades = model.trades(l, { limit: 200 });
const q3 = performance.now();
console.log({
  listMs: +(q1 - q0).toFixed(1),
  chartMs: +(q2 - q1).toFixed(1),
  tradesMs: +(q3 - q2).toFixed(1),
  rows: page.launches.length,
  candles: chart?.candles.length,
  tradeRows: trades?.trades.length,
});
