import { API_ERROR_CATALOGUE } from "./api-error-catalogue.ts";

/** The catalogue as the README's Markdown table: code, status, sentence, meaning. */
export function errorTableMarkdown(): string {
  const rows = Object.entries(API_ERROR_CATALOGUE).map(
    ([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.template.replace(/\{(\w+)\}/g, "<$1>")} | ${entry.meaning} |`,
  );
  return ["| code | status | `error` sentence | when |", "|---|---|---|---|", ...rows].join("\n");
}
