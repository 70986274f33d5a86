/**
 * `npm run bench`: every suite, measured in one run on this machine, printed as Markdown.
 * Targets are printed beside the figures; nothing here fails a build. Name suites to run a
 * subset: `npm run bench -- chain flow` (chain, read, live, flow, stream, conformance, start, rpc).
 */
import { chainBench } from "./chain-bench.ts";
import { conformanceBench } from "./conformance-bench.ts";
import { liveReadBench } from "./live-read-bench.ts";
import { readApiBench } from "./read-api-bench.ts";
import { rpcBench } from "./rpc-bench.ts";
import { startBench } from "./start-bench.ts";
import { streamBench } from "./stream-bench.ts";
import { tradeFlowBench } from "./trade-flow-bench.ts";

const SUITES: Record<string, () => Promise<string>> = {
  chain: chainBench,
  read: readApiBench,
  live: liveReadBench,
  flow: tradeFlowBench,
  stream: streamBench,
  conformance: conformanceBench,
  start: startBench,
  rpc: rpcBench,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(", ")}; the suites are ${Object.keys(SUITES).join(", ")}`);
  process.exit(2);
}
const started = performance.now();
console.log(`# basket-devnet benchmarks (${new Date().toISOString()}, node ${process.version})`);
for (const [name, suite] of Object.entries(SUITES)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  console.log(`\n${await suite()}`);
}
console.log(`\n(total ${((performance.now() - started) / 1000).toFixed(1)} s)`);
