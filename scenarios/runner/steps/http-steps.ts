import type { ExchangeRequest } from "../../../src/client/basket-client.ts";
import { ScenarioFailedSignal } from "../scenario-signals.ts";
import type { ScenarioSession } from "../scenario-session.ts";
import { readPath } from "../value-path.ts";
import { signatureOfSigned } from "../../../conformance/model/wire-transaction.ts";
import type { StepHandler, StepResult } from "./step-handler.ts";
import type { Wallet } from "../../../conformance/engine/check.ts";

/** Keeps `capture` paths of `body` as variables: a missing path fails the step with what was there. */
function captures(body: unknown, capture: unknown, session: ScenarioSession): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, path] of Object.entries((capture ?? {}) as Record<string, string>)) {
    try {
      out[name] = readPath(body, path);
    } catch (error) {
      throw new ScenarioFailedSignal(`capture ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    session.line(`  ${name} = ${JSON.stringify(out[name])?.slice(0, 200)}`);
  }
  return out;
}

/** Drops absent optional fields (an unset `${…}` cannot be absent; a YAML field left out is). */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

export const quoteStep: StepHandler = async (args, session) => {
  const body = defined({ ...args, ...(args.wallet === undefined ? {} : { wallet: session.address(args.wallet) }) });
  const exchange = await session.exchange({ method: "POST", path: "/v1/trades/quote", json: body });
  const quote = (exchange.body as { quote?: unknown } | undefined)?.quote;
  return { exchange, value: quote ?? exchange.body };
};

export const buildStep: StepHandler = async (args, session) => {
  const exchange = await session.exchange({
    method: "POST",
    path: "/v1/trades/build",
    json: { quoteId: args.quoteId, wallet: session.address(args.wallet) },
  });
  const body = exchange.body as { transaction?: string; plan?: unknown[] } | undefined;
  if (exchange.status !== 200 || !body) return { exchange, value: body };
  // A build without a plan is a one-step plan: `${plan[0].transaction}` reads the same either way.
  const plan = body.plan ?? [{ step: 1, label: "trade", transaction: body.transaction, kind: "trade", settles: true }];
  return { exchange, value: body, also: { plan } };
};

/** `transaction` signed by `wallet`; a wallet that is none of its signers is said so, by name and address. */
async function signedBy(wallet: Wallet, name: string, transaction: string): Promise<string> {
  try {
    return await wallet.sign(transaction);
  } catch (error) {
    throw new ScenarioFailedSignal(
      `sign: ${name} (${wallet.address}) cannot sign this transaction: ${error instanceof Error ? error.message : String(error)} (a build names its signer: sign with the wallet it was built for)`,
    );
  }
}

export const signStep: StepHandler = async (args, session) => {
  const wallet = session.signer(args.wallet);
  if (!wallet)
    throw new ScenarioFailedSignal(
      `sign: no declared wallet is ${JSON.stringify(args.wallet)}; a scenario signs with the wallets it declares`,
    );
  if (args.plan !== undefined) {
    if (!Array.isArray(args.plan))
      throw new ScenarioFailedSignal("sign: plan must be an array (a `${build.plan}` reference)", "", "an array", args.plan);
    const signed = [];
    for (const step of args.plan as { step?: number; label?: string; settles?: boolean; kind?: string; transaction: string }[]) {
      const transaction = await signedBy(wallet, String(args.wallet), step.transaction);
      signed.push({
        step: step.step,
        label: step.label,
        kind: step.kind,
        settles: step.settles === true,
        transaction,
        signature: signatureOfSigned(transaction),
      });
    }
    session.line(
      `  signed ${signed.length} transactions: ${signed.map((step) => `${step.label}${step.settles ? " (settles)" : ""} ${step.signature.slice(0, 12)}…`).join(", ")}`,
    );
    return { value: signed };
  }
  if (typeof args.transaction !== "string") throw new ScenarioFailedSignal("sign: give transaction or plan");
  const transaction = await signedBy(wallet, String(args.wallet), args.transaction);
  const signature = signatureOfSigned(transaction);
  session.line(`  signed ${signature}`);
  return { value: { transaction, signature } };
};

export const submitStep: StepHandler = async (args, session) => {
  const json = args.quoteId === undefined ? { transaction: args.transaction } : { transaction: args.transaction, quoteId: args.quoteId };
  const exchange = await session.exchange({ method: "POST", path: "/v1/transactions/submit", json });
  return { exchange, value: exchange.body };
};

/** GET /v1/transactions/{signature}, with the build's lastValidBlockHeight when it is known. */
export function statusRequest(signature: unknown, lastValidBlockHeight?: unknown): ExchangeRequest {
  return {
    method: "GET",
    path: `/v1/transactions/${encodeURIComponent(String(signature))}`,
    ...(lastValidBlockHeight === undefined ? {} : { query: { lastValidBlockHeight: Number(lastValidBlockHeight) } }),
  };
}

export const statusStep: StepHandler = async (args, session) => {
  const exchange = await session.exchange(statusRequest(args.signature, args.lastValidBlockHeight));
  return { exchange, value: exchange.body };
};

export const readStep: StepHandler = async (args, session) => {
  const query = args.query as Record<string, string> | undefined;
  const exchange = await session.exchange({ method: "GET", path: String(args.path), ...(query ? { query } : {}) });
  const result: StepResult = { exchange, value: exchange.body };
  return exchange.status === 200 ? { ...result, also: captures(exchange.body, args.capture, session) } : result;
};

export const requestStep: StepHandler = async (args, session) => {
  const exchange = await session.exchange({
    method: String(args.method).toUpperCase(),
    path: String(args.path),
    ...(args.query === undefined ? {} : { query: args.query as Record<string, string> }),
    ...(args.json === undefined ? {} : { json: args.json }),
    ...(args.raw === undefined ? {} : { rawBody: String(args.raw) }),
    ...(args.headers === undefined ? {} : { headers: args.headers as Record<string, string> }),
  });
  return { exchange, value: exchange.body, also: exchange.status < 300 ? captures(exchange.body, args.capture, session) : {} };
};

export const balancesStep: StepHandler = async (args, session) => {
  const exchange = await session.exchange({
    method: "GET",
    path: `/v1/wallets/${encodeURIComponent(session.address(args.wallet))}/balances`,
  });
  return { exchange, value: exchange.body };
};
