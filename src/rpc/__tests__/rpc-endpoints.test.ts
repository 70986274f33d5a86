import { once } from "node:events";
import { connect, createServer } from "node:net";
import { maxHeaderSize } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Address,
  type EncodedAccount,
  type KeyPairSigner,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import WebSocket from "ws";
import { Devnet } from "../../chain/devnet.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { parseCommand } from "../../cli/parse-command.ts";
import { resolveSimulatorOptions } from "../../simulator/simulator-options.ts";
import { PIPELINED_IN_FLIGHT, PIPELINED_WAITING } from "../../wire/pipelined-requests.ts";
import { rawHttp } from "../../wire/__tests__/raw-http.ts";
import { REQUEST_TIMEOUT_MS } from "../../wire/request-arrival.ts";
import { MAX_CONNECTIONS } from "../../wire/request-guard.ts";
import { MAX_SUBSCRIPTIONS, MAX_SUBSCRIPTIONS_PER_ADDRESS } from "../pubsub-methods.ts";
import { type RpcEndpoints, startRpcEndpoints } from "../rpc-endpoints.ts";
import { buildRpcServer } from "../rpc-server.ts";
import { postRpc } from "./rpc-simulator.ts";

let devnet: Devnet;
let endpoints: RpcEndpoints;

beforeAll(async () => {
  devnet = Devnet.start({ seed: "rpc-endpoints" });
  endpoints = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: 0, explicit: false });
});

afterAll(async () => {
  await endpoints?.close();
  devnet?.close();
});

