import type { Exchange } from "../../src/client/basket-client.ts";

/** A value computed once per run, and the `curl` commands of the requests computing it sent (filled as it runs). */
export interface SharedEntry {
  readonly value: Promise<unknown>;
  readonly curl: readonly string[];
}

/**
 * What the checks of one run share instead of asking the server again: answers by request
 * (keyed by the request's `curl` command, which names its method, URL, headers and body)
 * and values by name. One memo per run: a later run sees a server anew.
 */
export class RunMemo {
  readonly #answers = new Map<string, Promise<Exchange>>();
  readonly #values = new Map<string, SharedEntry>();

  /** The answer to the request `key` stands for, sending it with `send` the first time only. */
  answer(key: string, send: () => Promise<Exchange>): Promise<Exchange> {
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = send();
      this.#answers.set(key, answer);
    }
    return answer;
  }

  /** The value named `key`, computing it with `compute` (handed a list to record its requests in) the first time only. */
  value(key: string, compute: (curl: string[]) => Promise<unknown>): SharedEntry {
    let entry = this.#values.get(key);
    if (!entry) {
      const curl: string[] = [];
      entry = { value: compute(curl), curl };
      // Every asker awaits it; a rejection no asker has awaited yet must not be reported as unhandled.
      entry.value.catch(() => {});
      this.#values.set(key, entry);
    }
    return entry;
  }
}
