import { AjvCompiler, type BuildCompilerFromPool, type ValidatorFactory } from "@fastify/ajv-compiler";
import type { FastifySchemaCompiler } from "fastify";

type Compile = FastifySchemaCompiler<unknown>;
type Validate = ReturnType<Compile>;

/**
 * Route validators compiled on first use instead of all before the app listens.
 *
 * fastify compiles every route's schemas (query, params, body) while it gets ready: on this
 * machine a fifth of a cached start, spent before the first request can be answered. Here
 * each validator is compiled by fastify's own ajv compiler, with the same options and shared
 * schemas, the first time a request needs it; `warm()` compiles the rest one at a time in
 * idle turns once the app is serving. Either way a request is checked by exactly the
 * validator fastify would have compiled, so every answer, every 400 included, is unchanged;
 * only when the compiling happens moves.
 */
export class LazyValidation {
  readonly #pending = new Set<() => void>();
  /** fastify's own compiler pool: one ajv per distinct set of shared schemas and options. */
  readonly #fromPool = AjvCompiler();
  #stopped = false;

  /** The `schemaController.compilersFactory.buildValidator` to give fastify. */
  readonly buildValidator = ((...[externalSchemas, options]: Parameters<BuildCompilerFromPool>) => {
    let compiler: Compile | undefined;
    // Building the compiler creates ajv and adds the shared schemas: that waits too.
    const compilerOf = () => (compiler ??= this.#fromPool(externalSchemas, options) as unknown as Compile);
    const compile: Compile = (route) => this.#deferred(() => compilerOf()(route));
    return compile;
  }) as ValidatorFactory;

  /** One validator that compiles on its first call (or when warmed) and then is the compiled one. */
  #deferred(compile: () => Validate): Validate {
    let compiled: Validate | undefined;
    const ensure = () => {
      if (compiled) return compiled;
      compiled = compile();
      this.#pending.delete(ensure);
      return compiled;
    };
    this.#pending.add(ensure);
    // fastify reads `errors` off the function it called after a failure: mirror the compiled one's.
    const validate = ((...args: Parameters<Validate>) => {
      const check = ensure();
      const result = (check as (...inner: Parameters<Validate>) => ReturnType<Validate>)(...args);
      validate.errors = check.errors ?? null;
      return result;
    }) as Validate;
    return validate;
  }

  /** How many validators still wait to be compiled. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Compiles what is still pending, one validator a turn of the event loop, so requests go between. */
  warm(): Promise<void> {
    return new Promise((resolve) => {
      const next = () => {
        const [ensure] = this.#pending;
        if (this.#stopped || !ensure) return resolve();
        ensure();
        setImmediate(next);
      };
      setImmediate(next);
    });
  }

  /** Stops warming (the app is closing); validators still compile when called. */
  stop(): void {
    this.#stopped = true;
  }
}
