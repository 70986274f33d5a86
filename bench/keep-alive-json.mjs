/**
 * The benchmark workers' HTTP client: node's own `http` on kept-alive sockets (fetch in a
 * worker tops out near 2,000 requests/s here, which would measure the client, not the
 * server). Plain JavaScript, as the workers that import it are.
 */
import { Agent, request } from "node:http";

/**
 * A function sending `method path` with `body` as JSON to `baseUrl`, at most `sockets`
 * connections at once, resolving with the status and the parsed answer.
 * @param {string} baseUrl
 * @param {number} sockets
 * @returns {(method: string, path: string, body?: unknown) => Promise<{ status: number, answer: any }>}
 */
export function keepAliveJson(baseUrl, sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(`${baseUrl}${path}`, {
        method,
        agent,
        headers: payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      });
      outgoing.on("error", reject);
      outgoing.on("response", (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => resolve({ status: response.statusCode, answer: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
      });
      outgoing.end(payload);
    });
}
