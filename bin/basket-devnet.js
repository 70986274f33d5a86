#!/usr/bin/env node
// The command runs the TypeScript sources through tsx (a runtime dependency), so a checkout
// needs nothing but `npm install`: no build step, no dist folder to keep in step.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
