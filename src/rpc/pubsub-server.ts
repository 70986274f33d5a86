import { type Server, createServer } from "node:http";
import { WebSocketServer } from "ws";
import { PUBSUB_METHODS } from "./pubsub-methods.ts";
import { type AddressShare, type LandedLogs, PubSubSession, SlotChanges } from "./pubsub-session.ts";
import type { Address } from "@solana/kit";
import { isWritableKey } from "../chain/check-transaction.ts";
import { TransactionHistory } from "./transaction-history.ts";
import { RpcDispatcher } from "./rpc-dispatcher.ts";
import type { RpcDeps } from "./rpc-method.ts";
import { refusalBody } from "./json-rpc-envelope.ts";
import { MAX_CONNECTIONS, limitConnections } from "../wire/request-guard.ts";

/** The largest frame a client may send: a subscription request is a few hundred bytes. */
const MAX_FRAME_BYTES = 1 << 20;
/** Sockets at once from one address, and in all: the same bounds as the event stream's. */
const MAX_SOCKETS_PER_ADDRESS = 24;
const MAX_SOCKETS = 1_000;
/** How long closing waits for a socket to finish its close handshake before cutting it. */
const CLOSE_GRACE_MS = 1_000;
/** 1013 Try Again Later: the socket caps; 1001 Going Away: the server stops. */
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GOING_AWAY = 1001;
/**
 * Notifications waiting to be written to one socket before it is closed (1001, as the event
 * stream closes a slow consumer): a client that stops reading must not make the server hold
 * every notification owed to it (24 such sockets grew the process by 15 MB a second).
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const SLOW_CONSUMER_REASON = "slow consumer: notifications were not read in time; reconnect";

/**
 * The Solana PubSub WebSocket: JSON-RPC subscriptions on an HTTP server of its own (the
 * RPC port + 1, the convention `Connection` assumes), fed by the devnet's slot ticks.
 * Frames over 1 MiB close the socket (1009), more than 24 sockets from one address or 1,000
 * in all are closed 1013, a socket holds at most MAX_SUBSCRIPTIONS subscriptions, and one
 * with more than 4 MiB of notifications unread is closed 1001 (24 such sockets, one address's most, hold at
 * most 96 MiB between them).
 */
export class PubSubServer {
  readonly server: Server = createServer((_request, response) => response.writeHead(426).end("a WebSocket upgrade is expected"));
  readonly #sessions = new Set<PubSubSession>();
  #wss: WebSocketServer | null = null;
  readonly #stopSlots: () => void;
  #nextId = 0;
  #landed: LandedLogs[] = [];
  /** Accounts written since the last tick: what program subscriptions look at. */
  #written = new Set<Address>();

  constructor(deps: RpcDeps) {
    const dispatcher = new RpcDispatcher(deps, PUBSUB_METHODS);
    // The port's connections are limited as the other ports' are, upgraded or not: its socket
    // limits below count only sockets that became WebSockets.
    limitConnections(this.server, (failure) => refusalBody(failure.body.error), MAX_CONNECTIONS);
    const wss = new WebSocketServer({ server: this.server, maxPayload: MAX_FRAME_BYTES });
    // ws re-emits its HTTP server's errors here. Those are the server's to handle (a taken port:
    // startRpcEndpoints moves to another pair); unheard here, one took the process down.
    wss.on("error", () => {});
    this.#wss = wss;
    const perAddress = new Map<string, AddressShare>();
    wss.on("connection", (socket, request) => {
      // ws reports a client's protocol faults (a frame over maxPayload, text that is not UTF-8,
      // a bad opcode) on the socket, after it has sent the close code: heard here, they end that
      // socket; unheard, the first one took the whole process down.
      socket.on("error", () => socket.terminate());
      const address = request.socket.remoteAddress ?? "?";
      const share = perAddress.get(address) ?? { sockets: 0, subscriptions: 0 };
      if (share.sockets + 1 > MAX_SOCKETS_PER_ADDRESS || wss.clients.size > MAX_SOCKETS) {
        socket.close(
          CLOSE_TRY_AGAIN_LATER,
          share.sockets + 1 > MAX_SOCKETS_PER_ADDRESS ? "too many sockets from this address" : "too many sockets",
        );
        return;
      }
      share.sockets += 1;
      perAddress.set(address, share);
      socket.once("close", () => {
        share.sockets -= 1;
        if (share.sockets === 0) perAddress.delete(address);
      });
      const session = new PubSubSession(
        deps.devnet,
        (text) => {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount <= MAX_BUFFERED_BYTES) return socket.send(text);
          // Nothing more for it: the rest of this tick's notifications stop with its subscriptions.
          session.close();
          socket.close(CLOSE_GOING_AWAY, SLOW_CONSUMER_REASON);
        },
        () => this.#nextId++,
        share,
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
    // A landed transaction comes from the history, with the message the chain decoded.
    const stopLandings = TransactionHistory.of(deps.devnet).onLanded(({ landed }, message) => {
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
    const stopReceived = deps.devnet.onReceived((signature) => {
      for (const session of this.#sessions) session.onReceived(signature);
    });
    this.#stopSlots = () => {
      stopWrites();
      stopLandings();
      stopTicks();
      stopReceived();
    };
  }

  /**
   * Stops: every socket is told 1001 and cut after a grace if its peer does not answer (an
   * upgraded socket is no longer the HTTP server's, so closing the server alone waited on
   * every idle client forever).
   */
  async close(): Promise<void> {
    this.#stopSlots();
    for (const session of this.#sessions) session.close();
    const sockets = [...(this.#wss?.clients ?? [])];
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === socket.CLOSED) return resolve();
            const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
            socket.once("close", () => {
              clearTimeout(cut);
              resolve();
            });
            socket.close(CLOSE_GOING_AWAY, "server shutting down");
          }),
      ),
    );
    this.#wss?.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
