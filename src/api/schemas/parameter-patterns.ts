import { WIRE_RULES } from "../../wire/wire-fields.ts";

/**
 * What the trade-flow routes still import from here while they move to the wire module
 * (src/wire/wire-fields.ts), which now defines every pattern and rule sentence. Nothing
 * else may import this file; delete it once the trade flow no longer does.
 */
export const ADDRESS_PATTERN = WIRE_RULES.address.pattern;
export const ADDRESS_RULE = WIRE_RULES.address.rule;
