import type { oas31 } from "openapi3-ts";
import type { CheckContext } from "../../engine/check.ts";

/** A POST operation of the specification with a body the server can read (valid, or refused only for what it names). */
export interface BodyOperation {
  readonly path: string;
  readonly schema: oas31.SchemaObject;
  readonly base: Record<string, unknown>;
}

/**
 * A plausible body for every `/v1` POST operation of the document, built from what the
 * server listed: the suite mutates one field at a time from here. Operations whose base
 * cannot be written (no launch, no component mint) are left out.
 */
export function bodyOperations(context: CheckContext): BodyOperation[] {
  const launch = context.samples.launches.find((sample) => sample.status === "activeBonding") ?? context.samples.launches[0];
  const creator = context.samples.creators[0];
  const mint = context.samples.componentMints[0];
  const bases: Record<string, Record<string, unknown> | undefined> = {
    "/v1/trades/quote": launch && { launch: launch.address, direction: "buy", amountIn: "10000000", mode: "exactInSol", preview: true },
    "/v1/trades/build": creator === undefined ? undefined : { quoteId: "conformance-unknown-quote", wallet: creator },
    "/v1/transactions/submit": { transaction: "AAAA" },
    "/v1/launches/build-create":
      creator === undefined || mint === undefined
        ? undefined
        : { symbol: "NEG", name: "Negative", components: [{ mint, targetBps: 10_000 }], creator },
  };
  const out: BodyOperation[] = [];
  for (const [path, base] of Object.entries(bases)) {
    const schema = (context.documents.openapi.paths?.[path]?.post?.requestBody as oas31.RequestBodyObject | undefined)?.content?.[
      "application/json"
    ]?.schema as oas31.SchemaObject | undefined;
    if (base && schema?.properties) out.push({ path, schema, base });
  }
  return out;
}

/** A GET operation's query or path parameter with its schema. */
export interface ParameterTarget {
  readonly template: string;
  readonly name: string;
  readonly in: "query" | "path";
  readonly schema: oas31.SchemaObject;
}

/** The path of `template` with its path parameters filled from samples (a launch for `id`, a creator for `wallet`…). */
export function fillPath(context: CheckContext, template: string, override: Record<string, string> = {}): string | null {
  // A collectible route names a collectible: any other launch is rightly a 404 there.
  const launch = template.startsWith("/v1/collectibles/")
    ? context.samples.launches.find((sample) => sample.kind === "collectibles")
    : context.samples.launches[0];
  const values: Record<string, string | undefined> = {
    id: launch?.address,
    wallet: context.samples.creators[0],
    signature: context.samples.signatures[0],
    ...override,
  };
  let missing = false;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : path;
}

/** Every parameter of the specification's GET routes (not `/devnet/`, not media) with a schema. */
/**
 * Parameters whose values the specification does not give ("not shown"): the trending and
 * assets routes' parameters, the collectibles list's `stage` and `group`, and how the status
 * route takes `lastValidBlockHeight`. Our document's rules for them are our own, so no check
 * generates values from them.
 */
function unstated(template: string, name: string): boolean {
  if (template === "/v1/launches/trending" || template === "/v1/assets") return true;
  if (template === "/v1/collectibles" && (name === "stage" || name === "group")) return true;
  return template === "/v1/transactions/{signature}" && name === "lastValidBlockHeight";
}

export function parameterTargets(context: CheckContext): ParameterTarget[] {
  const out: ParameterTarget[] = [];
  for (const [template, item] of Object.entries(context.documents.openapi.paths ?? {})) {
    if (!template.startsWith("/v1/") || template.startsWith("/v1/media")) continue;
    for (const parameter of (item.get?.parameters ?? []) as oas31.ParameterObject[]) {
      if (unstated(template, parameter.name)) continue;
      if ((parameter.in === "query" || parameter.in === "path") && parameter.schema) {
        out.push({ template, name: parameter.name, in: parameter.in, schema: parameter.schema as oas31.SchemaObject });
      }
    }
  }
  return out;
}
