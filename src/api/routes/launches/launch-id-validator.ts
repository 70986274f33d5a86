import type { FastifyInstance, FastifySchemaCompiler } from "fastify";

/** Ids remembered per route; past it the memory starts again (a scan of many ids costs one check each). */
const REMEMBERED_IDS = 4_096;

/**
 * A route's validator compiler that checks a `:id` path parameter with the app's own
 * validator (ajv with the wire formats) once per distinct id, then remembers that it passed.
 * (When the launch-id rule decoded base58 to 32 bytes through bigints, that check cost a third of
 * a hot read's time; it is a pattern now, and a remembered pass still skips ajv's call.) Whether
 * an id passes depends on its text alone, so a remembered pass is
 * exactly what checking again would give. A failing id is never remembered: it goes to the
 * app's validator every time and fails with the same errors, hence the same 400 answer.
 * Every other part (the query string) is the app's compiled validator itself.
 */
export function rememberingIdCompiler(app: FastifyInstance): FastifySchemaCompiler<unknown> {
  return (route) => {
    // The app's compiler exists once any route without its own compiler declared a schema
    // (the list route does, first); it holds the shared schemas and the wire formats.
    const compile = app.validatorCompiler as FastifySchemaCompiler<unknown> | undefined;
    if (!compile) throw new Error("the app's validator compiler is not set up yet");
    const check = compile(route);
    if (route.httpPart !== "params") return check;
    const passed = new Set<string>();
    const validate: ReturnType<FastifySchemaCompiler<unknown>> = (data: { id?: unknown }) => {
      if (typeof data?.id === "string" && passed.has(data.id)) {
        validate.errors = null;
        return true;
      }
      const result = check(data);
      validate.errors = check.errors ?? null;
      if (result === true && typeof data?.id === "string") {
        if (passed.size >= REMEMBERED_IDS) passed.clear();
        passed.add(data.id);
      }
      return result;
    };
    return validate;
  };
}
