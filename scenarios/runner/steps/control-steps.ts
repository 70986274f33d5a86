import { ScenarioFailedSignal } from "../scenario-signals.ts";
import type { ScenarioSession } from "../scenario-session.ts";
import type { StepHandler } from "./step-handler.ts";

/** A `/devnet/` request that must succeed for the scenario to go on (a refusal is the server's, not the scenario's, failure). */
async function control(session: ScenarioSession, path: string, json: unknown, what: string) {
  session.need("control", what);
  const exchange = await session.exchange({ method: "POST", path, json });
  return { exchange, value: exchange.body };
}

/** `{slots}` or `{seconds}`; `land` without either moves one slot, so what was submitted lands. */
function timeOf(args: Record<string, unknown>, fallback: { slots: number } | null): { slots: number } | { seconds: number } {
  if (args.slots !== undefined && args.seconds !== undefined) throw new ScenarioFailedSignal("give slots or seconds, not both");
  if (args.slots !== undefined) return { slots: Number(args.slots) };
  if (args.seconds !== undefined) return { seconds: Number(args.seconds) };
  if (fallback) return fallback;
  throw new ScenarioFailedSignal("advance needs slots or seconds");
}

export const advanceStep: StepHandler = (args, session) => control(session, "/devnet/advance", timeOf(args, null), "advancing time");
export const landStep: StepHandler = (args, session) =>
  control(session, "/devnet/advance", timeOf(args, { slots: 1 }), "landing (moving a slot)");

export const airdropStep: StepHandler = (args, session) =>
  control(
    session,
    "/devnet/airdrop",
    {
      wallet: session.address(args.wallet),
      ...(args.lamports === undefined ? {} : { lamports: String(args.lamports) }),
      ...(args.mint === undefined ? {} : { mint: args.mint, amount: String(args.amount) }),
    },
    "the faucet",
  );

export const priceStep: StepHandler = async (args, session) => {
  session.need("control", "moving a price");
  let priceSol = args.priceSol === undefined ? undefined : Number(args.priceSol);
  if (args.factor !== undefined) {
    const assets = await session.exchange({ method: "GET", path: "/v1/assets" });
    const asset = (assets.body as { assets?: { mint: string; priceSol: number }[] } | undefined)?.assets?.find(
      (row) => row.mint === args.mint,
    );
    if (!asset) throw new ScenarioFailedSignal(`price: GET /v1/assets lists no component ${String(args.mint)}`);
    priceSol = asset.priceSol * Number(args.factor);
  }
  if (priceSol === undefined) throw new ScenarioFailedSignal("price needs priceSol or factor");
  return control(session, "/devnet/prices", { mint: args.mint, priceSol }, "moving a price");
};

export const graduateStep: StepHandler = (args, session) =>
  control(session, "/devnet/graduate", { launch: args.launch }, "forcing graduation");

export const faultStep: StepHandler = (args, session) => {
  if ((args.transaction === undefined) === (args.stream === undefined)) throw new ScenarioFailedSignal("fault: give transaction or stream");
  if (args.transaction !== undefined)
    return control(
      session,
      "/devnet/faults/transaction",
      {
        kind: args.transaction,
        ...(args.slots === undefined ? {} : { slots: Number(args.slots) }),
        ...(args.wallet === undefined ? {} : { wallet: session.address(args.wallet) }),
      },
      "fault injection",
    );
  return control(
    session,
    "/devnet/faults/stream",
    {
      kind: args.stream,
      ...(args.frames === undefined ? {} : { frames: Number(args.frames) }),
      ...(args.kinds === undefined ? {} : { kinds: args.kinds }),
    },
    "fault injection",
  );
};
