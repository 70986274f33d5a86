import { ScenarioSchema } from "./scenario-schema.ts";

/** Where the generated JSON Schema lives (an editor's YAML plugin can point at it). */
export const SCENARIO_SCHEMA_FILE = new URL("../scenario.schema.json", import.meta.url);

/** The text of `scenarios/scenario.schema.json`: the TypeBox schema as JSON Schema, with a note that it is generated. */
export function scenarioSchemaText(): string {
  const schema = {
    $comment: "Generated from scenarios/runner/scenario-schema.ts by `npx tsx scenarios/runner/generate-schema.ts`; do not edit.",
    $schema: "http://json-schema.org/draft-07/schema#",
    ...JSON.parse(JSON.stringify(ScenarioSchema)),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
