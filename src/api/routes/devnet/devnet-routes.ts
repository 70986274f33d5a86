import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { Address as SolanaAddress } from "@solana/kit";
import type { FastifyReply } from "fastify";
import { MAX_AIRDROP_LAMPORTS } from "../../../chain/devnet.ts";
import { CLOCK_MODES } from "../../../chain/virtual-clock.ts";
import { type DevnetControl, MAX_ARMED_FAULTS } from "../../../control/devnet-control.ts";
import { type Result, apiError } from "../../../errors/index.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { stringEnum } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { Address, Amount, U64, U64_MAX } from "../../../wire/wire-fields.ts";
import { collectibleDevnetRoutes } from "./collectible-devnet-routes.ts";
import { SERVER_FRAME_KINDS } from "../../../stream/frames/server-frames.ts";
import { ControlBody } from "./control-body.ts";

/** A component airdrop mints at most 2^62 base units a call, far below what overflows a mint's u64 supply in one go. */
const MAX_AIRDROP_AMOUNT = 2n ** 62n;
/**
 * The longest single advance: ten million slots (about 46 days at 400 ms a slot). Advancing
 * costs O(1) in empty slots, so the bound is there for a typo, not for the server's sake.
 */
const MAX_ADVANCE_SLOTS = 10_000_000;
/** The same span in seconds at the default 400 ms a slot. */
const MAX_ADVANCE_SECONDS = (MAX_ADVANCE_SLOTS * 400) / 1000;
const tags = ["devnet"];

const ClockSchema = Type.Object(
  {
    mode: stringEnum(CLOCK_MODES, {
      description: "`realtime` (a slot every 400 ms), `manual` (only when told) or `per-transaction` (each submission lands at once).",
    }),
    slot: Type.Integer({ minimum: 0, description: "The current slot." }),
    blockHeight: Type.Integer({ minimum: 0, description: "The block height (equal to the slot)." }),
    unixTimestamp: Type.Integer({ description: "Unix seconds of the virtual clock." }),
    unixMillis: Type.Integer({ description: "Unix milliseconds of the virtual clock." }),
    blockhash: Address("The latest blockhash."),
    lastValidBlockHeight: Type.Integer({ minimum: 0, description: "The last block height at which the latest blockhash is valid." }),
  },
  { additionalProperties: false, description: "The simulator's clock." },
);

function send<T>(reply: FastifyReply, result: Result<T>) {
  return result.ok ? result.value : sendApiError(reply, result.error);
}

/**
 * `/devnet/…`: the simulator's own controls, outside `/v1` and absent from the real service.
 * The conformance suite uses them when present and skips the checks that need them otherwise.
 */
