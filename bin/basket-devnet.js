#!/usr/bin/env node
// The command runs the TypeScript sources compiled into one cached bundle (bin/cli-bundle.js,
// rebuilt on the first start after an edit), or through tsx when that fails, so a checkout
// needs nothing but `npm install`: no build step, no dist folder to keep in step.
import { runCli } from "./cli-bundle.js";

await runCli();
