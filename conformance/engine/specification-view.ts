import type { oas31 } from "openapi3-ts";

/*
 * Our OpenAPI document, cut down to what the service's specification says, for the checks
 * that judge any implementation's answers by it (`schema.responses.valid` and the like). The
 * document holds our choices too: fields the specification does not list, values it calls
 * "e.g." or "used", list maxima of our world, `null`-only fields it types as strings. A
 * correct server that chose otherwise must not fail there; `schema.responses.exact` judges
 * the whole document, as a decision.
 *
 * What the view keeps: each record's fields that the specification's tables list (required,
 * with our types, widened where the specification is wider), the enumerations it gives in
 * full, each route's top-level fields it names, and `null` where a field may be null. What it
 * drops: `additionalProperties: false`, every other `required`, enumeration, list length (but
 * a recipe's at most 5 components) and numeric range (but `progressBps`'s 0 to 10000, and a unix
 * field's bound of year 9999),
 * `null` as a field's only type, the `date-time` format (the specification says ISO 8601, a
 * wider family: a pattern of it instead), our address rule on fields it types as plain strings
 * (PLAIN_STRINGS), our cents on its decimal strings (DECIMAL_STRINGS), and our shape of what
 * it leaves "not shown" (NOT_SHOWN).
 * Nested fields the specification lists (NESTED_FIELDS) are required too.
 */

/** The collectible record's fields (its list items carry the same). */
const COLLECTIBLE_FIELDS: readonly string[] = [
  "launch",
  "primaryMint",
  "symbol",
  "name",
  "description",
  "imageUri",
  "unnamed",
  "status",
  "stage",
  "row",
  "stalled",
  "belowMinimum",
  "listingMinimumLamports",
  "feeBps",
  "primaryDecimals",
  "totalSupply",
  "mintSupply",
  "lockedReserve",
  "supplyModel",
  "progressBps",
  "priceE12",
  "createdAt",
  "activatedAt",
  "card",
  "acquisition",
  "custody",
  "basket",
  "migration",
  "curve",
  "cardImage",
  "market",
];

