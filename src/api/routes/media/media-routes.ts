import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import { apiError, quoted } from "../../../errors/index.ts";
import type { MediaLibrary } from "../../../world/media-library.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { errorResponses } from "../../schemas/error-body-schema.ts";

/**
 * The names the library can ever hold: letters, digits, dot, dash, underscore. Checked
 * before the library is asked so that `..`, slashes (even percent-encoded ones, which the
 * router decodes into the parameter) and control characters never reach it.
 */
const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

// The parameter has no pattern on purpose: every unservable name is a 404, not a 400.
const MediaParamsSchema = Type.Object({
  file: Type.String({
    description: "A media file name as records carry it, e.g. `launch-BSKT-a1b2c3.svg` or `token-USDC.svg`.",
    examples: ["token-USDC.svg"],
  }),
});

/** `GET /v1/media/{file}`: generated images, served from memory. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ readonly media: MediaLibrary }> = async (app, { media }) => {
  app.get(
    "/media/:file",
    {
      schema: {
        operationId: "getMedia",
        summary: "An image referenced by a record",
        description:
          "Launch images and component logos as SVG, generated deterministically from the file name (records' `imageUri` and `logoUri` point here). Any other name — including `..` or encoded slashes — is a 404 with the error body.",
        tags: ["media"],
        params: MediaParamsSchema,
        response: {
          200: { description: "The image.", content: { "image/svg+xml": { schema: Type.String({ description: "SVG document." }) } } },
          ...errorResponses({ 404: [apiError("NOT_FOUND", { resource: "media file", id: '"nope.png"' }).body], 500: ["INTERNAL"] }),
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = MEDIA_NAME.test(file) && !file.includes("..") ? media.get(file) : null;
      if (!found) return sendApiError(reply, apiError("NOT_FOUND", { resource: "media file", id: quoted(file) }));
      return (
        reply
          .type(found.contentType)
          // Generated from the name alone: the same name is the same picture forever.
          .header("cache-control", "public, max-age=86400")
          // An SVG can carry script; served from the API's origin it must not run any.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header("x-content-type-options", "nosniff")
          .send(found.body)
      );
    },
  );
};
