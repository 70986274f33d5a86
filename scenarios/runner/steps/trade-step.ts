import { ScenarioFailedSignal } from "../scenario-signals.ts";
import type { StepHandler } from "./step-handler.ts";
import { buildStep, quoteStep, signStep, statusStep, submitStep } from "./http-steps.ts";
import { landStep } from "./control-steps.ts";

const LANDED = new Set(["confirmed", "finalized"]);

/**
 * The specification's flow in order, each step landed before the next is sent: how a
 * scenario sets its stage (a wallet that already traded, a delta on the cards stream).
 * Every answer is in the transcript; anything but a landed plan fails the scenario.
 */
export const tradeStep: StepHandler = async (args, session) => {
  session.need("control", "a trade (landing its steps)");
  const { wallet, ...quoteArgs } = args;
  const quoted = await quoteStep({ ...quoteArgs, wallet, preview: false }, session);
  const quote = quoted.value as { quoteId?: string } | undefined;
  if (quoted.exchange?.status !== 200 || !quote?.quoteId)
    throw new ScenarioFailedSignal(`trade: the quote was refused (${quoted.exchange?.status})`, "", 200, quoted.exchange?.body);
  const built = await buildStep({ quoteId: quote.quoteId, wallet }, session);
  if (built.exchange?.status !== 200)
    throw new ScenarioFailedSignal(`trade: the build was refused (${built.exchange?.status})`, "", 200, built.exchange?.body);
  const signed = (await signStep({ wallet, plan: built.also!.plan }, session)).value as { signature: string; transaction: string }[];
  const lastValidBlockHeight = (built.value as { lastValidBlockHeight: number }).lastValidBlockHeight;
  const statuses: unknown[] = [];
  for (const [index, step] of signed.entries()) {
    const submitted = await submitStep({ transaction: step.transaction, quoteId: quote.quoteId }, session);
    if (submitted.exchange?.status !== 200)
      throw new ScenarioFailedSignal(
        `trade: step ${index + 1} was refused at submit (${submitted.exchange?.status})`,
        "",
        200,
        submitted.exchange?.body,
      );
    await landStep({}, session);
    const status = (await statusStep({ signature: step.signature, lastValidBlockHeight }, session)).value as { status?: string };
    statuses.push(status);
    if (!LANDED.has(String(status?.status)))
      throw new ScenarioFailedSignal(`trade: step ${index + 1} did not land`, "", "confirmed", status);
  }
  // Like the steps it stands for, it leaves `quote`, `build` and `plan` for later steps.
  return {
    value: { quote, build: built.value, signatures: signed.map((step) => step.signature), statuses },
    also: { quote, build: built.value, plan: built.also!.plan },
  };
};
