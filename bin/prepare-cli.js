#!/usr/bin/env node
// The package's `prepare` script, which `npm install` runs in a checkout: the CLI bundle is
// compiled now, so the first `npm start` after an install starts as quickly as the ones after
// it. Installing never fails for it: a bundle not compiled here is compiled by the first start.
import { buildBundle, currentBundle } from "./cli-bundle.js";

try {
  if (currentBundle() === null) await buildBundle();
} catch (error) {
  process.stderr.write(
    `basket-devnet: the CLI will be compiled on its first start instead (${error instanceof Error ? error.message : String(error)})\n`,
  );
}