/** The fields each record's table in the specification lists: required of any server. */
const RECORD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  LaunchRow: [
    "address",
    "primaryMint",
    "creator",
    "symbol",
    "name",
    "description",
    "imageUri",
    "status",
    "socials",
    "category",
    "components",
    "primaryDecimals",
    "totalSupply",
    "curveInventoryInitial",
    "curveInventoryRemaining",
    "migrationInventory",
    "feeBps",
    "creatorFeeShareBps",
    "virtualPrimaryReserve",
    "virtualDnaReserve",
    "graduationBoundary",
    "progressBps",
    "priceE12",
    "volume24h",
    "volume24hUnit",
    "priceUsd",
    "fdv",
    "marketCap",
    "supplyBasis",
    "circulatingSupply",
    "circulatingMarketCapUsd",
    "supplyModel",
    "lockedReserve",
    "volume24hUsd",
    "buyVolume24hUsd",
    "sellVolume24hUsd",
    "liquidityUsd",
    "liquidityAt",
    "curveDepth",
    "creatorFeesUsd",
    "creatorCurveEarningsUsd",
    "creatorPoolEarningsUsd",
    "curveFeesComplete",
    "solUsd",
    "trades24",
    "buys24",
    "sells24",
    "lastTradeAt",
    "change24Bps",
    "change24Baseline",
    "change24BaselineAt",
    "priceAt24hAgoUsd",
    "ageSeconds",
    "holders",
    "netBuyerCount",
    "createdAt",
    "activatedAt",
    "migration",
    "dnaUnitSol",
    "priceSol",
    "recipeTarget",
    "kind",
    "pairable",
    "pairBlock",
    "pairFigures",
  ],
  Component: [
    "mint",
    "symbol",
    "name",
    "decimals",
    "quantity",
    "logoUri",
    "category",
    "check",
    "valueBps",
    "launchBps",
    "targetBps",
    "valueSol",
  ],
  ShortLaunchRow: ["address", "symbol", "name", "imageUri", "status", "progressBps", "createdAt"],
  TradeRecord: [
    "signature",
    "launch",
    "trader",
    "direction",
    "primaryAmount",
    "dnaUnits",
    "priceE12",
    "progressBps",
    "slot",
    "seq",
    "at",
    "source",
    "solLamports",
    "solValue",
    "solSource",
    "priceSol",
    "priceUsd",
  ],
  LiveTradeRecord: ["signature", "launch", "trader", "symbol", "direction", "primaryAmount", "dnaUnits", "solLamports", "decimals", "at"],
  Candle: ["t", "o", "h", "l", "c", "v", "vUsd", "n"],
  WalletBalances: ["solLamports", "feeReserveLamports", "tokens"],
  WalletToken: ["mint", "amount", "decimals", "symbol", "name", "logoUri", "known"],
  CollectibleRecord: COLLECTIBLE_FIELDS,
  CollectibleDetail: [...COLLECTIBLE_FIELDS, "targetCardImage", "serverTime"],
  CollectibleVault: [
    "launch",
    "primaryMint",
    "symbol",
    "name",
    "unnamed",
    "stage",
    "exists",
    "custody",
    "cards",
    "totals",
    "fees",
    "nextCard",
    "feePurchase",
    "serverTime",
  ],
  VaultCard: [
    "asset",
    "standard",
    "source",
    "isLaunchCard",
    "acquiredAt",
    "signature",
    "spentUsdc",
    "stillHeld",
    "stillHeldCheckedAt",
    "photo",
    "identity",
    "values",
  ],
  // `route` is left out: without a wallet "the answer has a price and no route", absent or null.
  CurveQuote: [
    "quoteId",
    "launch",
    "direction",
    "amountIn",
    "componentTargets",
    "componentFees",
    "componentFunding",
    "fullyCovered",
    "dnaUnitsNet",
    "expectedOut",
    "minOut",
    "priceImpactBps",
    "feeBps",
    "expiresAt",
    "clamped",
    "budgetSolIn",
  ],
  MarketQuote: ["graduated"],
  PoolQuote: ["estimatedAmountOut"],
  ErrorBody: ["error"],
};

/** The fields the specification's table for `record` lists (a component schema's name, e.g. "VaultCard"). */
export function specifiedFields(record: string): readonly string[] {
  return RECORD_FIELDS[record] ?? [];
}

/** Record fields (and routes' own fields) whose values the specification lists in full: their enumerations are kept. */
const FULL_ENUMERATIONS: ReadonlySet<string> = new Set([
  "LaunchRow.status",
  "LaunchRow.kind",
  "ShortLaunchRow.status",
  "TradeRecord.direction",
  "LiveTradeRecord.direction",
  "CurveQuote.direction",
  "CollectibleRecord.row",
  "CollectibleDetail.row",
  // A route's own fields: "`openRule` (always `previousClose`)".
  "GET /v1/launches/{id}/chart.openRule",
]);

/**
 * The top-level fields of each route's answer that the specification names (routes whose
 * answer is a record are judged by the record; routes not listed name none: their answers
 * are "not shown", as the assets list's and build-create's are).
 */
const ROUTE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "GET /v1/launches": ["launches"],
  "GET /v1/launches/trending": ["launches"],
  "GET /v1/launches/almost-paired": ["launches"],
  "GET /v1/launches/{id}/trades": ["dnaUnitSol", "trades", "nextCursor"],
  "GET /v1/launches/{id}/chart": ["dnaUnitSol", "solUsd", "openRule", "candles"],
  "GET /v1/search": ["launches"],
  "GET /v1/trades/live": ["trades"],
  "GET /v1/wallets/{wallet}/created": ["launches"],
  // The page's array is `items` in the specification's sample and `collectibles` in its text: neither alone is required.
  "GET /v1/collectibles": ["serverTime"],
  "POST /v1/trades/quote": ["quote"],
  // "optionally plan".
  "POST /v1/trades/build": ["transaction", "lastValidBlockHeight"],
  "POST /v1/transactions/submit": ["status"],
  "GET /v1/transactions/{signature}": ["status"],
};

