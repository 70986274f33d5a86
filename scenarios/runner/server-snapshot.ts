import type { BasketClient } from "../../src/client/basket-client.ts";

/**
 * A whole server's state held by its `/devnet/` control API (`POST /devnet/snapshot`, then
 * `POST /devnet/restore` with its id): how each scenario starts from the same state, on the
 * built-in simulator and on any server that offers snapshots.
 */
export class ServerSnapshot {
  private constructor(
    readonly client: BasketClient,
    readonly id: string,
  ) {}

  /** Takes one; the refusal's status and text when the server will not (no control API, a --state-dir simulator). */
  static async take(client: BasketClient): Promise<ServerSnapshot | { readonly refused: string }> {
    const answer = await client.exchange({ method: "POST", path: "/devnet/snapshot", json: {} });
    const id = (answer.body as { id?: unknown } | undefined)?.id;
    if (answer.status !== 200 || typeof id !== "string" || id === "") return { refused: `${answer.status} ${answer.text.slice(0, 200)}` };
    return new ServerSnapshot(client, id);
  }

  /** Puts the server back to the state the snapshot holds. */
  async restore(): Promise<void> {
    const answer = await this.client.exchange({ method: "POST", path: "/devnet/restore", json: { id: this.id } });
    if (answer.status !== 200) throw new Error(`the server could not restore its snapshot (${answer.status} ${answer.text.slice(0, 200)})`);
  }
}
