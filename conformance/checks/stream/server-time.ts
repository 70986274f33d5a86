import type { CheckContext } from "../../engine/check.ts";
import { curveLaunches } from "./trade-driver.ts";

/** The server's own notion of now, in unix milliseconds, with how far off the reading may be. */
export interface ServerTime {
  readonly millis: number;
  readonly toleranceMs: number;
  readonly source: string;
}

const QUOTE_LIFETIME_S = 30;

/**
 * Reads the server's clock, which may not be the wall clock (a simulator pins its time):
 * `/devnet/clock` where control exists; else a preview quote's `expiresAt` minus the 30 s
 * the specification gives a quote (unix seconds); else the HTTP `Date` header.
 */
export async function serverTime(context: CheckContext): Promise<ServerTime | null> {
  if (context.capabilities.has("control")) {
    const clock = await context.exchange({ method: "GET", path: "/devnet/clock" });
    const millis = (clock.body as { unixMillis?: unknown })?.unixMillis;
    if (clock.status === 200 && typeof millis === "number") return { millis, toleranceMs: 2_000, source: "GET /devnet/clock" };
  }
  const launch = curveLaunches(context)[0];
  if (launch) {
    const quote = await context.exchange({
      method: "POST",
      path: "/v1/trades/quote",
      json: { launch: launch.address, direction: "buy", amountIn: "1000000000", preview: true },
    });
    const expiresAt = (quote.body as { quote?: { expiresAt?: unknown } })?.quote?.expiresAt;
    if (quote.status === 200 && typeof expiresAt === "number") {
      const seconds = expiresAt > 1e11 ? expiresAt / 1000 : expiresAt;
      return { millis: (seconds - QUOTE_LIFETIME_S) * 1000, toleranceMs: 3_000, source: "a preview quote's expiresAt − 30 s" };
    }
  }
  const any = await context.exchange({ method: "GET", path: "/v1/assets" });
  const date = Date.parse(any.headers.date ?? "");
  return Number.isNaN(date) ? null : { millis: date, toleranceMs: 10_000, source: "the HTTP Date header" };
}
