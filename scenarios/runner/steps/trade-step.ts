import type { Exchange } from "../../../src/client/basket-client.ts";
import { ScenarioFailedSignal } from "../scenario-signals.ts";
import type { StepHandler } from "./step-handler.ts";
import { buildStep, quoteStep, signStep, statusRequest, statusStep, submitStep } from "./http-steps.ts";
import { landStep } from "./control-steps.ts";

const LANDED = new Set(["confirmed", "finalized"]);
/** Without /devnet/ control a step lands when the server's clock reaches it: how long to wait, and how often to ask. */
const LAND_WAIT_MS = 30_000;
const POLL_MS = 250;

/** A refused answer as a clause: its status, and its code and sentence when the body has them. */
function refusal(exchange: Exchange | undefined): string {
  const body = exchange?.body as { error?: unknown; code?: unknown } | undefined;
  const code = typeof body?.code === "string" ? ` ${body.code}` : "";
  return `${exchange?.status}${code}${typeof body?.error === "string" ? `: ${body.error}` : ""}`;
}

/**
 * The specification's flow in order, each step landed before the next is sent: how a
 * scenario sets its stage (a wallet that already traded, a delta on the cards stream). A
 * server with /devnet/ control lands each step by moving a slot; one without (any other
 * implementation, reached with a wallet the user funded) lands it on its own clock, and the
 * step asks its status until it leaves `pending`. Every answer is in the transcript; anything
 * but a landed plan fails the scenario.
 */
export const tradeStep: StepHandler = async (args, session) => {
  const { wallet, ...quoteArgs } = args;
  const quoted = await quoteStep({ ...quoteArgs, wallet, preview: false }, session);
  const quote = quoted.value as { quoteId?: string } | undefined;
  if (quoted.exchange?.status !== 200 || !quote?.quoteId)
    throw new ScenarioFailedSignal(`trade: the quote was refused (${refusal(quoted.exchange)})`, "", 200, quoted.exchange?.body);
  const built = await buildStep({ quoteId: quote.quoteId, wallet }, session);
  if (built.exchange?.status !== 200)
    throw new ScenarioFailedSignal(`trade: the build was refused (${refusal(built.exchange)})`, "", 200, built.exchange?.body);
  const signed = (await signStep({ wallet, plan: built.also!.plan }, session)).value as { signature: string; transaction: string }[];
  const lastValidBlockHeight = (built.value as { lastValidBlockHeight: number }).lastValidBlockHeight;
  const statuses: unknown[] = [];
  for (const [index, step] of signed.entries()) {
    const submitted = await submitStep({ transaction: step.transaction, quoteId: quote.quoteId }, session);
    if (submitted.exchange?.status !== 200)
      throw new ScenarioFailedSignal(
        `trade: step ${index + 1} was refused at submit (${refusal(submitted.exchange)})`,
        "",
        200,
        submitted.exchange?.body,
      );
    if (session.capabilities.has("control")) await landStep({}, session);
    else await untilLanded(session, step.signature, lastValidBlockHeight, index + 1);
    const status = (await statusStep({ signature: step.signature, lastValidBlockHeight }, session)).value as { status?: string };
    statuses.push(status);
    if (!LANDED.has(String(status?.status)))
      throw new ScenarioFailedSignal(
        `trade: step ${index + 1} did not land (${String(status?.status)}${typeof (status as { error?: unknown })?.error === "string" ? `: ${(status as { error: string }).error}` : ""})`,
        "",
        "confirmed",
        status,
      );
  }
  // Like the steps it stands for, it leaves `quote`, `build` and `plan` for later steps.
  return {
    value: { quote, build: built.value, signatures: signed.map((step) => step.signature), statuses },
    also: { quote, build: built.value, plan: built.also!.plan },
  };
};

/**
 * Asks the status of a step sent to a server whose clock the run does not move until it is
 * no longer `pending` (or LAND_WAIT_MS have passed), out of the transcript but for one line
 * saying how long it took: the status read after it is the step's answer.
 */
async function untilLanded(
  session: Parameters<StepHandler>[1],
  signature: string,
  lastValidBlockHeight: number,
  step: number,
): Promise<void> {
  const started = performance.now();
  let asked = 0;
  for (;;) {
    const answer = await session.client.exchange(statusRequest(signature, lastValidBlockHeight));
    asked += 1;
    const status = (answer.body as { status?: unknown } | undefined)?.status;
    if (answer.status !== 200 || status !== "pending") break;
    if (performance.now() - started > LAND_WAIT_MS) {
      throw new ScenarioFailedSignal(
        `trade: step ${step} was still pending after ${LAND_WAIT_MS / 1000} s, and without /devnet/ control the run cannot move the server's clock to land it`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  session.line(
    `(step ${step}: no /devnet/ control to land it; asked its status ${asked} time${asked === 1 ? "" : "s"} over ${Math.round(performance.now() - started)} ms)`,
  );
}
