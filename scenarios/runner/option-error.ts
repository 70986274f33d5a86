/**
 * The sentence for a command line node's `parseArgs` refused, or null for any other error:
 * an unknown option named plainly ("unknown option --bogus"), node's own sentence otherwise
 * (a missing value, a value that looks like an option). Shared by the scenario and the
 * conformance commands.
 */
export function optionErrorSentence(error: unknown): string | null {
  if (!(error instanceof TypeError) || !("code" in error) || typeof error.code !== "string") return null;
  if (!error.code.startsWith("ERR_PARSE_ARGS_")) return null;
  const option = /'([^']+)'/.exec(error.message)?.[1];
  return error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined ? `unknown option ${option}` : error.message;
}
