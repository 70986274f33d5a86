import { type Static, Type } from "@sinclair/typebox";
import { Address, wireString } from "../../wire/wire-fields.ts";
import { PlanStepSchema } from "./plan-step.ts";

/** The body of `POST /v1/launches/build-create`'s answer. */
export const BuildCreateResponseSchema = Type.Object(
  {
    launch: Address("The launch address the plan creates."),
    primaryMint: Address("The launch token's mint."),
    transaction: wireString("base64", { description: "The last entry of `plan`." }),
    lastValidBlockHeight: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The block height past which the plan's blockhash expires.",
    }),
    plan: Type.Array(PlanStepSchema),
  },
  { additionalProperties: false },
);

export type BuildCreateResponse = Static<typeof BuildCreateResponseSchema>;
