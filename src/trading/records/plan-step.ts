import { type Static, Type } from "@sinclair/typebox";
import { wireString } from "../../wire/wire-fields.ts";

/** One unsigned transaction of a plan, in the order the wallet signs and lands them. */
export const PlanStepSchema = Type.Object(
  {
    step: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "1-based position in the plan." }),
    label: Type.String(),
    transaction: wireString("base64", { description: "Base64 of an unsigned v0 transaction." }),
    kind: Type.Union([Type.Literal("setup"), Type.Literal("trade")], { description: "`setup` or `trade`." }),
    settles: Type.Optional(Type.Literal(true, { description: "Present on the one settling step." })),
  },
  { additionalProperties: false },
);

export type PlanStep = Static<typeof PlanStepSchema>;