type Json = Record<string, unknown>;

/** An ISO 8601 date, with a time (to any fraction of a second) and an offset or Z when it has one. */
const ISO_8601 = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?)?$";
/** The last unix second of year 9999: our document's maximum of every unix field. */
const MAX_UNIX_SECONDS = 253_402_300_799;

/**
 * Fields inside a record or a route's answer whose own fields the specification lists: a
 * path of property names (`[]` for an array's items) and the fields required there.
 */
const NESTED_FIELDS: readonly { readonly at: string; readonly path: readonly string[]; readonly fields: readonly string[] }[] = [
  // "`socials` | object | `website`, `x`, `telegram`, each string or null".
  { at: "LaunchRow", path: ["socials"], fields: ["website", "x", "telegram"] },
  { at: "LaunchRow", path: ["curveDepth"], fields: ["quoteCommittedUsd", "inventoryRemainingUsd"] },
  { at: "LaunchRow", path: ["recipeTarget"], fields: ["pricedAt", "components", "dnaUnitSol", "requestedDnaUnitSol"] },
  { at: "Component", path: ["check"], fields: ["pass", "code", "reason", "checkedAt", "source", "warnings", "tokenProgram"] },
  // "`plan`: an ordered array of `{step int, label string, transaction string (base64), kind string …}`".
  { at: "POST /v1/trades/build", path: ["plan", "[]"], fields: ["step", "label", "transaction", "kind"] },
];

/**
 * Fields the specification types as a plain `string` (or an array of them) where our document
 * names a base58 address: another server's vault asset, custody account or pool may be an id
 * of another kind. The view keeps their type and drops our address rule.
 */
const PLAIN_STRINGS: readonly { readonly at: string; readonly path: readonly string[] }[] = [
  { at: "VaultCard", path: ["asset"] },
  ...["CollectibleRecord", "CollectibleDetail"].flatMap((at) => [
    { at, path: ["card", "nftMint"] },
    { at, path: ["card", "vault"] },
    { at, path: ["acquisition", "swap", "pool"] },
    { at, path: ["custody", "cards", "[]", "asset"] },
    { at, path: ["custody", "account"] },
    { at, path: ["migration", "pools", "[]"] },
    { at, path: ["migration", "positions", "[]"] },
    { at, path: ["cardImage", "asset"] },
  ]),
  { at: "CollectibleDetail", path: ["targetCardImage", "asset"] },
  { at: "CollectibleVault", path: ["custody", "account"] },
  { at: "CollectibleVault", path: ["fees", "assets", "[]", "mint"] },
];

/** "`insuredUsd` decimal string": any decimal, where our document writes cents. */
const DECIMAL_STRINGS: readonly { readonly at: string; readonly path: readonly string[] }[] = [
  { at: "CollectibleVault", path: ["totals", "insuredUsd"] },
  { at: "VaultCard", path: ["values", "insured", "usd"] },
];
const DECIMAL = "^-?[0-9]+(\\.[0-9]+)?$";

/** Calls `change` on the schema at `path` in `schema` (through a union's object branches and an array's items). */
function changeAt(schema: unknown, path: readonly string[], change: (node: Json) => void): void {
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Json;
  for (const branch of [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? [])]) changeAt(branch, path, change);
  if (path.length === 0) return change(node);
  const [head, ...rest] = path;
  changeAt(head === "[]" ? node.items : (node.properties as Json | undefined)?.[head!], rest, change);
}

/** `schema` with `fields` required at `path`. */
function requiredAt(schema: unknown, path: readonly string[], fields: readonly string[]): void {
  changeAt(schema, path, (node) => {
    if (node.type === "object") node.required = [...new Set([...((node.required as string[]) ?? []), ...fields])];
  });
}

