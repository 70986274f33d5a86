import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import { frameworkErrors, registerErrorHandling } from "./api-error-handler.ts";
import type { ApiDeps } from "./api-deps.ts";
import { withFrameworkAnswers } from "./framework-answers.ts";
import { integerQueryCoercion } from "./integer-query-coercion.ts";
import { LazyValidation } from "./lazy-validation.ts";
import { SWAGGER_OPTIONS } from "./openapi-options.ts";
import { assetsRoutes } from "./routes/assets/assets-routes.ts";
import { collectiblesRoutes } from "./routes/collectibles/collectibles-routes.ts";
import { clientRoutes } from "./routes/client/client-routes.ts";
import { launchesRoutes } from "./routes/launches/launches-routes.ts";
import { mediaRoutes } from "./routes/media/media-routes.ts";
import { searchRoutes } from "./routes/search/search-routes.ts";
import { devnetRoutes } from "./routes/devnet/devnet-routes.ts";
import { tradeFlowRoutes } from "./routes/trade-flow/trade-flow-routes.ts";
import { tradesRoutes } from "./routes/trades/trades-routes.ts";
import { walletsRoutes } from "./routes/wallets/wallets-routes.ts";
import { servedDocument } from "./served-document.ts";
import { refuseUnreadableBody, strictJsonParser } from "./unreadable-body.ts";
import { refuseUnreadableQuery } from "./unreadable-query.ts";
import { sharedSchemas } from "./shared-schemas.ts";
import { registerWireFormats } from "../wire/wire-fields.ts";
import { registerCrossOrigin } from "../wire/cross-origin.ts";
import { REQUEST_ARRIVAL, REQUEST_TIMEOUT_MS } from "../wire/request-arrival.ts";

export type { ApiDeps } from "./api-deps.ts";

/** As long as a request line node's HTTP parser lets through can make one (its header limit). */
const MAX_PATH_PARAMETER_LENGTH = 16 * 1024;

/**
 * The `/v1` HTTP API as a fastify instance (not listening, not yet ready: the simulator may
 * register the stream and control routes on it). Query strings are validated strictly:
 * integers from their decimal text only, unknown parameters ignored, every failure a 4xx
 * `{error, code}` naming the parameter and its rule. Responses are serialized with plain
 * `JSON.stringify`, never fast-json-stringify, so a record with a missing or extra field
 * goes out as it is and the OpenAPI tests catch it instead of the serializer hiding it.
 */
export async function buildApp(deps: ApiDeps): Promise<FastifyInstance> {
  // Validators compile on first use, the rest in idle turns once the app is ready.
  const validation = new LazyValidation();
  const app = Fastify({
    logger: deps.logger ?? false,
    frameworkErrors,
    // fastify's router refuses a path parameter past 100 characters with its own sentence, the
    // whole path echoed, before any route's rule: a long address would be a 400 BAD_REQUEST, a
    // long media name not the 404 the document promises. Node's parser already bounds a request
    // line (16 KiB of headers), so every parameter reaches its route's own check.
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // fastify leaves a request's whole arrival untimed (0): a body sent a byte a second held its
    // connection open for good, and enough of them took every file descriptor of the process.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: REQUEST_ARRIVAL,
    schemaController: { compilersFactory: { buildValidator: validation.buildValidator } },
    ajv: {
      // No ajv coercion: integerQueryCoercion does it strictly. No removal of unknown fields.
      // No check of each schema against the meta-schema while serving (compiling that was 30 ms
      // of the first request of a start): the OpenAPI lint tests check every request schema.
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, validateSchema: false },
      // The wire fields' formats: an address decodes to 32 bytes, an amount fits in a u64.
      plugins: [registerWireFormats],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Bodies are JSON only: a text/plain body is refused with 415 rather than read as a string.
  // JSON is read as UTF-8 strictly.
  const parseJsonText = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["text/plain", "application/json"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, strictJsonParser(parseJsonText));
  app.addHook("onRequest", refuseUnreadableBody);
  app.addHook("onRequest", refuseUnreadableQuery);
  app.addHook("preValidation", integerQueryCoercion);
  // Every documented route also lists what fastify answers before its handler runs.
  app.addHook("onRoute", (route) => {
    if (!route.schema?.response || (route.schema as { hide?: boolean }).hide) return;
    const methods = [route.method].flat().map(String);
    route.schema = {
      ...route.schema,
      response: withFrameworkAnswers(route.schema.response as Record<string, unknown>, methods, route.url),
    };
  });
  registerErrorHandling(app);
  await registerCrossOrigin(app);
  app.addHook("onReady", async () => void validation.warm());
  app.addHook("onClose", async () => validation.stop());

  await app.register(swagger, SWAGGER_OPTIONS);
  for (const schema of sharedSchemas()) app.addSchema(schema);

  const { readModel, devnet, media } = deps;
  await app.register(launchesRoutes, { prefix: "/v1", readModel, ...(deps.wallClock ? { wallClock: deps.wallClock } : {}) });
  await app.register(searchRoutes, { prefix: "/v1", readModel });
  await app.register(tradesRoutes, { prefix: "/v1", readModel });
  await app.register(assetsRoutes, { prefix: "/v1", readModel });
  await app.register(collectiblesRoutes, { prefix: "/v1", readModel });
  await app.register(walletsRoutes, { prefix: "/v1", readModel, devnet });
  await app.register(mediaRoutes, { prefix: "/v1", media });
  if (deps.trading) await app.register(tradeFlowRoutes, { prefix: "/v1", ...deps.trading });
  if (deps.control) await app.register(devnetRoutes, { prefix: "/devnet", control: deps.control });
  await app.register(clientRoutes, { readModel, ...(deps.clientUrl ? { clientUrl: deps.clientUrl } : {}) });

  // The document describing this very instance, naming the address it was reached at.
  app.get("/openapi.json", { schema: { hide: true } }, async (request) => servedDocument(app.swagger(), request));
  return app;
}
