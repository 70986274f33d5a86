import { type SchemaOptions, Type } from "@sinclair/typebox";
import { LAUNCH_KINDS, LAUNCH_STATUSES } from "../../programs/index.ts";
import { UnixSeconds } from "../../wire/wire-fields.ts";

/**
 * The field types every record shares, as the specification names them: `amount` (a
 * base-units decimal string), `ISO`, `unix`, addresses. One place, so the OpenAPI document
 * spells each the same way everywhere. Addresses, signatures and amounts are the wire
 * module's (pattern, format and rule sentence), like every other schema of the project.
 */
export { Address, Amount, Bps, Signature } from "../../wire/wire-fields.ts";

export const Iso = (description: string) => Type.String({ format: "date-time", description });
export const Unix = UnixSeconds;
export const Int = (description: string, options: SchemaOptions = {}) => Type.Integer({ ...options, description });
export const Num = (description: string) => Type.Number({ description });
export const Text = (description: string) => Type.String({ description });
export const Bool = (description: string) => Type.Boolean({ description });

export const LaunchStatusField = (description: string) =>
  Type.Union(
    LAUNCH_STATUSES.map((status) => Type.Literal(status)),
    { description },
  );
export const LaunchKindField = (description: string) =>
  Type.Union(
    LAUNCH_KINDS.map((kind) => Type.Literal(kind)),
    { description },
  );
export const Direction = (description: string) => Type.Union([Type.Literal("buy"), Type.Literal("sell")], { description });
