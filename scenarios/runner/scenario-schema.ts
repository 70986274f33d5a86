import { type Static, type TSchema, Type } from "@sinclair/typebox";

/**
 * The scenario format, TypeBox-first: `scenario.schema.json` is generated from it
 * (`npx tsx scenarios/runner/generate-schema.ts`) and a test keeps the file fresh.
 *
 * A step is an object with one key naming its kind (`quote: {…}`), plus optional `as` (the
 * variable its result is kept in), `expect` (what its answer must be) and `note` (why the
 * step is there, shown in the transcript). Any string may hold `${path}` references to
 * earlier results; a string that is only `${path}` stands for the value itself (an array,
 * an object, a number), so `plan: ${build.plan}` hands over the plan.
 */

/** What a `${path}` reference to an earlier result looks like, as a whole value. */
export const REFERENCE_PATTERN = "^\\$\\{[^}]+\\}$";
/** A `${path}` reference: where a number, a boolean or an object is expected, it may come from a variable. */
const Reference = Type.String({ pattern: REFERENCE_PATTERN, description: "A `${path}` reference to an earlier result." });
const Text = (description: string) => Type.String({ description });
const Whole = (description: string, bounds: { minimum?: number; maximum?: number } = {}) =>
  Type.Union([Type.Integer({ ...bounds, description }), Reference]);
const Flag = (description: string) => Type.Union([Type.Boolean({ description }), Reference]);
const Seconds = (description: string) => Type.Union([Type.Number({ exclusiveMinimum: 0, description }), Reference]);
const Anything = (description: string) => Type.Unknown({ description });

/** A value a field must have: a literal (deep partial match for objects) or an operator object. */
export const Pattern = Anything(
  "A literal (objects match when every listed field matches, extra fields allowed; arrays match element by element), " +
    "or an operator object: {eq}, {ne}, {gt}, {gte}, {lt}, {lte} (integers compared exactly, decimal strings included), " +
    "{matches: regex}, {exists: bool}, {oneOf: [...]}, {length: n|operator}, {contains: pattern} (an array element matches).",
);

/** What a step's HTTP answer must be. Without `status`, any 2xx passes and anything else fails the scenario. */
export const AnswerExpectation = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Array(Type.Integer({ minimum: 100, maximum: 599 }))]),
    ),
    error: Type.Optional(Text("A regular expression the body's `error` sentence must match (an `error` must be present).")),
    code: Type.Optional(Text("The body's `code`.")),
    body: Type.Optional(Pattern),
  },
  { additionalProperties: false, description: "What the answer must be." },
);

const WalletRef = Text("A wallet's name (declared under `wallets`) or an address.");

const QuoteArgs = Type.Object(
  {
    launch: Text("The launch address."),
    direction: Type.Union([Type.Literal("buy"), Type.Literal("sell"), Reference]),
    amountIn: Text("Base units, as the specification counts them for the mode."),
    mode: Type.Optional(Type.Union([Type.Literal("exactIn"), Type.Literal("exactOut"), Type.Literal("exactInSol"), Reference])),
    slippageBps: Type.Optional(Whole("Slippage in basis points.")),
    wallet: Type.Optional(WalletRef),
    preview: Type.Optional(Flag("A preview quote (not stored).")),
    tipLamports: Type.Optional(Text("Tip; `0` for none, absent for the server's default.")),
    priorityFee: Type.Optional(Text("`auto` or lamports.")),
  },
  { additionalProperties: false, description: "POST /v1/trades/quote. Result: the answer's `quote` (or the error body)." },
);

const BuildArgs = Type.Object(
  { quoteId: Text("The stored quote's id."), wallet: WalletRef },
  {
    additionalProperties: false,
    description: "POST /v1/trades/build. Result: the answer; `plan` also holds its plan (a one-step plan when none is sent).",
  },
);

const SignArgs = Type.Object(
  {
    wallet: WalletRef,
    transaction: Type.Optional(Text("One base64 transaction to sign.")),
    plan: Type.Optional(Anything("A plan (a `${plan}` reference, which a build or a trade sets): every step is signed, in order.")),
  },
  {
    additionalProperties: false,
    description:
      "Signs with the wallet's key, as a client does. Result: `{transaction, signature}` for one transaction; for a plan an array of `{step, label, settles, transaction, signature}`.",
  },
);

