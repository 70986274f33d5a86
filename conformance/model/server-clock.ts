import type { CheckContext } from "../engine/check.ts";
import { getJson } from "./read-json.ts";

/**
 * The server's clock as its control API reads it (`GET /devnet/clock`, the `control`
 * capability): unix seconds and block height, NaN where the answer leaves one out.
 */
export async function serverClock(context: CheckContext): Promise<{ unixTimestamp: number; blockHeight: number }> {
  const clock = await getJson<{ unixTimestamp?: number; blockHeight?: number }>(context, "/devnet/clock");
  return { unixTimestamp: clock.unixTimestamp ?? Number.NaN, blockHeight: clock.blockHeight ?? Number.NaN };
}
