import { describe, expect, it } from "vitest";
import type { Exchange, ExchangeRequest } from "../../../src/client/basket-client.ts";
import type { CheckContext } from "../../engine/check.ts";
import { MAX_WALK_ROWS, walkLaunchPages } from "../launch-pages.ts";
import { Violation } from "../violation.ts";

/** A check context whose server answers each GET /v1/launches page with `page(cursor, limit)`. */
function serverOf(page: (cursor: string | undefined, limit: number) => { launches: unknown[]; nextCursor: string | null }): CheckContext {
  const exchange = async (request: ExchangeRequest): Promise<Exchange> => {
    const query = request.query ?? {};
    const body = page(query.cursor as string | undefined, Number(query.limit));
    return {
      request: { ...request, url: `http://server.test${request.path}` },
      status: 200,
      headers: {},
      text: JSON.stringify(body),
      body,
      millis: 0,
    };
  };
  return { exchange } as unknown as CheckContext;
}

const row = (n: number) => ({ address: `launch-${n}` });

describe("walking a paged list", () => {
  it("follows a long list to its end in pages of one: a thousand launches are no defect", async () => {
    const total = 1_000;
    const context = serverOf((cursor, limit) => {
      const from = cursor === undefined ? 0 : Number(cursor);
      const launches = Array.from({ length: Math.min(limit, total - from) }, (_, i) => row(from + i));
      return { launches, nextCursor: from + limit < total ? String(from + limit) : null };
    });
    const walk = await walkLaunchPages(context, { tab: "new" }, 1);
    expect(walk.pages.flat()).toHaveLength(total);
  });

  it("says at once when a cursor comes back (the walk would loop), and gives up on cursors that never end", async () => {
    const looping = serverOf(() => ({ launches: [row(0)], nextCursor: "again" }));
    await expect(walkLaunchPages(looping, { tab: "new" }, 1)).rejects.toThrow(/the same cursor twice/);
    const endless = serverOf((cursor, limit) => {
      const from = cursor === undefined ? 0 : Number(cursor);
      return { launches: Array.from({ length: limit }, (_, i) => row(from + i)), nextCursor: String(from + limit) };
    });
    const failure = await walkLaunchPages(endless, { tab: "new" }, 100).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Violation);
    expect((failure as Violation).message).toBe(`the list was still handing out cursors after ${MAX_WALK_ROWS / 100} pages of 100`);
  });
});