const NUMERIC_BOUNDS: ReadonlySet<string> = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]);
/** The ranges the specification's tables state for a record's field: "`progressBps` | int | 0 to 10000". */
const STATED_BOUNDS: ReadonlySet<string> = new Set(["LaunchRow.progressBps"]);
/** The list maxima it states: a launch's recipe is "a basket of up to 5 component tokens" (no least count is stated). */
const STATED_MAX_LENGTHS: ReadonlySet<string> = new Set(["LaunchRow.components"]);

/** A deep copy of `value` loosened as the header says; `keep` decides, at a schema, which `required` and `enum` survive. */
function loosened(
  value: unknown,
  keep: {
    required?: readonly string[];
    enumOf?: (property: string) => boolean;
    enums?: boolean;
    nullBranch?: boolean;
    boundsOf?: (property: string) => boolean;
    bounds?: boolean;
    maxLengthOf?: (property: string) => boolean;
    maxLength?: boolean;
  } = {},
): unknown {
  if (Array.isArray(value)) return value.map((item) => loosened(item, { enums: keep.enums }));
  if (typeof value !== "object" || value === null) return value;
  const schema = value as Json;
  const copy: Json = {};
  for (const [key, item] of Object.entries(schema)) {
    // Values, not schemas: kept as they are.
    if (key === "examples" || key === "example" || key === "default" || key === "const") {
      copy[key] = item;
      continue;
    }
    if (key === "additionalProperties" && item === false) continue;
    if ((key === "maxItems" && !keep.maxLength) || key === "minItems" || (key === "enum" && !keep.enums)) continue;
    // "unix (integer seconds since epoch)": our bound of a unix field, the last second of year
    // 9999, is the type's own (milliseconds pass it), so it stays where our ranges go.
    if (key === "maximum" && item === MAX_UNIX_SECONDS) {
      copy[key] = item;
      continue;
    }
    // Our document's ranges (a plan's steps from 1, a card's grade to 10) are ours; the specification states few.
    if (NUMERIC_BOUNDS.has(key) && !keep.bounds) continue;
    // "ISO (ISO 8601 timestamp string)": a wider family than JSON Schema's date-time, but a date.
    if (key === "format" && item === "date-time") {
      copy.pattern = ISO_8601;
      continue;
    }
    // A field typed null alone (always null here) may be anything there; a union's null branch
    // stays what it is: dropping it would leave `{}`, and the union would accept anything.
    if (key === "type" && item === "null" && !keep.nullBranch) continue;
    if ((key === "anyOf" || key === "oneOf") && Array.isArray(item)) {
      copy[key] = item.map((branch) => loosened(branch, { enums: keep.enums, nullBranch: true }));
      continue;
    }
    if (key === "required" && Array.isArray(item)) {
      const required = (item as string[]).filter((name) => keep.required?.includes(name));
      if (required.length > 0) copy.required = required;
      continue;
    }
    if (key === "properties" && typeof item === "object" && item !== null) {
      const properties: Json = {};
      for (const [name, property] of Object.entries(item as Json)) {
        // A list the specification gives in full keeps its values (as `enum`, or a union of them).
        properties[name] = loosened(property, {
          enums: keep.enums || keep.enumOf?.(name) === true,
          bounds: keep.boundsOf?.(name) === true,
          maxLength: keep.maxLengthOf?.(name) === true,
        });
      }
      copy.properties = properties;
      continue;
    }
    copy[key] = loosened(item, { enums: keep.enums });
  }
  return copy;
}

const OBJECT_OR_NULL = { anyOf: [{ type: "object" }, { type: "null" }] };
/** A collectible's basket: "`components` array. Items: not shown." */
const BASKET = { type: "object", required: ["components"], properties: { components: { type: "array" } } };

/** `ours` (a loosened union of an object and null) with the object's `arrays` holding items of any shape. */
function withAnyItems(ours: Json, arrays: readonly string[]): Json {
  const branches = (ours.anyOf as Json[]).map((branch) => {
    if (branch.type !== "object") return branch;
    const properties = { ...(branch.properties as Json) };
    for (const name of arrays) properties[name] = { type: "array" };
    return { ...branch, properties };
  });
  return { ...ours, anyOf: branches };
}