const SubmitArgs = Type.Object(
  {
    transaction: Text("The signed base64 transaction."),
    quoteId: Type.Optional(Text("The quote it was built for.")),
  },
  { additionalProperties: false, description: "POST /v1/transactions/submit. Result: the answer (`signature`, `status`)." },
);

const StatusArgs = Type.Object(
  {
    signature: Text("The transaction's signature."),
    lastValidBlockHeight: Type.Optional(Whole("The build's lastValidBlockHeight, for `expired`.")),
  },
  { additionalProperties: false, description: "GET /v1/transactions/{signature}. Result: the answer." },
);

const TIME_FIELDS = {
  slots: Type.Optional(Whole("Slots to move.", { minimum: 1 })),
  seconds: Type.Optional(Seconds("Seconds of virtual time to move.")),
};
const LandArgs = Type.Object(TIME_FIELDS, {
  additionalProperties: false,
  description:
    "POST /devnet/advance (control): moves time so that what was submitted lands; one slot unless `slots` or `seconds` (not both) says more.",
});
const AdvanceArgs = Type.Object(TIME_FIELDS, {
  additionalProperties: false,
  description:
    "POST /devnet/advance (control): moves the clock by `slots` or `seconds` (exactly one), landing what falls due meanwhile (a quote's 30 s, a blockhash's expiry).",
});

const ReadArgs = Type.Object(
  {
    path: Text("A path under the base URL, e.g. /v1/launches."),
    query: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
    capture: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: "Variables to set from the answer: name → path in the body (`launches[0].address`).",
      }),
    ),
  },
  { additionalProperties: false, description: "Any GET. Result: the body." },
);

const RequestArgs = Type.Object(
  {
    method: Text("The HTTP method."),
    path: Text("A path under the base URL."),
    query: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
    json: Type.Optional(Anything("A JSON body.")),
    raw: Type.Optional(Text("A body sent byte for byte (with `headers`).")),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    capture: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false, description: "Any request (what a recording replays). Result: the body." },
);

const AirdropArgs = Type.Object(
  {
    wallet: WalletRef,
    lamports: Type.Optional(Text("Lamports.")),
    mint: Type.Optional(Text("A component mint, with `amount`.")),
    amount: Type.Optional(Text("Component base units.")),
  },
  { additionalProperties: false, description: "POST /devnet/airdrop (control)." },
);

const PriceArgs = Type.Object(
  {
    mint: Text("A component mint."),
    priceSol: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0 }), Reference])),
    factor: Type.Optional(
      Type.Union([Type.Number({ exclusiveMinimum: 0 }), Reference], { description: "Multiply the current price (GET /v1/assets)." }),
    ),
  },
  { additionalProperties: false, description: "POST /devnet/prices (control): move the component's venue price." },
);

const GraduateArgs = Type.Object(
  { launch: Text("The launch.") },
  { additionalProperties: false, description: "POST /devnet/graduate (control)." },
);

const FaultArgs = Type.Object(
  {
    transaction: Type.Optional(
      Type.Union([Type.Literal("drop"), Type.Literal("delay")], { description: "The next submitted transaction." }),
    ),
    stream: Type.Optional(
      Type.Union([Type.Literal("drop"), Type.Literal("duplicate"), Type.Literal("resync"), Type.Literal("close")], {
        description: "`drop`/`duplicate` the next `frames` frames, send `resync`, or `close` every socket with 1001.",
      }),
    ),
    slots: Type.Optional(Whole("With `transaction: delay`.", { minimum: 1 })),
    wallet: Type.Optional(
      Text("With `transaction`: only a transaction this wallet pays for takes the fault (others, such as bots', pass)."),
    ),
    frames: Type.Optional(Whole("With `stream: drop|duplicate`.", { minimum: 1 })),
    kinds: Type.Optional(
      Type.Array(Type.String({ pattern: "^[a-z]{1,32}$", description: "A frame kind, such as `cards`." }), {
        minItems: 1,
        maxItems: 32,
        uniqueItems: true,
        description:
          "With `stream: drop|duplicate`: only frames of these kinds take the fault (blockhash, ping and the rest pass); default every kind.",
      }),
    ),
  },
  { additionalProperties: false, description: "POST /devnet/faults/* (control). Exactly one of `transaction`, `stream`." },
);

