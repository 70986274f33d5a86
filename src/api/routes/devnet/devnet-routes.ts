import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import { type Address, isAddress } from "@solana/kit";
import type { FastifyReply } from "fastify";
import { CLOCK_MODES } from "../../../chain/virtual-clock.ts";
import type { ControlResult, DevnetControl } from "../../../control/devnet-control.ts";
import { apiError } from "../../../errors/index.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { stringEnum } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { ADDRESS_PATTERN, ADDRESS_RULE } from "../../schemas/parameter-patterns.ts";

const AMOUNT = "^(0|[1-9][0-9]{0,19})$";
/** The faucet hands out at most a million SOL a call: enough for any test, bounded for a typo. */
const MAX_AIRDROP_LAMPORTS = 1_000_000n * 1_000_000_000n;
const tags = ["devnet"];

const ClockSchema = Type.Object(
  {
    mode: stringEnum(CLOCK_MODES, {
      description: "`realtime` (a slot every 400 ms), `manual` (only when told) or `per-transaction` (each submission lands at once).",
    }),
    slot: Type.Integer(),
    blockHeight: Type.Integer(),
    unixTimestamp: Type.Integer(),
    unixMillis: Type.Integer(),
    blockhash: Type.String(),
    lastValidBlockHeight: Type.Integer(),
  },
  { additionalProperties: false },
);

function send<T>(reply: FastifyReply, result: ControlResult<T>) {
  return result.ok ? result.value : sendApiError(reply, result.failure);
}

function badAddress(reply: FastifyReply, field: string, value: string | undefined): FastifyReply | null {
  return value === undefined || isAddress(value) ? null : sendApiError(reply, apiError("INVALID_BODY", { field, rule: ADDRESS_RULE }));
}

/**
 * `/devnet/…`: the simulator's own controls, outside `/v1` and absent from the real service.
 * The conformance suite uses them when present and skips the checks that need them otherwise.
 */
