// Writes scenarios/scenario.schema.json from the TypeBox schema; a test fails when it is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SCENARIO_SCHEMA_FILE, scenarioSchemaText } from "./scenario-schema-json.ts";

writeFileSync(SCENARIO_SCHEMA_FILE, scenarioSchemaText());
process.stdout.write(`wrote ${fileURLToPath(SCENARIO_SCHEMA_FILE)}\n`);
