import fc from "fast-check";

// Every test file's properties draw from the run's seed (see vitest.config.ts); an empty one
// leaves fast-check's random seed.
const seed = process.env.FC_SEED;
if (seed) fc.configureGlobal({ seed: Number(seed) });
