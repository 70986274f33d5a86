// Bundled by cli-bundle.test.ts: the paths these modules compute from import.meta.url,
// which must come out the same from a bundle (kept elsewhere) as from source.
export { PROGRAMS_DIST_DIR } from "../../chain/program-binaries.ts";
export { defaultWorldCacheDir } from "../../simulator/world-cache-dir.ts";
export { SCENARIO_SCHEMA_FILE } from "../../../scenarios/runner/scenario-schema-json.ts";
export { LIBRARY_DIR } from "../../../scenarios/runner/scenario-files.ts";
