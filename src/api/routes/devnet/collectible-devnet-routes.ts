import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { Address as SolanaAddress } from "@solana/kit";
import type { FastifyReply } from "fastify";
import type { DevnetControl } from "../../../control/devnet-control.ts";
import { type Result, apiError } from "../../../errors/index.ts";
import { COLLECTIBLE_STAGES } from "../../../programs/index.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { stringEnum } from "../../schemas/common-parameters.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";
import { Address, Signature } from "../../../wire/wire-fields.ts";
import { ControlBody } from "./control-body.ts";

const tags = ["devnet"];

const Stage = (description: string) => stringEnum(COLLECTIBLE_STAGES, { description });

const CollectiblePushedSchema = Type.Object(
  {
    launch: Address("The collectible's launch address."),
    stage: Stage("The collectible's stage now."),
    stillHeld: Type.Boolean({ description: "True while the card is in the collectible's custody (from stage pooling until a release)." }),
    steps: Type.Array(
      Type.Object(
        {
          step: stringEnum(["complete", "fund", "swap", "acquire", "migrate", "release"] as const, {
            description:
              "`complete`: the faucet bought the rest of the curve (→ funding); `fund`, `swap`, `acquire`, `migrate`: the crank steps (→ swapping, acquiring, pooling, tradable); `release`: the card left custody.",
          }),
          stage: Stage("The stage the step left the collectible at."),
          signature: Signature("The step's transaction, landed."),
          did: Type.String({ description: "What the step did, in a sentence." }),
        },
        { additionalProperties: false, description: "One step run, in order." },
      ),
      { maxItems: 5, description: "The steps run by this request, in order (a crank of `all` runs up to four)." },
    ),
  },
  { additionalProperties: false, description: "A collectible after the control request." },
);

const LaunchField = Address("A collectible's launch address (GET /v1/collectibles lists them).");

const refusals = (stageSentence: string) =>
  errorResponses({
    400: ["INVALID_BODY"],
    404: ["LAUNCH_NOT_FOUND", "NOT_FOUND"],
    409: [apiError("DEVNET_REFUSED", { reason: stageSentence }).body],
    500: ["INTERNAL"],
  });

function send<T>(reply: FastifyReply, result: Result<T>) {
  return result.ok ? result.value : sendApiError(reply, result.error);
}

/**
 * `/devnet/collectibles/…`: push a collectible through its stages by real transactions,
 * so tests and scenarios reach every stage on demand (the keeper does the same on its own
 * for collectibles that are not the world's parked exhibits). A launch that is not a listed
 * collectible is a 404; a request at the wrong stage a 409 whose sentence names the stage.
 */
export const collectibleDevnetRoutes: FastifyPluginAsyncTypebox<{ readonly control: DevnetControl }> = async (app, { control }) => {
  app.post(
    "/collectibles/complete",
    {
      schema: {
        operationId: "devnetCompleteCollectible",
        summary: "Sell out a raising collectible's curve",
        description:
          "The faucet buys what is left on the curve of a collectible at stage `raising`, paying with wrapped SOL; the collectible lands at stage `funding` (status `graduationPending`). Refused (409) at any other stage.",
        tags,
        body: ControlBody({ launch: LaunchField }),
        response: {
          200: CollectiblePushedSchema,
          ...refusals("collectible 5Bs… is at stage tradable: only a collectible still raising has a curve to complete"),
        },
      },
    },
    async (request, reply) => send(reply, await control.collectibles.complete(request.body.launch as SolanaAddress)),
  );

  app.post(
    "/collectibles/crank",
    {
      schema: {
        operationId: "devnetCrankCollectible",
        summary: "Run a collectible's next crank step, or all of them",
        description:
          "From `funding` the steps are fund (→ `swapping`), swap (→ `acquiring`), acquire (→ `pooling`, the card in custody, the seller paid, the surplus to the treasury) and migrate (→ `tradable`, the token↔wSOL pool open). `steps: next` (default) runs one, `all` runs every step left. The faucet pays; any wallet may crank on chain. Refused (409) while `raising` (complete the curve first) and once `tradable`, or when a step fails on chain (the sentence carries the program's error: a swap whose venue price moved past the listing's buffer).",
        tags,
        body: ControlBody({
          launch: LaunchField,
          steps: Type.Optional(
            stringEnum(["next", "all"] as const, { description: "`next`: one step; `all`: every step until tradable.", default: "next" }),
          ),
        }),
        response: {
          200: CollectiblePushedSchema,
          ...refusals(
            "collectible 5Bs… is still raising: its curve must sell out before a crank step runs (POST /devnet/collectibles/complete)",
          ),
        },
      },
    },
    async (request, reply) =>
      send(reply, await control.collectibles.crank(request.body.launch as SolanaAddress, request.body.steps ?? "next")),
  );

  app.post(
    "/collectibles/release",
    {
      schema: {
        operationId: "devnetReleaseCard",
        summary: "Release a collectible's card from custody",
        description:
          "The collectible's custodian (a key of this devnet) signs `release_card`: the card moves from custody to `wallet`'s token account of the card mint (created if missing; default the custodian's own), the vault shows it `stillHeld: false` and the stream announces it. Refused (409) before stage `pooling` (the card is not in custody yet) and once released.",
        tags,
        body: ControlBody({
          launch: LaunchField,
          wallet: Type.Optional(Address("The wallet receiving the card; default the custodian.")),
        }),
        response: {
          200: CollectiblePushedSchema,
          ...refusals("collectible 5Bs… is at stage swapping: its card enters custody at stage pooling, and only then can leave it"),
        },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await control.collectibles.release(request.body.launch as SolanaAddress, request.body.wallet as SolanaAddress | undefined),
      ),
  );
};