/**
 * Fields whose shape the specification leaves "not shown" beyond what it types: each becomes
 * what it states (from our loosened schema of the field), so our shape is not demanded of
 * another server.
 */
const NOT_SHOWN: Readonly<Record<string, Readonly<Record<string, (ours: Json) => unknown>>>> = {
  LaunchRow: { migration: () => OBJECT_OR_NULL, pairFigures: () => OBJECT_OR_NULL },
  CollectibleRecord: { basket: () => BASKET },
  // "null or object", null in the sample.
  CollectibleDetail: { basket: () => BASKET, targetCardImage: () => OBJECT_OR_NULL },
  // "Fields of the market quote and the pool quote beyond those named above: not shown."
  MarketQuote: { route: () => OBJECT_OR_NULL },
  PoolQuote: { route: () => OBJECT_OR_NULL },
  // "Items of route.legs and route.venues: not shown"; the route's own fields keep their types.
  CurveQuote: { route: (ours) => withAnyItems(ours, ["legs", "venues"]) },
};

/**
 * Routes answering a record "with differences from" one the specification lists, differences
 * it does not show: the record's fields keep their types where present, and none is required.
 */
const DIFFERING_RECORDS: Readonly<Record<string, string>> = {
  // "Response: a launch record; differences from a list row: not shown."
  "GET /v1/launches/{id}": "LaunchRow",
};

/** The document as the specification would write it: see the header. */
export function specificationView(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  const view = loosened(document) as oas31.OpenAPIObject;
  const schemas = document.components?.schemas ?? {};
  const viewed: Json = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const record = loosened(schema, {
      required: RECORD_FIELDS[name] ?? [],
      enumOf: (property) => FULL_ENUMERATIONS.has(`${name}.${property}`),
      boundsOf: (property) => STATED_BOUNDS.has(`${name}.${property}`),
      maxLengthOf: (property) => STATED_MAX_LENGTHS.has(`${name}.${property}`),
    }) as Json;
    const properties = record.properties as Json | undefined;
    for (const [field, stated] of Object.entries(NOT_SHOWN[name] ?? {}))
      if (properties?.[field] !== undefined) properties[field] = stated(properties[field] as Json);
    for (const { at, path, fields } of NESTED_FIELDS) if (at === name) requiredAt(record, path, fields);
    for (const { at, path } of PLAIN_STRINGS)
      if (at === name)
        changeAt(record, path, (node) => {
          if (node.type !== "string") return;
          delete node.format;
          delete node.pattern;
        });
    for (const { at, path } of DECIMAL_STRINGS)
      if (at === name)
        changeAt(record, path, (node) => {
          if (node.type === "string") node.pattern = DECIMAL;
        });
    viewed[name] = record;
  }
  view.components = { ...view.components, schemas: viewed as oas31.ComponentsObject["schemas"] };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const content = (operation as oas31.OperationObject | undefined)?.responses?.["200"]?.content?.["application/json"];
      const schema = content?.schema as Json | undefined;
      const route = `${method.toUpperCase()} ${path}`;
      const differing = DIFFERING_RECORDS[route];
      if (!schema || ("$ref" in schema && differing === undefined)) continue;
      const viewedOperation = (view.paths?.[path] as Json)[method] as oas31.OperationObject;
      const viewedContent = viewedOperation.responses?.["200"]?.content?.["application/json"] as { schema?: unknown };
      if (differing !== undefined) {
        const { required: _required, ...typed } = viewed[differing] as Json;
        viewedContent.schema = typed;
        continue;
      }
      viewedContent.schema = loosened(schema, {
        required: ROUTE_FIELDS[route] ?? [],
        enumOf: (property) => FULL_ENUMERATIONS.has(`${route}.${property}`),
      });
      for (const { at, path, fields } of NESTED_FIELDS) if (at === route) requiredAt(viewedContent.schema, path, fields);
    }
  }
  return view;
}
