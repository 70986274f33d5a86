/**
 * The stream's card (a launch's tile in the cards bundle), for clients of `/v1/stream`.
 * It is the type of the cards frame's one TypeBox schema, re-exported rather than written
 * again here: that schema is the published contract (the AsyncAPI document is generated
 * from it), not server code. The import is type-only, so it is erased on compile and a
 * client (the browser bundle, the conformance suite) carries none of the server's code.
 */
export type { Card } from "../stream/frames/card-schema.ts";
