import { type Server, createServer } from "node:http";
import { WebSocketServer } from "ws";
import { PUBSUB_METHODS } from "./pubsub-methods.ts";
import { type LandedLogs, PubSubSession } from "./pubsub-session.ts";
import { getCompiledTransactionMessageDecoder } from "@solana/kit";
import { RpcDispatcher } from "./rpc-dispatcher.ts";
import type { RpcDeps } from "./rpc-method.ts";

/**
 * The Solana PubSub WebSocket: JSON-RPC subscriptions on an HTTP server of its own (the
 * RPC port + 1, the convention `Connection` assumes), fed by the devnet's slot ticks.
 */
export class PubSubServer {
  readonly server: Server = createServer((_request, response) => response.writeHead(426).end("a WebSocket upgrade is expected"));
  readonly #sessions = new Set<PubSubSession>();
  readonly #stopSlots: () => void;
  #nextId = 0;
  #landed: LandedLogs[] = [];

  constructor(deps: RpcDeps) {
    const dispatcher = new RpcDispatcher(deps, PUBSUB_METHODS);
    const wss = new WebSocketServer({ server: this.server });
    wss.on("connection", (socket) => {
      const session = new PubSubSession(
        deps.devnet,
        (text) => socket.send(text),
        () => this.#nextId++,
      );
      this.#sessions.add(session);
      socket.on("message", async (data) => {
        const reply = await dispatcher.handleText(data.toString(), session);
        if (reply !== null) socket.send(reply);
        session.flush();
      });
      socket.on("close", () => {
        session.close();
        this.#sessions.delete(session);
      });
    });
    // Landed transactions are gathered as they land and told at the tick that follows.
    const stopWrites = deps.devnet.onWrite((write) => {
      if (write.kind !== "transaction" || this.#sessions.size === 0) return;
      const keys = getCompiledTransactionMessageDecoder().decode(write.transaction.messageBytes).staticAccounts;
      this.#landed.push({ landed: write.landed, accounts: new Set(keys) });
    });
    const stopTicks = deps.devnet.onSlot((now) => {
      const landed = this.#landed;
      this.#landed = [];
      for (const session of this.#sessions) session.onSlot(now.slot, landed);
    });
    this.#stopSlots = () => {
      stopWrites();
      stopTicks();
    };
  }

  async close(): Promise<void> {
    this.#stopSlots();
    for (const session of this.#sessions) session.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
