import type { InjectedBug } from "./injected-bug.ts";
import { objectOf, rowsOf, succeeded } from "./json-answer.ts";

/** Modes the `stateful` phase catches: state that drifts from what the landed transactions did. */
export const STATEFUL_BUGS: readonly InjectedBug[] = [
  {
    name: "balances-one-unit-short",
    phase: "stateful",
    rule: "A wallet's token balances are what its landed trades left it; this mode reports one base unit less of each token held.",
    caughtBy: "stateful.tradeFlow.model",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/balances",
      onSend: (answer) => {
        const balances = objectOf(answer.body);
        if (!balances || !succeeded(answer)) return undefined;
        const tokens = rowsOf(balances, "tokens").map((token) => {
          const amount = BigInt(String(token.amount));
          return amount > 0n ? { ...token, amount: (amount - 1n).toString() } : token;
        });
        return { ...balances, tokens };
      },
    },
  },
];