const TradeArgs = Type.Object(
  {
    wallet: WalletRef,
    launch: Text("The launch address."),
    direction: Type.Union([Type.Literal("buy"), Type.Literal("sell"), Reference]),
    amountIn: Text("As for quote."),
    mode: Type.Optional(Type.Union([Type.Literal("exactIn"), Type.Literal("exactOut"), Type.Literal("exactInSol"), Reference])),
    slippageBps: Type.Optional(Whole("Slippage in basis points.")),
  },
  {
    additionalProperties: false,
    description:
      "The whole flow in order (quote, build, sign, submit each step and land it): what a scenario does to set a stage. A server with /devnet/ control lands each step by moving a slot; without it, the step waits (up to 30 s) for the server's own clock to land it. Result: `{quote, build, signatures, statuses}`; fails the scenario unless every step lands.",
  },
);

const ConnectArgs = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: "Open this many sockets (a crowd); default 1." })),
    hello: Type.Optional(Type.Boolean({ description: "Wait for `hello` (default true unless count > 1)." })),
  },
  { additionalProperties: false, description: "Opens a socket on /v1/stream named by `as` (default `stream`)." },
);

const SendArgs = Type.Object(
  {
    socket: Type.Optional(Text("The socket's name (default `stream`).")),
    frame: Type.Optional(Anything("A JSON frame.")),
    raw: Type.Optional(Text("Text sent unchanged.")),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: "Send it this many times (a flood)." })),
  },
  { additionalProperties: false, description: "Sends a frame." },
);

const StreamExpectArgs = Type.Object(
  {
    socket: Type.Optional(Text("The socket's name (default `stream`).")),
    frame: Type.Optional(Pattern),
    within: Type.Optional(Type.Integer({ minimum: 1, maximum: 120_000, description: "Milliseconds to wait (default 3000)." })),
    absent: Type.Optional(
      Type.Boolean({
        description:
          "No frame matching `frame` may be waiting (received since the step before this one began and not taken by an expect) or arrive within the time.",
      }),
    ),
    close: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1000, maximum: 4999 }), Pattern], { description: "The socket closes with this code." }),
    ),
  },
  { additionalProperties: false, description: "The next frame matching `frame` (kept in `as`), or the close, within a time." },
);

const StreamCloseArgs = Type.Object(
  {
    socket: Type.Optional(Text("The socket's name.")),
    // The codes RFC 6455 lets an endpoint send (1004–1006 and 1015 are never sent; 1016–2999 are unassigned).
    code: Type.Optional(
      Type.Union(
        [
          Type.Integer({ minimum: 1000, maximum: 1003 }),
          Type.Integer({ minimum: 1007, maximum: 1014 }),
          Type.Integer({ minimum: 3000, maximum: 4999 }),
        ],
        { description: "The code the client closes with (default 1000)." },
      ),
    ),
  },
  { additionalProperties: false },
);

const ExpectArgs = Type.Object(
  {
    that: Type.Optional(Anything("A value (usually a `${path}` reference) that must match `is`.")),
    is: Type.Optional(Pattern),
    balance: Type.Optional(
      Type.Object(
        {
          wallet: WalletRef,
          since: Anything("Balances read earlier (a `balances` step's result)."),
          mint: Type.Optional(Text("A token mint; absent means SOL lamports.")),
          delta: Pattern,
        },
        { additionalProperties: false, description: "The change of a balance since `since` matches `delta` (integers)." },
      ),
    ),
    ledger: Type.Optional(
      Type.Object(
        { wallet: WalletRef, launch: Text("The launch.") },
        {
          additionalProperties: false,
          description:
            "The wallet holds exactly the launch tokens its trades on the launch's whole tape net (buys less sells): what a wallet that began with none and only traded must hold.",
        },
      ),
    ),
    tape: Type.Optional(
      Type.Object(
        {
          launch: Text("The launch."),
          trade: Pattern,
          count: Type.Optional(Pattern),
        },
        {
          additionalProperties: false,
          description: "The launch's tape (newest 200) holds trades matching `trade` (`count` of them, default at least one).",
        },
      ),
    ),
  },
  { additionalProperties: false, description: "A judgement: `that`/`is`, a balance delta, the tape, or a wallet's ledger." },
);