export const devnetRoutes: FastifyPluginAsyncTypebox<{ readonly control: DevnetControl }> = async (app, { control }) => {
  app.post(
    "/airdrop",
    {
      schema: {
        operationId: "devnetAirdrop",
        summary: "Give a wallet SOL or a component",
        description:
          "`{wallet, lamports}` adds SOL (at most 1,000,000 SOL a call); `{wallet, mint, amount}` mints a component into the wallet's associated token account. Both may come together.",
        tags,
        body: Type.Object({
          wallet: Type.String({ pattern: ADDRESS_PATTERN, description: "The wallet to fund." }),
          lamports: Type.Optional(Type.String({ pattern: AMOUNT, description: "Lamports, as a decimal string." })),
          mint: Type.Optional(Type.String({ pattern: ADDRESS_PATTERN, description: "A component mint (GET /v1/assets)." })),
          amount: Type.Optional(Type.String({ pattern: AMOUNT, description: "Component base units, with `mint`." })),
        }),
        response: {
          200: Type.Object(
            {
              wallet: Type.String(),
              solLamports: Type.String(),
              mint: Type.Union([Type.String(), Type.Null()]),
              tokenAmount: Type.Union([Type.String(), Type.Null()]),
            },
            { additionalProperties: false },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { wallet, lamports, mint, amount } = request.body;
      const refused = badAddress(reply, "wallet", wallet) ?? badAddress(reply, "mint", mint);
      if (refused) return refused;
      if (lamports === undefined && mint === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "lamports", rule: "or mint and amount must be given" }));
      if ((mint === undefined) !== (amount === undefined))
        return sendApiError(reply, apiError("INVALID_BODY", { field: "amount", rule: "goes with mint, and mint with amount" }));
      if (lamports !== undefined && BigInt(lamports) > MAX_AIRDROP_LAMPORTS)
        return sendApiError(
          reply,
          apiError("INVALID_BODY", { field: "lamports", rule: `must be at most ${MAX_AIRDROP_LAMPORTS} (a million SOL)` }),
        );
      if (amount !== undefined && BigInt(amount) > 2n ** 62n)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "amount", rule: `must be at most ${2n ** 62n}` }));
      return send(
        reply,
        await control.airdrop({
          wallet: wallet as Address,
          ...(lamports === undefined ? {} : { lamports: BigInt(lamports) }),
          ...(mint === undefined ? {} : { mint: mint as Address, amount: BigInt(amount!) }),
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
        body: Type.Object({ mode: stringEnum(CLOCK_MODES, { description: "The new mode." }) }),
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
          "`{slots}` (1 to 1,000,000) or `{seconds}` (up to 30 days, rounded up to whole 400 ms slots). Queued transactions land at each boundary on the way; bots act at each slot.",
        tags,
        body: Type.Object({
          slots: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 30 * 86_400 })),
        }),
        response: {
          200: Type.Composite([
            ClockSchema,
            Type.Object({ landed: Type.Integer({ description: "Transactions that landed on the way." }) }),
          ]),
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
        body: Type.Object({
          mint: Type.String({ pattern: ADDRESS_PATTERN }),
          priceSol: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
        }),
        response: {
          200: Type.Object(
            { mint: Type.String(), priceSol: Type.Number(), lamportsReserve: Type.String(), componentReserve: Type.String() },
            { additionalProperties: false },
          ),
          ...errorResponses({ 400: ["INVALID_BODY"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) =>
      badAddress(reply, "mint", request.body.mint) ??
      send(reply, await control.setPrice(request.body.mint as Address, request.body.priceSol)),
  );

  app.post(
    "/graduate",
    {
      schema: {
        operationId: "devnetGraduate",
        summary: "Force a launch through graduation",
        description: "The faucet buys what is left on the curve, then every component migrates to its pair pool, all by real transactions.",
        tags,
        body: Type.Object({ launch: Type.String({ pattern: ADDRESS_PATTERN }) }),
        response: {
          200: Type.Object({ launch: Type.String(), status: Type.String() }, { additionalProperties: false }),
          ...errorResponses({ 400: ["INVALID_BODY"], 404: ["LAUNCH_NOT_FOUND"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) =>
      badAddress(reply, "launch", request.body.launch) ?? send(reply, await control.graduate(request.body.launch as Address)),
  );

  const SnapshotSchema = Type.Object({ id: Type.String(), slot: Type.Integer() }, { additionalProperties: false });
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
        body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) }),
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
        description:
          "Arms a fault for the next submission only: `drop` accepts it and never lands it (its status stays unknown, then expired past its lastValidBlockHeight); `delay` lands it `slots` later than usual.",
        tags,
        body: Type.Object({
          kind: stringEnum(["drop", "delay"] as const, { description: "`drop`: it never lands; `delay`: it lands `slots` later." }),
          slots: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        }),
        response: {
          200: Type.Object({ armed: Type.String() }, { additionalProperties: false }),
          ...errorResponses({ 400: ["INVALID_BODY"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { kind, slots } = request.body;
      if (kind === "delay" && slots === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "slots", rule: "is required with kind delay" }));
      return control.transactionFault(kind === "drop" ? { kind } : { kind, slots: slots! });
    },
  );

  app.post(
    "/faults/stream",
    {
      schema: {
        operationId: "devnetStreamFault",
        summary: "Disturb the stream",
        description:
          "`drop` or `duplicate` the next `frames` frames to every socket, send `resync` now, or `close` every socket with 1001.",
        tags,
        body: Type.Object({
          kind: stringEnum(["drop", "duplicate", "resync", "close"] as const, { description: "What to do." }),
          frames: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
        }),
        response: {
          200: Type.Object({ applied: Type.String() }, { additionalProperties: false }),
          ...errorResponses({ 400: ["INVALID_BODY"], 409: ["DEVNET_REFUSED"], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { kind, frames } = request.body;
      if ((kind === "drop" || kind === "duplicate") && frames === undefined)
        return sendApiError(reply, apiError("INVALID_BODY", { field: "frames", rule: `is required with kind ${kind}` }));
      return send(reply, control.streamFault(kind === "drop" || kind === "duplicate" ? { kind, frames: frames! } : { kind }));
    },
  );
};
