import type { Check } from "../../engine/check.ts";
import { creationRequest } from "../../model/creation-request.ts";
import { okBody } from "../../model/read-json.ts";
import { ensure } from "../../model/violation.ts";
import { type WireTransaction, readWireTransaction } from "../../model/wire-transaction.ts";

/** Base64 long enough to hold a signature slot and a message header: shorter strings are not transactions. */
const WIRE_BASE64 = /^[A-Za-z0-9+/]{120,}={0,2}$/;

/**
 * Every string in `value` that reads as a wire transaction, with its JSON path. The
 * specification does not show build-create's inner fields ("an object holding the ordered
 * plan of unsigned transactions"), so the transactions are found wherever they sit.
 */
function transactionsIn(value: unknown, path = "$"): { path: string; read: WireTransaction }[] {
  if (typeof value === "string") {
    if (!WIRE_BASE64.test(value)) return [];
    const read = readWireTransaction(value);
    return "error" in read ? [] : [{ path, read }];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => transactionsIn(item, `${path}[${index}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => transactionsIn(item, `${path}.${key}`));
  return [];
}

export const buildCreateUnsignedForCreator: Check = {
  id: "buildCreate.unsignedForCreator",
  phase: "trade",
  rule: {
    section: "Authentication",
    text: "build-create returns the unsigned creation transactions (the service holds no private key), and the wallet named in a build request, the creator, is the fee payer",
  },
  enforces: "specification",
  async run(context) {
    const request = creationRequest(context);
    const creator = (request.json as { creator: string }).creator;
    const body = okBody(await context.exchange(request));
    const found = transactionsIn(body);
    ensure(found.length > 0, "build-create answered 200 without a transaction anywhere in its answer", {
      input: request.json,
      expected: "an ordered plan of unsigned base64 transactions",
      actual: body,
    });
    for (const { path, read } of found) {
      ensure(
        read.signatures.every((signature) => signature === null),
        `the creation transaction at ${path} arrives signed`,
        { input: request.json, expected: "every signature slot zero", actual: read.signatures },
      );
      ensure(read.feePayer === creator, `the creation transaction at ${path} is paid by ${read.feePayer}, not the creator`, {
        input: request.json,
        expected: creator,
        actual: read.feePayer,
      });
    }
  },
};
