import type { Check } from "../../engine/check.ts";
import { expectAccepted, expectRefusedOrBounded } from "./boundary-probe.ts";

export const statusWithPaging: Check = {
  id: "boundaries.launches.statusWithPaging",
  phase: "boundaries",
  rule: {
    section: "Endpoints › GET /v1/launches",
    text: "`status` and the paging parameters must not be combined: refused with a 4xx and `error` (our decision), or answered as a list",
  },
  enforces: "specification",
  async run(context) {
    const launch = context.samples.launches[0] ?? context.noSample("launch");
    const paged = await expectAccepted(context, { method: "GET", path: "/v1/launches", query: { tab: "new" } }, "tab=new");
    const cursor = (paged.body as { nextCursor?: unknown } | undefined)?.nextCursor;
    const creator = context.samples.creators[0];
    // Each paging parameter with a value it accepts on its own, so only the combination is wrong.
    const alone: Record<string, string> = { tab: "new", sort: "newest", state: "bonding", cat: "meme", asset: "USDC", ids: launch.address };
    if (creator) alone.creator = creator;
    if (typeof cursor === "string") alone.cursor = cursor;
    await expectAccepted(context, { method: "GET", path: "/v1/launches", query: { status: "activeBonding" } }, "status alone");
    // The specification tells clients not to combine them; what a server does with the pair is ours to choose.
    await expectRefusedOrBounded(
      context,
      Object.entries(alone).map(([name, value]) => ({
        request: { method: "GET", path: "/v1/launches", query: { status: "activeBonding", [name]: value } },
        what: `status with ${name}`,
        keptWithin: (answer) => Array.isArray((answer.body as { launches?: unknown } | undefined)?.launches),
      })),
    );
  },
};

export const PAGING_CONFLICT_CHECKS: readonly Check[] = [statusWithPaging];
