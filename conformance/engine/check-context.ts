import type { BasketClient, Exchange, ExchangeRequest } from "../../src/client/basket-client.ts";
import type { Capability, Check, CheckContext, Documents, FailureDetails, ServerSamples, Wallet } from "./check.ts";
import { CheckFailedSignal, CheckSkippedSignal } from "./check-signals.ts";
import { curlCommand } from "./curl-command.ts";
import type { RunMemo } from "./run-memo.ts";
import type { CheckNote } from "./run-events.ts";
import { DEFAULT_AIRDROP_LAMPORTS, freshWallet } from "./suite-wallet.ts";

/** A slot is 400 ms on Solana: what `--allow-slow` waits per slot asked for. */
const SLOT_MILLIS = 400;

/** What every check of a run shares: the server, what was learned of it, and the run's settings. */
export interface RunEnvironment {
  readonly client: BasketClient;
  readonly streamUrl: string;
  /** `{client_url}` (`--client-url`); absent or null: none given. */
  readonly clientUrl?: string | null;
  readonly seed: number;
  /** Where failures are saved; absent or null: none. */
  readonly failureDir?: string | null;
  readonly numRuns: number;
  readonly documents: Documents;
  readonly samples: ServerSamples;
  readonly capabilities: ReadonlySet<Capability>;
  readonly missing: Readonly<Partial<Record<Capability, string>>>;
  /** The `--keypair` wallet, when given. */
  readonly keypairWallet: Wallet | null;
  /** Answers and values the run's checks share (`exchangeOnce`, `shared`). */
  readonly memo: RunMemo;
}

/** A check's context and what it recorded while it ran. */
export interface RecordingContext {
  readonly context: CheckContext;
  readonly curl: string[];
  readonly notes: CheckNote[];
  /**
   * Ends the check's use of the server once its time is up: every later request it makes
   * throws instead of being sent, so a check that went on after its timeout stops at its
   * next request rather than trading beside the checks that follow.
   */
  readonly abandon: () => void;
}

/**
 * Builds the context one check runs with: every request it sends is recorded as a `curl`
 * command for its reproduction; wallets come from the faucet (a new key each call) or the
 * `--keypair` file; time moves by `/devnet/advance` or, with `--allow-slow`, by waiting.
 */
export function createCheckContext(check: Check, environment: RunEnvironment, onNote: (note: CheckNote) => void): RecordingContext {
  const curl: string[] = [];
  const notes: CheckNote[] = [];
  let abandoned = false;
  const context = contextRecordingIn(
    curl,
    environment,
    (note) => {
      notes.push(note);
      onNote(note);
    },
    () => abandoned,
  );
  return { context, curl, notes, abandon: () => void (abandoned = true) };
}

/** A check context whose requests are recorded, as `curl` commands, in `curl`. */
function contextRecordingIn(
  curl: string[],
  environment: RunEnvironment,
  onNote: (note: CheckNote) => void,
  abandoned: () => boolean = () => false,
): CheckContext {
  const { client, capabilities, missing, memo } = environment;
  const send = (request: ExchangeRequest) => {
    if (abandoned()) throw new CheckFailedSignal(`abandoned after its timeout: ${request.method} ${request.path} was not sent`, {});
    return client.exchange(request);
  };
  const need = (capability: Capability) => {
    if (!capabilities.has(capability)) throw new CheckSkippedSignal(missing[capability] ?? `the server lacks the ${capability} capability`);
  };
  const commandOf = (request: ExchangeRequest) => curlCommand({ ...request, url: client.url(request.path, request.query) });
  const exchange = async (request: ExchangeRequest): Promise<Exchange> => {
    curl.push(commandOf(request));
    return send(request);
  };
  const context: CheckContext = {
    baseUrl: client.baseUrl,
    clientUrl: environment.clientUrl ?? null,
    streamUrl: environment.streamUrl,
    seed: environment.seed,
    failureDir: environment.failureDir ?? null,
    numRuns: environment.numRuns,
    documents: environment.documents,
    capabilities,
    samples: environment.samples,
    exchange,
    exchangeOnce(request) {
      const command = commandOf(request);
      curl.push(command);
      return memo.answer(command, () => send(request));
    },
    async shared<T>(key: string, compute: (context: CheckContext) => Promise<T>): Promise<T> {
      const entry = memo.value(key, (sharedCurl) => compute(contextRecordingIn(sharedCurl, environment, onNote)));
      try {
        return (await entry.value) as T;
      } finally {
        curl.push(...entry.curl);
      }
    },
    async wallet(options = {}) {
      need("wallet");
      if (!capabilities.has("control")) return environment.keypairWallet as Wallet;
      const { wallet } = await freshWallet();
      const lamports = options.lamports ?? DEFAULT_AIRDROP_LAMPORTS;
      const answer = await exchange({
        method: "POST",
        path: "/devnet/airdrop",
        json: { wallet: wallet.address, lamports: lamports.toString() },
      });
      if (answer.status !== 200)
        throw new Error(`the faucet refused to fund a wallet: POST /devnet/airdrop answered ${answer.status} ${answer.text.slice(0, 200)}`);
      return wallet;
    },
    async advance(time) {
      need("clock");
      if (capabilities.has("control")) {
        const answer = await exchange({ method: "POST", path: "/devnet/advance", json: time });
        if (answer.status !== 200)
          throw new Error(`the clock did not move: POST /devnet/advance answered ${answer.status} ${answer.text.slice(0, 200)}`);
        return;
      }
      const millis = "seconds" in time ? time.seconds * 1000 : time.slots * SLOT_MILLIS;
      await new Promise((resolve) => setTimeout(resolve, millis));
    },
    note(level, message) {
      onNote({ level, message });
    },
    fail(message: string, details: FailureDetails = {}): never {
      throw new CheckFailedSignal(message, details);
    },
    failDecision(message: string, details: FailureDetails = {}): never {
      throw new CheckFailedSignal(message, details, true);
    },
    skip(reason: string): never {
      throw new CheckSkippedSignal(reason);
    },
    noSample(what: string): never {
      const problems = environment.samples.discoveryProblems;
      const why = problems.length === 0 ? "" : ` (while learning samples: ${problems.join("; ")})`;
      throw new CheckSkippedSignal(`the server lists no ${what}${why}`);
    },
  };
  return context;
}
