import type { BasketClient } from "../../src/client/basket-client.ts";
import type { SampleLaunch, ServerSamples } from "./check.ts";

const STATUSES = ["activeBonding", "graduationPending", "migrating", "graduated"] as const;

function rowsOf(body: unknown): Record<string, unknown>[] {
  const launches = (body as { launches?: unknown } | undefined)?.launches;
  return Array.isArray(launches) ? launches.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null) : [];
}

function sample(row: Record<string, unknown>): SampleLaunch | null {
  const { address, primaryMint, symbol, name, status, kind, progressBps, curveInventoryRemaining } = row;
  if (typeof address !== "string" || typeof primaryMint !== "string" || typeof symbol !== "string" || typeof status !== "string")
    return null;
  return {
    address,
    primaryMint,
    symbol,
    ...(typeof name === "string" && name !== "" ? { name } : {}),
    status,
    kind: typeof kind === "string" ? kind : "pairs",
    progressBps: typeof progressBps === "number" ? progressBps : 0,
    ...(typeof curveInventoryRemaining === "string" && /^[0-9]{1,40}$/.test(curveInventoryRemaining)
      ? { curveRemaining: BigInt(curveInventoryRemaining) }
      : {}),
  };
}

/**
 * What the checks work with, learned from the server before they run: launch rows of each
 * status (legacy lists by `status`, then the paged tabs), the component mints it prices,
 * creators, and trade signatures from the tape of a few launches. Errors are not judged
 * here: a route that fails only leaves its samples empty, and the checks report it.
 */
export async function discoverSamples(client: BasketClient): Promise<ServerSamples> {
  const byAddress = new Map<string, SampleLaunch>();
  const creators = new Set<string>();
  const problems: string[] = [];
  let unusableRows = 0;
  const add = (rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const launch = sample(row);
      if (launch === null) unusableRows++;
      else if (!byAddress.has(launch.address)) byAddress.set(launch.address, launch);
      if (typeof row.creator === "string") creators.add(row.creator);
    }
  };
  const get = async (path: string, query: Record<string, string> = {}) => {
    const shown = `GET ${path}${Object.keys(query).length === 0 ? "" : `?${new URLSearchParams(query)}`}`;
    try {
      const answer = await client.exchange({ method: "GET", path, query });
      if (answer.status === 200) return answer.body;
      problems.push(`${shown} answered ${answer.status}`);
    } catch (error) {
      problems.push(`${shown} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  };
  for (const status of STATUSES) add(rowsOf(await get("/v1/launches", { status, limit: "100" })));
  for (const tab of ["new", "almost", "graduated"]) add(rowsOf(await get("/v1/launches", { tab })));
  if (unusableRows > 0)
    problems.push(`${unusableRows} launch rows lacked a string address, primaryMint, symbol or status and were not used`);

  const componentMints = new Set<string>();
  const assets = (await get("/v1/assets")) as { assets?: { mint?: unknown }[] } | undefined;
  for (const asset of Array.isArray(assets?.assets) ? assets.assets : [])
    if (typeof asset?.mint === "string") componentMints.add(asset.mint);

  const signatures = new Set<string>();
  const launches = [...byAddress.values()];
  for (const launch of launches.slice(0, 3)) {
    const tape = (await get(`/v1/launches/${launch.address}/trades`, { limit: "5" })) as { trades?: { signature?: unknown }[] } | undefined;
    for (const trade of Array.isArray(tape?.trades) ? tape.trades : [])
      if (typeof trade?.signature === "string") signatures.add(trade.signature);
  }
  return {
    launches,
    componentMints: [...componentMints],
    creators: [...creators],
    signatures: [...signatures],
    discoveryProblems: problems,
  };
}
