import { fileURLToPath } from "node:url";
import { loadLibrary } from "./load-scenario.ts";
import { LIBRARY_DIR } from "./scenario-files.ts";

/**
 * The library's index as a Markdown table (file, tags, the situation), generated from the
 * files themselves: what the README's Scenarios section shows, kept equal by a test.
 */
export function scenarioIndexMarkdown(directory: string = fileURLToPath(LIBRARY_DIR)): string {
  const lines = ["| scenario | tags | situation |", "|---|---|---|"];
  for (const { name, scenario } of loadLibrary(directory)) {
    const situation = scenario.description.trim().replace(/\s+/g, " ").replaceAll("|", "\\|");
    lines.push(`| [\`${scenario.name}\`](scenarios/library/${name}) | ${(scenario.tags ?? []).join(", ")} | ${situation} |`);
  }
  return `${lines.join("\n")}\n`;
}