const BalancesArgs = Type.Object(
  { wallet: WalletRef },
  { additionalProperties: false, description: "GET /v1/wallets/{wallet}/balances. Result: the body." },
);

/** Where a step's result is kept when it names no `as`. */
export const DEFAULT_VARIABLE = {
  quote: "quote",
  build: "build",
  sign: "signed",
  submit: "submit",
  status: "status",
  land: null,
  advance: null,
  read: "read",
  request: "response",
  balances: "balances",
  airdrop: null,
  price: null,
  graduate: null,
  fault: null,
  trade: "trade",
  "stream.connect": null,
  "stream.send": null,
  "stream.expect": "frame",
  "stream.close": null,
  expect: null,
} as const;

/**
 * Variables a step sets besides its own (`as`, else its default) when it succeeds: a build's
 * plan (a one-step plan for a build without one), a trade's quote, build and plan; a read's or
 * a request's `capture` names come on top.
 */
export const ALSO_VARIABLES: Readonly<Partial<Record<keyof typeof DEFAULT_VARIABLE, readonly string[]>>> = {
  build: ["plan"],
  trade: ["quote", "build", "plan"],
};

/** Variables every scenario has: its wallets' addresses (`${wallets.alice}`), and the last HTTP answer (`${last.status}`, `${last.body}`). */
export const BUILT_IN_VARIABLES: readonly string[] = ["wallets", "last"];