export const devnetRoutes: FastifyPluginAsyncTypebox<{ readonly control: DevnetControl }> = async (app, { control }) => {
  await app.register(collectibleDevnetRoutes, { control });

  app.post(
    "/airdrop",
    {
      schema: {
        operationId: "devnetAirdrop",
        summary: "Give a wallet SOL or a component",
        description:
          "`{wallet, lamports}` adds SOL (at most 1,000,000 SOL a call); `{wallet, mint, amount}` mints a component into the wallet's associated token account. Both may come together. An airdrop that would take a balance or a mint's supply past u64 is refused (409) before anything changes.",
        tags,
        body: ControlBody({
          wallet: Address("The wallet to fund."),
          lamports: Type.Optional(U64(`Lamports, as a decimal string; at most ${MAX_AIRDROP_LAMPORTS} (a million SOL).`)),
          mint: Type.Optional(Address("A component mint (GET /v1/assets).")),
          amount: Type.Optional(U64(`Component base units, with \`mint\`; at most ${MAX_AIRDROP_AMOUNT}.`)),
        }),
        response: {
          200: Type.Object(
            {
              wallet: Address("The funded wallet."),
              solLamports: Amount("The wallet's lamports after the airdrop."),
              mint: Type.Union([Address("The component airdropped."), Type.Null()], { description: "The component airdropped, if any." }),
              tokenAmount: Type.Union([Amount("The wallet's balance of the component after the airdrop."), Type.Null()], {
                description: "The wallet's balance of the component after the airdrop, if one was airdropped.",
              }),
            },
            { additionalProperties: false, description: "The wallet's balances after the airdrop." },
          ),
          ...errorResponses({
            400: ["INVALID_BODY"],
            409: [
              apiError("DEVNET_REFUSED", {
                reason: `the wallet holds ${U64_MAX - 1n} lamports; 2 more would pass the u64 maximum ${U64_MAX}`,
              }).body,
            ],
            500: ["INTERNAL"],
          }),
        },
      },
    },
    async (request, reply) => {
      const { wallet, lamports, mint, amount } = request.body;
      if (lamports === undefined && mint === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "lamports", rule: "or mint and amount must be given" }));
      if ((mint === undefined) !== (amount === undefined))
        return sendApiError(reply, apiError("INVALID_BODY", { field: "amount", rule: "goes with mint, and mint with amount" }));
      if (lamports !== undefined && BigInt(lamports) > MAX_AIRDROP_LAMPORTS)
        return sendApiError(
          reply,
          apiError("INVALID_BODY", { field: "lamports", rule: `must be at most ${MAX_AIRDROP_LAMPORTS} (a million SOL)` }),
        );
      if (amount !== undefined && BigInt(amount) > MAX_AIRDROP_AMOUNT)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "amount", rule: `must be at most ${MAX_AIRDROP_AMOUNT}` }));
      return send(
        reply,
        await control.airdrop({
          wallet: wallet as SolanaAddress,
          ...(lamports === undefined ? {} : { lamports: BigInt(lamports) }),
          ...(mint === undefined ? {} : { mint: mint as SolanaAddress, amount: BigInt(amount!) }),
        }),
      );
    },
  );

  app.get(
    "/clock",
    {
      schema: {
        operationId: "devnetClock",
        summary: "The simulator's clock",
        description:
          "Mode, slot, block height (equal to the slot: no slot is skipped), unix time (400 ms a slot from genesis) and the latest blockhash with its lastValidBlockHeight.",
        tags,
        response: { 200: ClockSchema },
      },
    },
    async () => control.clock(),
  );

  app.post(
    "/clock",
    {
      schema: {
        operationId: "devnetSetClockMode",
        summary: "Set the clock mode",
        description:
          "`realtime` lands a slot every 400 ms of wall time (or --slot-ms); `manual` moves only through /devnet/advance; `per-transaction` lands each submission at once in a slot of its own.",
        tags,
        body: ControlBody({ mode: stringEnum(CLOCK_MODES, { description: "The new mode." }) }),
        response: { 200: ClockSchema, ...errorResponses({ 400: ["INVALID_BODY"], 500: ["INTERNAL"] }) },
      },
    },
    async (request) => control.setClockMode(request.body.mode),
  );

  app.post(
    "/advance",
    {
      schema: {
        operationId: "devnetAdvance",
        summary: "Move virtual time",
        description:
          "`{slots}` (1 to 10,000,000) or `{seconds}` (up to 4,000,000, about 46 days; rounded up to whole slots). Queued transactions land at each boundary on the way; bots act at each slot.",
        tags,
        body: ControlBody({
          slots: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SLOTS, description: "Slots to move forward." })),
          seconds: Type.Optional(
            Type.Number({ exclusiveMinimum: 0, maximum: MAX_ADVANCE_SECONDS, description: "Seconds of virtual time to move forward." }),
          ),
        }),
        response: {
          200: Type.Composite(
            [ClockSchema, Type.Object({ landed: Type.Integer({ minimum: 0, description: "Transactions that landed on the way." }) })],
            { description: "The clock after the move, and what landed on the way." },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { slots, seconds } = request.body;
      if ((slots === undefined) === (seconds === undefined))
        return sendApiError(reply, apiError("INVALID_BODY", { field: "slots", rule: "or seconds must be given, not both" }));
      return control.advance({ ...(slots === undefined ? {} : { slots }), ...(seconds === undefined ? {} : { seconds }) });
    },
  );

  app.post(
    "/prices",
    {
      schema: {
        operationId: "devnetSetPrice",
        summary: "Move a component's price",
        description:
          "Moves the component's SOL venue to `priceSol` (SOL per whole token) with single-sided liquidity from the faucet, then samples prices (a `prices` stream frame follows).",
        tags,
        body: ControlBody({
          mint: Address("A component mint (GET /v1/assets)."),
          priceSol: Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: "The new price: SOL per whole token." }),
        }),
        response: {
          200: Type.Object(
            {
              mint: Address("The component."),
              priceSol: Type.Number({ description: "Its venue's spot price after the move: SOL per whole token." }),
              lamportsReserve: Amount("The venue's lamports."),
              componentReserve: Amount("The venue's component base units."),
            },
            { additionalProperties: false, description: "The component's venue after the move." },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => send(reply, await control.setPrice(request.body.mint as SolanaAddress, request.body.priceSol)),
  );

  app.post(
    "/graduate",
    {
      schema: {
        operationId: "devnetGraduate",
        summary: "Force a launch through graduation",
        description: "The faucet buys what is left on the curve, then every component migrates to its pair pool, all by real transactions.",
        tags,
        body: ControlBody({ launch: Address("The launch's address.") }),
        response: {
          200: Type.Object(
            { launch: Address("The launch."), status: Type.String({ description: "Its status after the forced graduation." }) },
            { additionalProperties: false, description: "The launch after graduation." },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 404: ["LAUNCH_NOT_FOUND"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => send(reply, await control.graduate(request.body.launch as SolanaAddress)),
  );

  const SnapshotSchema = Type.Object(
    {
      id: Type.String({ description: "The snapshot's id, to restore." }),
      slot: Type.Integer({ minimum: 0, description: "The slot it holds." }),
    },
    { additionalProperties: false, description: "A snapshot." },
  );
  app.post(
    "/snapshot",
    {
      schema: {
        operationId: "devnetSnapshot",
        summary: "Save the chain, its clock and its statuses",
        description:
          "Keeps up to 16 snapshots in memory and returns the id to restore. Refused while a state directory journals the chain (going back would fork the journal).",
        tags,
        response: { 200: SnapshotSchema, ...errorResponses({ 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }) },
      },
    },
    async (_, reply) => send(reply, control.snapshot()),
  );
  app.post(
    "/restore",
    {
      schema: {
        operationId: "devnetRestore",
        summary: "Go back to a snapshot",
        description:
          "The chain, its clock, transaction statuses and the read model return to the snapshot; stream clients receive `resync`.",
        tags,
        body: ControlBody({ id: Type.String({ minLength: 1, maxLength: 32, description: "A snapshot id from POST /devnet/snapshot." }) }),
        response: {
          200: SnapshotSchema,
          ...errorResponses({ 400: ["INVALID_BODY"], 404: ["NOT_FOUND"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => send(reply, control.restore(request.body.id)),
  );

  app.post(
    "/faults/transaction",
    {
      schema: {
        operationId: "devnetTransactionFault",
        summary: "Drop or delay the next submitted transaction",
        description: `Arms a fault for one submission: \`drop\` accepts it and loses it on the way (its status is pending while its blockhash lives, then expired; the same bytes sent again land, as a rebroadcast does); \`delay\` lands it \`slots\` later than usual. With \`wallet\`, only a transaction that wallet pays for takes it (the world's bots trade past it); without, the next submission of anyone does. Faults queue up and apply oldest first; at most ${MAX_ARMED_FAULTS} wait at once (409 past it). \`DELETE /devnet/faults/transaction\` disarms them, as a restore does.`,
        tags,
        body: ControlBody({
          kind: stringEnum(["drop", "delay"] as const, {
            description: "`drop`: it is lost unless sent again; `delay`: it lands `slots` later.",
          }),
          slots: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: "With `delay`: how many slots later it lands." })),
          wallet: Type.Optional(Address("Only a transaction this wallet pays the fee of takes the fault.")),
        }),
        response: {
          200: Type.Object(
            { armed: Type.String({ description: "The fault now armed." }) },
            { additionalProperties: false, description: "The armed fault." },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { kind, slots, wallet } = request.body;
      if (kind === "delay" && slots === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "slots", rule: "is required with kind delay" }));
      const target = wallet === undefined ? {} : { feePayer: wallet as SolanaAddress };
      return send(reply, control.transactionFault(kind === "drop" ? { kind, ...target } : { kind, slots: slots!, ...target }));
    },
  );

  app.delete(
    "/faults/transaction",
    {
      schema: {
        operationId: "devnetClearTransactionFaults",
        summary: "Disarm the transaction faults not yet applied",
        description:
          "Every fault armed by POST /devnet/faults/transaction and not yet taken by a submission is forgotten; the answer says how many.",
        tags,
        response: {
          200: Type.Object(
            { cleared: Type.Integer({ minimum: 0, maximum: MAX_ARMED_FAULTS, description: "How many armed faults were disarmed." }) },
            { additionalProperties: false, description: "The faults disarmed." },
          ),
          ...errorResponses({ 500: ["INTERNAL"] }),
        },
      },
    },
    async () => control.clearTransactionFaults(),
  );

  app.post(
    "/faults/stream",
    {
      schema: {
        operationId: "devnetStreamFault",
        summary: "Disturb the stream",
        description:
          "`drop` or `duplicate` the next `frames` frames to every socket (of the `kinds` named, when named), send `resync` now, or `close` every socket with 1001.",
        tags,
        body: ControlBody({
          kind: stringEnum(["drop", "duplicate", "resync", "close"] as const, { description: "What to do." }),
          frames: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000, description: "With `drop` or `duplicate`: how many frames." })),
          kinds: Type.Optional(
            Type.Array(stringEnum(SERVER_FRAME_KINDS, { description: "A frame kind." }), {
              minItems: 1,
              maxItems: SERVER_FRAME_KINDS.length,
              uniqueItems: true,
              description: "With `drop` or `duplicate`: only frames of these kinds take the fault; the others pass (default: every kind).",
            }),
          ),
        }),
        response: {
          200: Type.Object(
            { applied: Type.String({ description: "The fault applied." }) },
            { additionalProperties: false, description: "The applied fault." },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { kind, frames, kinds } = request.body;
      if ((kind === "drop" || kind === "duplicate") && frames === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "frames", rule: `is required with kind ${kind}` }));
      if (kind !== "drop" && kind !== "duplicate" && kinds !== undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "kinds", rule: `goes with kind drop or duplicate, not ${kind}` }));
      return send(
        reply,
        control.streamFault(kind === "drop" || kind === "duplicate" ? { kind, frames: frames!, ...(kinds ? { kinds } : {}) } : { kind }),
      );
    },
  );
};
