/**
 * `npm run bench`: every suite, measured in one run on this machine, printed as Markdown.
 * Targets are printed beside the figures; nothing here fails a build.
 */
import { chainBench } from "./chain-bench.ts";
import { readApiBench } from "./read-api-bench.ts";

const started = performance.now();
console.log(`# basket-devnet benchmarks (${new Date().toISOString()}, node ${process.version})\n`);
console.log(await chainBench());
console.log(`\n${await readApiBench()}`);
console.log(`\n(total ${((performance.now() - started) / 1000).toFixed(1)} s)`);
