import type { StepKind } from "../scenario-schema.ts";
import { advanceStep, airdropStep, faultStep, graduateStep, landStep, priceStep } from "./control-steps.ts";
import { expectStep } from "./expect-step.ts";
import { balancesStep, buildStep, quoteStep, readStep, requestStep, signStep, statusStep, submitStep } from "./http-steps.ts";
import type { StepHandler } from "./step-handler.ts";
import { connectStep, sendStep, streamCloseStep, streamExpectStep } from "./stream-steps.ts";
import { tradeStep } from "./trade-step.ts";

/** Steps that cannot run without the `/devnet/` control API: a scenario holding one skips against a server without it. */
export const CONTROL_STEPS: ReadonlySet<StepKind> = new Set(["land", "advance", "airdrop", "price", "graduate", "fault"]);

/** The handler of each kind; `stream.connect` needs the socket's name. */
export function handlerOf(kind: StepKind, as: string | undefined): StepHandler {
  switch (kind) {
    case "quote":
      return quoteStep;
    case "build":
      return buildStep;
    case "sign":
      return signStep;
    case "submit":
      return submitStep;
    case "status":
      return statusStep;
    case "land":
      return landStep;
    case "advance":
      return advanceStep;
    case "read":
      return readStep;
    case "request":
      return requestStep;
    case "balances":
      return balancesStep;
    case "airdrop":
      return airdropStep;
    case "price":
      return priceStep;
    case "graduate":
      return graduateStep;
    case "fault":
      return faultStep;
    case "trade":
      return tradeStep;
    case "stream.connect":
      return connectStep(as ?? "stream");
    case "stream.send":
      return sendStep;
    case "stream.expect":
      return streamExpectStep;
    case "stream.close":
      return streamCloseStep;
    case "expect":
      return expectStep;
  }
}
