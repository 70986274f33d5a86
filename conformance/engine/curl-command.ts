import type { ExchangeRequest } from "../../src/client/basket-client.ts";

/** Quotes `text` for a POSIX shell: single quotes, each inner quote closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The `curl` command that sends `request` to `url` exactly as the suite sent it. */
export function curlCommand(request: ExchangeRequest & { readonly url: string }): string {
  const parts = ["curl", "-sS", "-i"];
  if (request.method !== "GET") parts.push("-X", request.method);
  parts.push(shellQuote(request.url));
  const headers: Record<string, string> = { ...request.headers };
  let body = request.rawBody;
  if (body === undefined && request.json !== undefined) {
    body = JSON.stringify(request.json);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
  }
  for (const [name, value] of Object.entries(headers)) parts.push("-H", shellQuote(`${name}: ${value}`));
  if (body !== undefined) parts.push("--data-binary", shellQuote(body));
  return parts.join(" ");
}
