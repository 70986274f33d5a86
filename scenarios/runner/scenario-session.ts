import type { BasketClient, Exchange, ExchangeRequest } from "../../src/client/basket-client.ts";
import type { Capability, Wallet } from "../../conformance/engine/check.ts";
import { curlCommand } from "../../conformance/engine/curl-command.ts";
import { type ProbeFrame, type StreamProbe, Transcript } from "../../conformance/engine/stream-probe.ts";
import { WALLET_ADDRESS } from "./scenario-schema.ts";
import { ScenarioSkippedSignal } from "./scenario-signals.ts";
import { transcriptJson } from "./transcript-text.ts";
import { ScenarioFailedSignal } from "./scenario-signals.ts";

/** Whether `path` is under the simulator's /devnet/ control API. */
export const isControlPath = (path: string): boolean => path === "/devnet" || path.startsWith("/devnet/");

/**
 * What one scenario run holds: the server, its named wallets and sockets, the variables
 * earlier steps left, and everything sent and received, in order, for the transcript and
 * the `curl` reproduction.
 */
export class ScenarioSession {
  readonly variables: Record<string, unknown> = {};
  readonly wallets = new Map<string, Wallet>();
  readonly sockets = new Map<string, StreamProbe[]>();
  /** HTTP lines and the stream probes' frame lines, interleaved as they happened. */
  readonly transcript = new Transcript();
  readonly curl: string[] = [];
  /** Per socket, how many frames it had received when the step before the current one began, and when the current one did. */
  readonly #stepMarks = new Map<StreamProbe, { previous: number; current: number }>();

  constructor(
    readonly client: BasketClient,
    readonly streamUrl: string,
    readonly capabilities: ReadonlySet<Capability>,
    readonly missing: Readonly<Partial<Record<Capability, string>>>,
  ) {
    this.variables.wallets = {};
  }

  /** Ends the scenario as skipped unless the server has the capability. */
  need(capability: Capability, what: string): void {
    if (!this.capabilities.has(capability))
      throw new ScenarioSkippedSignal(
        `${what} needs the /devnet/ control API: ${this.missing[capability] ?? `the server lacks ${capability}`}`,
      );
  }

  line(text: string): void {
    this.transcript.add(text);
  }

  /**
   * Sends a request, records it (transcript and curl), keeps the answer in `last`. A request
   * under /devnet/ (a path only known once interpolated) is control: never sent to a server
   * without it, or under `--control off`.
   */
  async exchange(request: ExchangeRequest): Promise<Exchange> {
    if (isControlPath(request.path)) this.need("control", `${request.method} ${request.path}`);
    const url = this.client.url(request.path, request.query);
    this.curl.push(curlCommand({ ...request, url }));
    const shown = url.slice(this.client.baseUrl.length);
    this.line(`→ ${request.method} ${shown}${request.json === undefined ? "" : ` ${transcriptJson(request.json)}`}`);
    const answer = await this.client.exchange(request);
    this.line(`← ${answer.status} ${answer.body === undefined ? transcriptJson(answer.text) : transcriptJson(answer.body)}`);
    this.variables.last = { status: answer.status, body: answer.body };
    return answer;
  }

  /**
   * A wallet argument: a declared name gives its address, an address is taken as it is. A
   * word that is neither is a name the scenario forgot to declare: said so here, rather than
   * sent to the server to be refused as if the server were wrong.
   */
  address(wallet: unknown): string {
    const name = String(wallet);
    const declared = this.wallets.get(name)?.address;
    if (declared !== undefined) return declared;
    if (!WALLET_ADDRESS.test(name))
      throw new ScenarioFailedSignal(`wallet ${JSON.stringify(name)} is not declared under wallets: (nor is it an address)`);
    return name;
  }

  /** The wallet that signs for `wallet` (a name, or the address of a declared wallet). */
  signer(wallet: unknown): Wallet | undefined {
    const name = String(wallet);
    return this.wallets.get(name) ?? [...this.wallets.values()].find((held) => held.address === name);
  }

  /** Marks a step's start on every open socket (see `receivedSincePreviousStep`). */
  beginStep(): void {
    for (const probe of [...this.sockets.values()].flat()) {
      const mark = this.#stepMarks.get(probe);
      this.#stepMarks.set(probe, { previous: mark?.current ?? 0, current: probe.received.length });
    }
  }

  /**
   * The frames `probe` received since the step before the current one began and no expect has
   * taken yet: what a step's own actions caused (a trade's frame, during the trade step), not
   * what came before an earlier step changed the subscription.
   */
  receivedSincePreviousStep(probe: StreamProbe): readonly ProbeFrame[] {
    const unread = probe.pending();
    const from = Math.max(probe.received.length - unread.length, this.#stepMarks.get(probe)?.previous ?? 0);
    return probe.received.slice(from);
  }

  /** The socket(s) named `name`, the newest last. */
  socket(name: string): StreamProbe | undefined {
    return this.sockets.get(name)?.at(-1);
  }

  /** Closes every socket the scenario opened. */
  async close(): Promise<void> {
    await Promise.all([...this.sockets.values()].flat().map((probe) => probe.close()));
  }
}