/** A PubSub client that keeps every frame it received. */
async function pubsub(): Promise<{ socket: WebSocket; frames: any[]; next: (match: (frame: any) => boolean) => Promise<any> }> {
  const socket = new WebSocket(endpoints.pubsubUrl);
  const frames: any[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
  await once(socket, "open");
  const next = async (match: (frame: any) => boolean) => {
    for (let waited = 0; waited < 2_000; waited += 5) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no such frame among ${JSON.stringify(frames)}`);
  };
  return { socket, frames, next };
}

/** A new key funded with 1 SOL directly (this devnet has no faucet). */
async function fundedPayer(): Promise<KeyPairSigner> {
  const payer = await generateKeyPairSigner();
  devnet.airdrop(payer.address, 1_000_000_000n);
  return payer;
}

/** `payer`'s signed transfer of 1,000,000 lamports to a new key, as base64 wire bytes, and its signature. */
async function transferFrom(payer: KeyPairSigner): Promise<{ wire: string; signature: string }> {
  const transaction = await signInstructions({
    feePayer: payer,
    instructions: [getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: 1_000_000n })],
    lifetime: devnet.latestBlockhash(),
  });
  return {
    wire: Buffer.from(getTransactionEncoder().encode(transaction)).toString("base64"),
    signature: getBase58Decoder().decode(transaction.signatures[payer.address]!),
  };
}

/** Sends base64 wire bytes with `sendTransaction` over the RPC; the reply's body. */
async function sendOverRpc(wire: string): Promise<any> {
  return (await postRpc(endpoints.rpcUrl, { jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [wire, { encoding: "base64" }] }))
    .json;
}

describe("PubSub", () => {
  it("slotSubscribe notifies each slot tick with parent and root; slotUnsubscribe stops it", async () => {
    const { socket, frames, next } = await pubsub();
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "slotSubscribe" }));
    const { result: id } = await next((frame) => frame.id === 1);
    devnet.advanceSlots(1);
    const slot = devnet.now().slot;
    const notification = await next((frame) => frame.method === "slotNotification");
    expect(notification.params).toEqual({ subscription: id, result: { slot: Number(slot), parent: Number(slot) - 1, root: 0 } });
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "slotUnsubscribe", params: [id] }));
    expect((await next((frame) => frame.id === 2)).result).toBe(true);
    const count = frames.length;
    devnet.advanceSlots(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames.length).toBe(count);
    socket.close();
  });

  it("signatureSubscribe notifies once at the commitment asked for: confirmed on landing, finalized 32 slots later", async () => {
    const { socket, next, frames } = await pubsub();
    // A transfer sent over the RPC.
    const signature = (await sendOverRpc((await transferFrom(await fundedPayer())).wire)).result as string;
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "signatureSubscribe", params: [signature, { commitment: "confirmed" }] }));
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "signatureSubscribe", params: [signature, { commitment: "finalized" }] }));
    const confirmedId = (await next((frame) => frame.id === 1)).result;
    const finalizedId = (await next((frame) => frame.id === 2)).result;
    expect(frames.some((frame) => frame.method === "signatureNotification")).toBe(false);
    devnet.advanceSlots(1);
    const confirmed = await next((frame) => frame.method === "signatureNotification");
    expect(confirmed.params).toMatchObject({ subscription: confirmedId, result: { value: { err: null } } });
    devnet.advanceSlots(30);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(frames.filter((frame) => frame.method === "signatureNotification")).toHaveLength(1);
    devnet.advanceSlots(2);
    const finalized = await next((frame) => frame.params?.subscription === finalizedId);
    expect(finalized.params.result.value).toEqual({ err: null });
    // A subscription made after the fact is answered at once; an unknown method is -32601.
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "signatureSubscribe", params: [signature, { commitment: "finalized" }] }));
    const lateId = (await next((frame) => frame.id === 3)).result;
    await next((frame) => frame.params?.subscription === lateId);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "voteSubscribe" }));
    expect((await next((frame) => frame.id === 4)).error.code).toBe(-32601);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "signatureUnsubscribe", params: [lateId] }));
    expect((await next((frame) => frame.id === 5)).error.code).toBe(-32602);
    socket.close();
  });

  it("signatureSubscribe with enableReceivedNotification hears receivedSignature when the transaction arrives, then its commitment", async () => {
    const { socket, next, frames } = await pubsub();
    const { wire, signature } = await transferFrom(await fundedPayer());
    const subscribe = (id: number, config: object) =>
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method: "signatureSubscribe", params: [signature, config] }));
    subscribe(1, { commitment: "confirmed", enableReceivedNotification: true });
    subscribe(2, { commitment: "confirmed" });
    const told = (await next((frame) => frame.id === 1)).result;
    const silent = (await next((frame) => frame.id === 2)).result;
    expect((await sendOverRpc(wire)).result).toBe(signature);
    const received = await next((frame) => frame.method === "signatureNotification");
    expect(received.params).toEqual({ subscription: told, result: { context: { slot: expect.any(Number) }, value: "receivedSignature" } });
    devnet.advanceSlots(1);
    await next((frame) => frame.params?.subscription === told && typeof frame.params.result.value === "object");
    await next((frame) => frame.params?.subscription === silent);
    const notes = frames
      .filter((frame) => frame.method === "signatureNotification")
      .map((frame) => [frame.params.subscription, frame.params.result.value]);
    expect(notes).toEqual([
      [told, "receivedSignature"],
      [told, { err: null }],
      [silent, { err: null }],
    ]);
    socket.close();
  });

  it("accountSubscribe hears a changed account, logsSubscribe a landed transaction that mentions its key; finalized hears the same 32 slots later", async () => {
    const { socket, next, frames } = await pubsub();
    const payer = await fundedPayer();
    const send = (id: number, method: string, params: unknown[]) => socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    send(1, "accountSubscribe", [payer.address, { encoding: "base64", commitment: "confirmed" }]);
    send(2, "logsSubscribe", [{ mentions: [payer.address] }, { commitment: "confirmed" }]);
    send(3, "accountSubscribe", [payer.address, { commitment: "finalized" }]);
    // No commitment is finalized, as on a validator: kit leaves a finalized commitment out of its requests.
    send(4, "logsSubscribe", [{ mentions: [payer.address] }]);
    const accountId = (await next((frame) => frame.id === 1)).result;
    const logsId = (await next((frame) => frame.id === 2)).result;
    // web3.js asks for finalized when its Connection names no commitment: served, not refused.
    const finalizedId = (await next((frame) => frame.id === 3)).result;
    expect(typeof finalizedId).toBe("number");
    const defaultLogsId = (await next((frame) => frame.id === 4)).result;
    devnet.advanceSlots(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(frames.some((frame) => frame.method === "accountNotification")).toBe(false);
    const signature = (await sendOverRpc((await transferFrom(payer)).wire)).result;
    devnet.advanceSlots(1);
    const account = await next((frame) => frame.method === "accountNotification");
    expect(account.params.subscription).toBe(accountId);
    expect(account.params.result.value).toMatchObject({
      lamports: 1_000_000_000 - 1_000_000 - 5000,
      owner: "11111111111111111111111111111111",
    });
    const logs = await next((frame) => frame.method === "logsNotification");
    expect(logs.params).toMatchObject({ subscription: logsId, result: { value: { signature, err: null } } });
    expect(logs.params.result.value.logs.length).toBeGreaterThan(0);
    // The finalized subscription hears nothing until the change is 32 slots deep, then the same state.
    devnet.advanceSlots(30);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(frames.some((frame) => frame.params?.subscription === finalizedId)).toBe(false);
    expect(frames.some((frame) => frame.params?.subscription === defaultLogsId)).toBe(false);
    devnet.advanceSlots(2);
    const finalized = await next((frame) => frame.params?.subscription === finalizedId);
    expect((await next((frame) => frame.params?.subscription === defaultLogsId)).params.result).toEqual(logs.params.result);
    // It named no encoding, so it hears the validator's legacy default: the data as a bare base58 string.
    expect(finalized.params.result).toEqual({ ...account.params.result, value: { ...account.params.result.value, data: "" } });
    socket.close();
  });

  it("refuses a subscription past the socket's limit, with an error object, and still serves the socket", async () => {
    const { socket, frames } = await pubsub();
    const requests = Array.from({ length: MAX_SUBSCRIPTIONS + 1 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "slotSubscribe" }));
    socket.send(JSON.stringify(requests.slice(0, 100)));
    socket.send(JSON.stringify(requests.slice(100, 200)));
    socket.send(JSON.stringify(requests.slice(200)));
    // The three batches are served side by side: which request comes last is theirs to decide.
    const answered = async () => {
      for (let waited = 0; waited < 4_000; waited += 10) {
        const answers = frames.filter(Array.isArray).flat();
        if (answers.length === requests.length) return answers;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error("not every subscription was answered");
    };
    const answers = await answered();
    expect(answers.filter((answer: any) => typeof answer.result === "number")).toHaveLength(MAX_SUBSCRIPTIONS);
    const refused = answers.filter((answer: any) => answer.error);
    expect(refused).toEqual([
      expect.objectContaining({ error: { code: -32602, message: expect.stringContaining(`${MAX_SUBSCRIPTIONS} subscriptions`) } }),
    ]);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: "after", method: "getVersion" }));
    socket.close();
  });

  it("refuses subscriptions past 1,024 held by one address's sockets together, and takes them again once some end", async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => pubsub()));
    /** Sends `count` slotSubscribe requests on client `index`, in batches of 100 (a batch's most), and answers the refusals. */
    const refusedOf = async (index: number, count: number, tag: string) => {
      const { socket, next } = clients[index]!;
      const refusals: string[] = [];
      for (let start = 0; start < count; start += 100) {
        const ids = Array.from({ length: Math.min(100, count - start) }, (_, i) => `${tag}${start + i}`);
        socket.send(JSON.stringify(ids.map((id) => ({ jsonrpc: "2.0", id, method: "slotSubscribe" }))));
        const answers: any[] = await next((frame) => Array.isArray(frame) && frame[0]?.id === ids[0]);
        refusals.push(...answers.filter((answer) => answer.error).map((answer) => answer.error.message));
      }
      return refusals;
    };
    try {
      for (let index = 0; index < 4; index++) expect(await refusedOf(index, 256, `s${index}-`)).toEqual([]);
      expect(await refusedOf(4, 3, "over-")).toEqual(
        Array(3).fill(
          `Invalid params: the sockets of this client address hold ${MAX_SUBSCRIPTIONS_PER_ADDRESS} subscriptions between them, the most they may; unsubscribe first`,
        ),
      );
      // One socket goes: its 256 subscriptions are the address's to hold again.
      clients[0]!.socket.close();
      await once(clients[0]!.socket, "close");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await refusedOf(4, 256, "again-")).toEqual([]);
    } finally {
      await Promise.all(clients.slice(1).map(({ socket }) => (socket.close(), once(socket, "close"))));
    }
  });

  it("closes sockets past 24 from one address with 1013, and serves the rest", async () => {
    const sockets = await Promise.all(Array.from({ length: 24 }, () => pubsub()));
    const extra = new WebSocket(endpoints.pubsubUrl);
    const [code] = (await once(extra, "close")) as [number];
    expect(code).toBe(1013);
    // Closed whole before the next test: the server counts a socket until its close completes.
    await Promise.all(sockets.map(({ socket }) => (socket.close(), once(socket, "close"))));
  });

  it.each([
    ["a frame over 1 MiB", 1009, (socket: WebSocket) => socket.send("x".repeat((1 << 20) + 1))],
    ["a text frame that is not UTF-8", 1007, (socket: WebSocket) => socket.send(Buffer.from([0xff, 0xfe, 0x7b]), { binary: false })],
  ])("closes a socket that sends %s with %i, and serves everyone else", async (_, expected, send) => {
    const { socket } = await pubsub();
    send(socket);
    const [code] = (await once(socket, "close")) as [number];
    expect(code).toBe(expected);
    // The server is still up: a new socket subscribes, and the HTTP side answers.
    const { socket: after, next } = await pubsub();
    after.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "slotSubscribe" }));
    expect(await next((frame) => frame.id === 7)).toMatchObject({ result: expect.any(Number) });
    after.close();
    expect((await postRpc(endpoints.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getVersion" })).json).toMatchObject({
      result: expect.any(Object),
    });
  });

  /** An account of `size` bytes at `address`, owned by the system program; `fill` tells one version from the next. */
  const bigAccount = (address: Address, fill: number, size = 1 << 20) =>
    devnet.setAccount({
      address,
      lamports: 1_000_000_000n,
      programAddress: "11111111111111111111111111111111" as Address,
      executable: false,
      data: new Uint8Array(size).fill(fill),
    } as unknown as EncodedAccount);

  /** `count` accountSubscribe requests for `address` on `socket`, answered. */
  async function subscribeAccount(
    socket: WebSocket,
    next: (match: (frame: any) => boolean) => Promise<any>,
    address: Address,
    count: number,
  ) {
    const requests = Array.from({ length: count }, (_, i) => ({
      jsonrpc: "2.0",
      id: `a${i}`,
      method: "accountSubscribe",
      params: [address, { encoding: "base64", commitment: "confirmed" }],
    }));
    socket.send(JSON.stringify(requests));
    await next((frame) => Array.isArray(frame) && frame.length === count);
  }

  it("reads and compares a watched account once a tick, however many subscriptions on however many sockets watch it", async () => {
    const watched = (await generateKeyPairSigner()).address;
    bigAccount(watched, 1, 10_000);
    const clients = await Promise.all([pubsub(), pubsub(), pubsub()]);
    for (const { socket, next } of clients) await subscribeAccount(socket, next, watched, 100);
    const reads = vi.spyOn(devnet, "getAccount");
    try {
      devnet.advanceSlots(1);
      expect(reads.mock.calls.filter(([address]) => address === watched)).toHaveLength(1);
      // A change is still told to every subscription, once.
      bigAccount(watched, 2, 10_000);
      devnet.advanceSlots(1);
      for (const { next, frames } of clients) {
        await next(() => frames.filter((frame) => frame.method === "accountNotification").length === 100);
      }
    } finally {
      reads.mockRestore();
      await Promise.all(clients.map(({ socket }) => (socket.close(), once(socket, "close"))));
    }
  });

  it("closes a socket that stops reading once 4 MiB of notifications wait (1001), and serves the others", async () => {
    const watched = (await generateKeyPairSigner()).address;
    bigAccount(watched, 3);
    const slow = await pubsub();
    await subscribeAccount(slow.socket, slow.next, watched, 40);
    const reader = await pubsub();
    await subscribeAccount(reader.socket, reader.next, watched, 1);
    // The slow client stops reading: 40 notifications of a 1 MiB account (1.4 MB each in base64) pile up on the server.
    (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    bigAccount(watched, 4);
    devnet.advanceSlots(1);
    (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.resume();
    const [code, reason] = (await once(slow.socket, "close")) as [number, Buffer];
    expect([code, reason.toString()]).toEqual([1001, "slow consumer: notifications were not read in time; reconnect"]);
    expect(slow.frames.filter((frame) => frame.method === "accountNotification").length).toBeLessThan(40);
    // The reading client heard the change.
    await reader.next((frame) => frame.method === "accountNotification");
    reader.socket.close();
  }, 20_000);

  it("limits the PubSub port's connections as the other ports', upgraded or not: one address past its share is answered 429 and let go", async () => {
    const { port } = new URL(endpoints.pubsubUrl);
    const held: ReturnType<typeof connect>[] = [];
    try {
      // A different loopback address from the other tests' sockets: its share starts empty.
      for (let i = 0; i < MAX_CONNECTIONS.perAddress; i++) {
        const socket = connect({ port: Number(port), host: "127.0.0.1", localAddress: "127.0.0.7" });
        held.push(socket);
        await once(socket, "connect");
      }
      const refused = await rawHttp(Number(port), "GET / HTTP/1.1\r\nHost: x\r\n\r\n", "127.0.0.7");
      expect(refused.head).toMatch(/^HTTP\/1.1 429 /);
      expect(JSON.parse(refused.body)).toMatchObject({
        jsonrpc: "2.0",
        error: { code: -32600, message: expect.stringMatching(/connections from one address/) },
      });
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it("without a faucet requestAirdrop is not served (-32601)", async () => {
    const reply = await postRpc(endpoints.rpcUrl, { jsonrpc: "2.0", id: 1, method: "requestAirdrop", params: [devnet.seed, 1] });
    expect(reply.json.error.code).toBe(-32601);
  });
});

describe("RPC HTTP refusals", () => {
  const refusal = (message: RegExp) => ({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringMatching(message) }, id: null });

  it.each([
    ["GET", "/", 405, /answers POST \/, not GET/],
    ["DELETE", "/", 405, /not DELETE/],
    ["GET", "/nope", 404, /nothing answers GET "\/nope"/],
    ["POST", "/v1/launches", 404, /the JSON-RPC answers POST \//],
  ])("answers %s %s with %i and a JSON-RPC error object", async (method, path, status, message) => {
    const response = await fetch(new URL(path, endpoints.rpcUrl), { method });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(refusal(message));
  });

  it("answers a body past the validator's 50 KiB with 413 and a JSON-RPC error object", async () => {
    const { status, json } = await postRpc(endpoints.rpcUrl, `{"jsonrpc":"2.0","id":1,"method":"getSlot","pad":"${"a".repeat(51_200)}"}`);
    expect(status).toBe(413);
    expect(json).toEqual(refusal(/at most 51200 bytes/));
  });

  it("times a request's arrival as the API does: a stalled body is cut at the 408's 30 s, not at node's 60 s headersTimeout", async () => {
    const app = buildRpcServer({ devnet });
    try {
      expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(app.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
    } finally {
      await app.close();
    }
  });

  it("answers bytes that are not HTTP with 400 and a JSON-RPC error object, and keeps serving", async () => {
    const socket = connect(endpoints.port, "127.0.0.1");
    await once(socket, "connect");
    socket.end("GARBAGE\r\n\r\n");
    let text = "";
    for await (const chunk of socket) text += chunk;
    const [head, body] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(JSON.parse(body!)).toEqual(refusal(/not well-formed HTTP/));
    expect((await postRpc(endpoints.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getSlot" })).json).toMatchObject({
      result: expect.any(Number),
    });
  });

  it.each([
    ["no Host", "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", /an HTTP\/1\.1 request names its Host/],
    ["a URL that is not percent-encoding", "POST /%ZZ HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", /not valid percent-encoding/],
    [
      "an Expect header other than 100-continue",
      "POST / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}",
      /Expect header "200-ok"/,
    ],
  ])("answers a request with %s with 4xx and a JSON-RPC error object any origin may read", async (_what, text, message) => {
    const { head, body } = await rawHttp(endpoints.port, text);
    expect(head).toMatch(/^HTTP\/1\.1 (400|417) /);
    expect(head).toMatch(/\r\naccess-control-allow-origin: \*\r\n/i);
    expect(JSON.parse(body)).toEqual(refusal(message));
  });

  it("answers headers past node's limit with 431 and the API's sentence in a JSON-RPC error object", async () => {
    const socket = connect(endpoints.port, "127.0.0.1");
    await once(socket, "connect");
    socket.end(`POST / HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(maxHeaderSize)}\r\n\r\n`);
    let text = "";
    for await (const chunk of socket) text += chunk;
    const [head, body] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body!)).toEqual(refusal(new RegExp(`headers are larger than the server reads \\(${maxHeaderSize} bytes\\)`)));
  });

  it("answers a connection that pipelines past the limit with 429 and a JSON-RPC error object after serving what came before", async () => {
    // GETs: node reads a connection's bodiless requests all at once (a POST's next only once its body is read).
    const socket = connect(endpoints.port, "127.0.0.1");
    await once(socket, "connect");
    socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".repeat(PIPELINED_IN_FLIGHT + PIPELINED_WAITING + 40));
    let text = "";
    for await (const chunk of socket) text += chunk;
    const kept = PIPELINED_IN_FLIGHT + PIPELINED_WAITING;
    expect([...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]))).toEqual([...Array<number>(kept).fill(200), 429]);
    expect(JSON.parse(text.slice(text.lastIndexOf("\r\n\r\n") + 4))).toEqual(refusal(/more than 64 requests .*\(HTTP pipelining\)/));
    expect((await postRpc(endpoints.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getSlot" })).json).toMatchObject({
      result: expect.any(Number),
    });
  });
});

describe("RPC ports", () => {
  it("a taken default port moves to a free pair and says so; a port asked for is an error when taken", async () => {
    const blocker = createServer().listen(0, "127.0.0.1");
    await once(blocker, "listening");
    const taken = (blocker.address() as { port: number }).port;
    const moved = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: taken, explicit: false });
    expect(moved.port).not.toBe(taken);
    expect(moved.notice).toBe(`RPC port ${taken} is in use: serving the RPC on ${moved.port} and PubSub on ${moved.port + 1}`);
    expect((await postRpc(moved.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getHealth" })).json.result).toBe("ok");
    await moved.close();
    await expect(startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: taken, explicit: true })).rejects.toThrow(
      `RPC port ${taken} or its PubSub port ${taken + 1} on 127.0.0.1 is already in use: pick another with --rpc-port`,
    );
    blocker.close();
  });

  it("a taken PubSub half (the port after the RPC's) moves the pair too, and nothing is thrown", async () => {
    const blocker = createServer().listen(0, "127.0.0.1");
    await once(blocker, "listening");
    const rpcPort = (blocker.address() as { port: number }).port - 1;
    try {
      const moved = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: rpcPort, explicit: false });
      expect(moved.port).not.toBe(rpcPort);
      expect((await postRpc(moved.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getHealth" })).json.result).toBe("ok");
      await moved.close();
    } finally {
      blocker.close();
    }
  });

  it("up takes --rpc-port and --no-rpc; the default is 8899, not explicit", () => {
    expect(parseCommand(["up", "--rpc-port", "9100"])).toMatchObject({ kind: "up", options: { rpcPort: 9100 } });
    expect(parseCommand(["up", "--no-rpc"])).toMatchObject({ kind: "up", options: { rpcPort: null } });
    expect(parseCommand(["up", "--no-rpc", "--rpc-port", "9100"])).toEqual({
      kind: "error",
      message: "--rpc-port and --no-rpc exclude each other",
    });
    expect(parseCommand(["up", "--rpc-port", "65535"]).kind).toBe("error");
    expect(resolveSimulatorOptions({})).toMatchObject({ rpcPort: 8899, rpcPortExplicit: false });
    expect(resolveSimulatorOptions({ rpcPort: 8899 })).toMatchObject({ rpcPort: 8899, rpcPortExplicit: true });
  });
});

describe("closing", () => {
  it("tells an idle PubSub client 1001 and finishes, instead of waiting for it to leave", async () => {
    const own = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: 0, explicit: false });
    const socket = new WebSocket(own.pubsubUrl);
    await once(socket, "open");
    const closed = once(socket, "close");
    await own.close();
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
  });

  it("frees both ports, after serving a client that keeps its connection alive", async () => {
    const own = await startRpcEndpoints({ devnet }, { host: "127.0.0.1", urlHost: "127.0.0.1", port: 0, explicit: false });
    expect((await postRpc(own.rpcUrl, { jsonrpc: "2.0", id: 1, method: "getSlot" })).status).toBe(200);
    await own.close();
    for (const port of [own.port, own.port + 1]) {
      const taken = createServer();
      taken.listen(port, "127.0.0.1");
      await once(taken, "listening");
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
