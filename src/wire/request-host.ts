/** A host as a `Host` header may name it: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * Whether a request's `Host` can name this server in a document it serves (the OpenAPI
 * `servers`, the AsyncAPI server): anything else (absent, or text that is no host) is not
 * written into a URL.
 */
export function isRequestHost(host: string | undefined): host is string {
  return typeof host === "string" && HOST.test(host);
}
