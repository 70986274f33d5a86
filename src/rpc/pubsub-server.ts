import { type Server, createServer } from "node:http";
import { WebSocketServer } from "ws";
import { PUBSUB_METHODS } from "./pubsub-methods.ts";
import { type LandedLogs, PubSubSession, SlotChanges } from "./pubsub-session.ts";
import type { Address } from "@solana/kit";
import { TransactionHistory, isWritableKey } from "./transaction-history.ts";
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
  /** Accounts written since the last tick: what program subscriptions look at. */
  #written = new Set<Address>();

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
    // Landed transactions and written accounts are gathered as they change and told at the tick that follows.
    const stopWrites = deps.devnet.onWrite((write) => {
      if (this.#sessions.size === 0) return;
      if (write.kind === "airdrop") this.#written.add(write.address);
      if (write.kind === "account") this.#written.add(write.account.address);
    });
    // A landed transaction comes from the history, which already holds its decoded message.
    const stopLandings = TransactionHistory.of(deps.devnet).onLanded(({ landed, message }) => {
      if (this.#sessions.size === 0) return;
      const keys = message.staticAccounts;
      // A validator stores every account a transaction write-locked, changed or not.
      keys.forEach((key, index) => isWritableKey(message, index) && this.#written.add(key));
      this.#landed.push({ landed, accounts: new Set(keys) });
    });
    const stopTicks = deps.devnet.onSlot((now) => {
      const changes = new SlotChanges(deps.devnet, this.#landed, this.#written);
      this.#landed = [];
      this.#written = new Set();
      for (const session of this.#sessions) session.onSlot(now.slot, changes);
    });
    this.#stopSlots = () => {
      stopWrites();
      stopLandings();
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
