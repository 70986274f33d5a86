import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { apiError, quoted } from "../../../errors/index.ts";
import type { ReadModel } from "../../../indexer/read-model.ts";
import { WIRE_RULES } from "../../../wire/wire-fields.ts";
import { sendApiError } from "../../api-error-reply.ts";
import { baseUrlOf } from "../../served-document.ts";
import { type ClientBundle, buildClientBundle } from "./client-bundle.ts";
import { previewPage } from "./preview-card.ts";

export interface ClientRoutesOptions {
  readonly readModel: ReadModel;
  /**
   * `{client_url}` when the client lives elsewhere than this server (`--client-url`): the
   * preview cards redirect there. Absent: the server's own base URL, as the request reached it.
   */
  readonly clientUrl?: string;
}

/** The page every hash route starts from: the shell that loads the bundle. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="dark">
    <title>basket-devnet</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/app/main.css">
    <script type="module" src="/app/main.js"></script>
  </head>
  <body>
    <a class="skip" href="#main">Skip to content</a>
    <div id="app"><noscript>The basket-devnet client needs JavaScript.</noscript></div>
  </body>
</html>
`;

/** The only names the bundle has: anything else under /app/ is a 404 without a look-up. */
const ASSET_NAME = /^main\.(js|css)$/;

/**
 * The web client at the server's root: `/` (the shell), `/app/main.js` and `/app/main.css`
 * (built from web/ on the first request and kept for the process), and the social preview
 * `/t/{launch}`. Hidden from the OpenAPI document: none of it is `/v1`.
 */
export const clientRoutes: FastifyPluginAsync<ClientRoutesOptions> = async (app, { readModel, clientUrl }) => {
  let bundle: Promise<ClientBundle> | null = null;
  const bundled = () => {
    bundle ??= buildClientBundle();
    // A failed build is not cached: the next request tries again (and the error is logged).
    bundle.catch(() => (bundle = null));
    return bundle;
  };

  app.get("/", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(INDEX_HTML),
  );

  app.get<{ Params: { file: string } }>("/app/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    const found = ASSET_NAME.test(file) ? (await bundled()).files.get(file) : undefined;
    if (!found) return sendApiError(reply, apiError("NOT_FOUND", { resource: "client file", id: quoted(file) }));
    return reply
      .type(found.contentType)
      .header("cache-control", "no-cache")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(found.body));
  });

  // With a trailing slash too: share targets and people add one, and the card must still come.
  const preview = async (request: FastifyRequest<{ Params: { launch: string } }>, reply: FastifyReply) => {
    const id = request.params.launch;
    // The preview matches a launch address only: a mint or a ticker resolves to nothing here.
    const row = WIRE_RULES.addressText.check(id) ? readModel.getLaunch(id) : null;
    const launch = row && row.address === id ? row : null;
    return reply
      .code(launch ? 200 : 404)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(previewPage(clientUrl?.replace(/\/+$/, "") ?? null, baseUrlOf(request), id, launch));
  };
  app.get<{ Params: { launch: string } }>("/t/:launch", { schema: { hide: true } }, preview);
  app.get<{ Params: { launch: string } }>("/t/:launch/", { schema: { hide: true } }, preview);
};
