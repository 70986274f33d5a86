import { type Static, Type } from "@sinclair/typebox";
import { wireString } from "../../wire/wire-fields.ts";
import { PlanStepSchema } from "./plan-step.ts";

/** The body of `POST /v1/trades/build`. */
export const BuildResponseSchema = Type.Object(
  {
    transaction: wireString("base64", { description: "The last entry of `plan`: the settling transaction on a buy." }),
    lastValidBlockHeight: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The block height past which the plan's blockhash expires.",
    }),
    plan: Type.Array(PlanStepSchema, { description: "Sign and land in order; one step settles." }),
  },
  { additionalProperties: false },
);

export type BuildResponse = Static<typeof BuildResponseSchema>;