/** Where a kind's result goes without `as`, in words, for the schema's descriptions. */
function resultHome(kind: string): string {
  const own = (DEFAULT_VARIABLE as Record<string, string | null>)[kind];
  const also = (ALSO_VARIABLES as Record<string, readonly string[] | undefined>)[kind] ?? [];
  const kept = own === null || own === undefined ? "nowhere" : `\`${own}\``;
  return also.length === 0 ? kept : `${kept}; it also sets ${also.map((name) => `\`${name}\``).join(", ")}`;
}

/** A step of `kind`: its arguments under the kind's key, and the keys every step may carry (`expect` judges the step's answer; the `expect` step is itself the judgement). */
const stepOf = <K extends string, T extends TSchema>(kind: K, args: T) =>
  Type.Object(
    {
      as: Type.Optional(
        Type.String({
          pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
          description: `The variable the result is kept in (by default ${resultHome(kind)}).`,
        }),
      ),
      ...(kind === "expect" ? {} : { expect: Type.Optional(AnswerExpectation) }),
      note: Type.Optional(Text("Why this step is here.")),
      [kind]: args,
    } as { [P in K]: T } & { as: TSchema; expect: TSchema; note: TSchema },
    { additionalProperties: false },
  );

export const STEP_SCHEMAS = {
  quote: stepOf("quote", QuoteArgs),
  build: stepOf("build", BuildArgs),
  sign: stepOf("sign", SignArgs),
  submit: stepOf("submit", SubmitArgs),
  status: stepOf("status", StatusArgs),
  land: stepOf("land", LandArgs),
  advance: stepOf("advance", AdvanceArgs),
  read: stepOf("read", ReadArgs),
  request: stepOf("request", RequestArgs),
  balances: stepOf("balances", BalancesArgs),
  airdrop: stepOf("airdrop", AirdropArgs),
  price: stepOf("price", PriceArgs),
  graduate: stepOf("graduate", GraduateArgs),
  fault: stepOf("fault", FaultArgs),
  trade: stepOf("trade", TradeArgs),
  "stream.connect": stepOf("stream.connect", ConnectArgs),
  "stream.send": stepOf("stream.send", SendArgs),
  "stream.expect": stepOf("stream.expect", StreamExpectArgs),
  "stream.close": stepOf("stream.close", StreamCloseArgs),
  expect: stepOf("expect", ExpectArgs),
} as const;

export type StepKind = keyof typeof STEP_SCHEMAS;
// Every kind has its default variable, and no other name has one (a compile-time check).
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies SameKeys<StepKind, keyof typeof DEFAULT_VARIABLE>;
export const STEP_KINDS = Object.keys(STEP_SCHEMAS) as StepKind[];

export const ScenarioStepSchema = Type.Union(Object.values(STEP_SCHEMAS), {
  description: "One step: an object with one key naming its kind.",
});

/** A wallet written as a base58 address (32 bytes) rather than a name declared under `wallets`. */
export const WALLET_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const WalletSchema = Type.Object(
  {
    lamports: Type.Optional(Type.String({ pattern: "^[0-9]{1,20}$", description: "SOL from the faucet, in lamports (default 5 SOL)." })),
    tokens: Type.Optional(
      Type.Array(Type.Object({ mint: Type.String(), amount: Type.String({ pattern: "^[0-9]{1,20}$" }) }, { additionalProperties: false }), {
        description:
          "Components the faucet mints into the wallet before the first step (use an `airdrop` step for a mint read during the run).",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "A wallet the runner holds (its key derives from the seed and the name) and funds from the faucet.",
  },
);

export const WorldSchema = Type.Object(
  {
    launches: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: "Launches in the world (default 60)." })),
    historyHours: Type.Optional(Type.Number({ minimum: 0.1, maximum: 240 })),
    solUsd: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    bots: Type.Optional(Type.Boolean({ description: "Activity bots (default off: nothing trades but the scenario)." })),
    genesisTime: Type.Optional(Type.Integer({ minimum: 0, description: "Unix seconds of slot 0 (default 1767225600, 2026-01-01)." })),
  },
  { additionalProperties: false, description: "The built-in simulator's world (ignored against --base-url)." },
);

/** A declared wallet's name: what `${wallets.NAME}` and `--wallet NAME=FILE` write. */
export const WALLET_NAME_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$";

const HEAD = {
  $schema: Type.Optional(Type.String()),
  name: Type.String({ pattern: "^[a-z0-9][a-z0-9.-]*$", description: "Stable id, kebab-case." }),
  description: Type.String({ minLength: 1, description: "The situation, in a sentence or two." }),
  seed: Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^[A-Za-z0-9._-]{1,64}$" })], {
    description: "The world's seed.",
  }),
  tags: Type.Optional(Type.Array(Type.String())),
  guards: Type.Optional(
    Type.Array(Type.String({ pattern: "^[a-z0-9][a-z0-9-]*$" }), {
      uniqueItems: true,
      description:
        "Injected-bug modes (`basket-devnet bugs`) whose broken rule this scenario shows: with any one of them active on the " +
        "built-in simulator (`--inject-bug`) the scenario fails, and the test suite proves it does. Each must name a mode of the catalogue.",
    }),
  ),
  world: Type.Optional(WorldSchema),
  wallets: Type.Optional(Type.Record(Type.String({ pattern: WALLET_NAME_PATTERN }), WalletSchema)),
};
const ScenarioHeadSchema = Type.Object(HEAD);

export const ScenarioSchema = Type.Object(
  { ...HEAD, steps: Type.Array(ScenarioStepSchema, { minItems: 1 }) },
  { additionalProperties: false, $id: "https://basket-devnet.local/scenario.schema.json", title: "basket-devnet scenario" },
);

/**
 * A step as the runner reads it (the schema has checked it): its kind's arguments under the
 * kind's key. Typed loosely on purpose: the union of twenty step shapes is too deep for the
 * compiler to instantiate, and every handler reads its own arguments.
 */
export type ScenarioStep = { readonly as?: string; readonly note?: string; readonly expect?: unknown } & {
  readonly [kind: string]: unknown;
};
export type Scenario = Static<typeof ScenarioHeadSchema> & { readonly steps: readonly ScenarioStep[] };

/** The kind of a step: its one key that is not `as`, `expect` or `note`. */
export function stepKind(step: ScenarioStep): StepKind {
  // `expect` beside another kind judges that step's answer; alone, it is the step.
  return (Object.keys(step).find((key) => key !== "expect" && (STEP_KINDS as string[]).includes(key)) ?? "expect") as StepKind;
}
export type AnswerExpectationSpec = Static<typeof AnswerExpectation>;
