import type { HttpBreak, InjectedBug } from "./injected-bug.ts";
import { asServerFailure, objectOf, refusalWithout, succeeded } from "./json-answer.ts";

/** The break of `GET /v1/launches/{id}` that sends each launch record found through `change`. */
function changingLaunchRecord(change: (record: Record<string, unknown>) => Record<string, unknown>): HttpBreak {
  return {
    method: "GET",
    route: "/v1/launches/:id",
    onSend: (answer) => {
      const body = objectOf(answer.body);
      return body && succeeded(answer) ? change(body) : undefined;
    },
  };
}

/** Modes the `schema` phase catches: answers whose shape, status or content type breaks the document. */
export const SCHEMA_BUGS: readonly InjectedBug[] = [
  {
    name: "launch-price-as-number",
    phase: "schema",
    rule: "A launch record's priceE12 is a decimal string; this mode sends it as a JSON number.",
    caughtBy: "schema.responses.valid",
    http: changingLaunchRecord((record) => ({ ...record, priceE12: Number(record.priceE12) })),
  },
  {
    name: "launch-recipe-of-six",
    phase: "schema",
    rule: "A launch is backed by a basket of up to 5 component tokens; this mode shows every launch record's recipe with a sixth, its last repeated.",
    caughtBy: "schema.responses.valid",
    http: changingLaunchRecord((record) => {
      const components = record.components;
      if (!Array.isArray(components) || components.length === 0) return record;
      return { ...record, components: [...components, ...Array.from({ length: 6 - components.length }, () => components.at(-1))] };
    }),
  },
  {
    name: "launch-undocumented-field",
    phase: "schema",
    rule: "An answer carries only the fields the document lists; this mode adds one it does not.",
    caughtBy: "schema.responses.exact",
    strictOnly: true,
    http: changingLaunchRecord((record) => ({ ...record, internalRank: 1 })),
  },
  {
    name: "assets-answered-201",
    phase: "schema",
    rule: "Successful responses are HTTP 200; this mode answers the asset list with 201.",
    caughtBy: "schema.success.is200",
    http: {
      method: "GET",
      route: "/v1/assets",
      onSend: (answer) => {
        if (succeeded(answer)) answer.reply.code(201);
        return undefined;
      },
    },
  },
  {
    name: "search-as-text-plain",
    phase: "schema",
    rule: "Bodies are JSON; this mode labels the search answer text/plain.",
    caughtBy: "schema.contentType.json",
    http: {
      method: "GET",
      route: "/v1/search",
      onSend: (answer) => {
        answer.reply.header("content-type", "text/plain; charset=utf-8");
        return undefined;
      },
    },
  },
  {
    name: "refusal-without-sentence",
    phase: "schema",
    rule: "A refused request's body has `error`, a sentence; this mode leaves it out.",
    caughtBy: "schema.errors.haveSentence",
    http: {
      method: "*",
      route: "*",
      onSend: (answer) => refusalWithout(answer, "error"),
    },
  },
  {
    name: "refusal-without-code",
    phase: "schema",
    rule: "Our document: error bodies carry a stable `code`; this mode leaves it out.",
    caughtBy: "schema.errors.haveCode",
    strictOnly: true,
    http: {
      method: "*",
      route: "*",
      onSend: (answer) => refusalWithout(answer, "code"),
    },
  },
  {
    name: "not-found-as-422",
    phase: "schema",
    rule: "Every answer's status is one the document lists; this mode answers an unknown launch with 422.",
    caughtBy: "schema.status.documented",
    strictOnly: true,
    http: {
      method: "GET",
      route: "/v1/launches/:id",
      onSend: (answer) => {
        if (answer.reply.statusCode === 404) answer.reply.code(422);
        return undefined;
      },
    },
  },
  {
    name: "created-list-crashes",
    phase: "schema",
    rule: "A client's request never gets a server failure; this mode answers a wallet's created list with 500.",
    caughtBy: "schema.responses.no5xx",
    http: {
      method: "GET",
      route: "/v1/wallets/:wallet/created",
      onSend: asServerFailure,
    },
  },
];
