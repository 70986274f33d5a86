import type { ExchangeRequest } from "../../src/client/basket-client.ts";
import type { CheckContext } from "../engine/check.ts";

/** What a valid creation body needs from the server: component mints and a creator wallet. */
export function creationMaterial(context: CheckContext): { mints: readonly string[]; creator: string } {
  const mints = context.samples.componentMints;
  if (mints.length === 0) context.skip("the server names no component mint (GET /v1/assets), so no valid creation body can be written");
  const creator = context.samples.creators[0] ?? context.noSample("launch creator to name as `creator`");
  return { mints, creator };
}

/** Weights of `count` components summing to 10000, over the server's mints in turn. */
export function creationComponents(mints: readonly string[], count: number): { mint: string; targetBps: number }[] {
  return Array.from({ length: count }, (_, index) => ({
    mint: mints[index % mints.length] as string,
    targetBps: Math.floor(10_000 / count) + (index === 0 ? 10_000 % count : 0),
  }));
}

/**
 * `POST /v1/launches/build-create` of a valid body (one component, a known creator) with
 * `fields` over it: the specification's required fields and nothing else unless asked.
 */
export function creationRequest(context: CheckContext, fields: Record<string, unknown> = {}): ExchangeRequest {
  const { mints, creator } = creationMaterial(context);
  return {
    method: "POST",
    path: "/v1/launches/build-create",
    json: { symbol: "BOUND", name: "Boundary", components: creationComponents(mints, 1), creator, ...fields },
  };
}
