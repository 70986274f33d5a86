/**
 * The client side of the stream benchmark, in its own process so the server's CPU and
 * memory are measured alone. Opens the sockets, subscribes each to its cards, and records
 * for every cards delta when it arrived and the newest tick it carries (the bench writes
 * the tick number into `priceE12`), so the parent can compute delivery latency.
 */
import { WebSocket } from "ws";

interface Connect {
  readonly type: "connect";
  readonly url: string;
  /** Per socket: the launch addresses to subscribe. */
  readonly sets: readonly (readonly string[])[];
}

const sockets: WebSocket[] = [];
let ticks: number[] = [];
let arrivals: number[] = [];
let frames = 0;

function record(text: string): void {
  frames += 1;
  if (!text.startsWith('{"kind":"cards","full":false')) return;
  // A scan, not JSON.parse: the clients must stay cheaper than the server they measure.
  let newest = -1;
  for (const match of text.matchAll(/"priceE12":"(\d+)"/g)) newest = Math.max(newest, Number(match[1]));
  ticks.push(newest);
  arrivals.push(performance.timeOrigin + performance.now());
}

async function connect({ url, sets }: Connect): Promise<void> {
  // Opened in batches: a thousand simultaneous handshakes only measure the accept queue.
  for (let start = 0; start < sets.length; start += 100) {
    await Promise.all(
      sets.slice(start, start + 100).map(
        (set, offset) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`${url}?i=${start + offset}`, { perMessageDeflate: false });
            sockets.push(socket);
            socket.on("error", reject);
            socket.on("message", (data) => {
              const text = data.toString();
              if (text.startsWith('{"kind":"hello"')) socket.send(JSON.stringify({ op: "sub", tier: "cards", mints: set }));
              else if (text.startsWith('{"kind":"cards","full":true')) resolve();
              else record(text);
            });
          }),
      ),
    );
  }
}

process.on("message", async (message: Connect | { type: "collect" } | { type: "close" }) => {
  if (message.type === "connect") {
    await connect(message);
    ticks = [];
    arrivals = [];
    frames = 0;
    process.send!({ type: "ready" });
  } else if (message.type === "collect") {
    process.send!({ type: "samples", ticks: Int32Array.from(ticks), arrivals: Float64Array.from(arrivals), frames });
  } else {
    await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => (socket.once("close", () => resolve()), socket.close()))));
    sockets.length = 0;
    process.send!({ type: "closed" });
  }
});
