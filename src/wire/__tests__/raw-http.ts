import { once } from "node:events";
import { connect } from "node:net";

/**
 * Writes `text` to a new connection on `port` as it is, below any HTTP client (which would
 * refuse to send what these tests send), and reads until the server closes: the answer's head
 * and body. `localAddress`: the loopback address to connect from (127.0.0.1 by default).
 */
export async function rawHttp(port: number, text: string, localAddress?: string): Promise<{ head: string; body: string }> {
  const socket = connect({ port, host: "127.0.0.1", ...(localAddress === undefined ? {} : { localAddress }) });
  await once(socket, "connect");
  socket.write(text);
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  await once(socket, "close");
  const split = answer.indexOf("\r\n\r\n");
  return split < 0 ? { head: answer, body: "" } : { head: answer.slice(0, split), body: answer.slice(split + 4) };
}
