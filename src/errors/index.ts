/** The API's errors as data: codes, statuses, sentences. The lowest layer; imports nothing of ours. */
export * from "./api-error-catalogue.ts";
export * from "./api-error.ts";
export * from "./error-table.ts";
export * from "./parser-refusal.ts";
export * from "./result.ts";
