import type { BasketClient } from "../../src/client/basket-client.ts";
import type { Capability } from "./check.ts";

export interface CapabilityProbe {
  readonly capabilities: ReadonlySet<Capability>;
  /** For each missing capability, the sentence a skipped check shows. */
  readonly missing: Readonly<Partial<Record<Capability, string>>>;
}

export interface ProbeOptions {
  readonly control: "auto" | "off";
  readonly keypair: boolean;
  readonly allowSlow: boolean;
}

/**
 * What the server offers beyond `/v1`: the `/devnet/` control API answers `GET /devnet/clock`
 * with a slot. A faucet and a clock follow from it; without it a `--keypair` gives a wallet
 * and `--allow-slow` gives time (waited for, not moved).
 */
export async function probeCapabilities(client: BasketClient, options: ProbeOptions): Promise<CapabilityProbe> {
  let controlWhy: string | null = null;
  if (options.control === "off") controlWhy = "the /devnet/ control API is turned off (--control off)";
  else {
    try {
      const clock = await client.exchange({ method: "GET", path: "/devnet/clock" });
      const slot = (clock.body as { slot?: unknown } | undefined)?.slot;
      if (clock.status !== 200 || typeof slot !== "number")
        controlWhy = `the server has no /devnet/ control API (GET /devnet/clock answered ${clock.status})`;
    } catch (error) {
      controlWhy = `the server has no /devnet/ control API (GET /devnet/clock failed: ${error instanceof Error ? error.message : String(error)})`;
    }
  }
  const capabilities = new Set<Capability>();
  const missing: Partial<Record<Capability, string>> = {};
  if (controlWhy === null) {
    capabilities.add("control").add("faults").add("clock").add("wallet");
  } else {
    missing.control = controlWhy;
    missing.faults = `fault injection needs the /devnet/ control API: ${controlWhy}`;
    if (options.keypair) capabilities.add("wallet");
    else missing.wallet = `a funded wallet needs the /devnet/ faucet or --keypair FILE: ${controlWhy}`;
    if (options.allowSlow) capabilities.add("clock");
    else missing.clock = `moving time needs /devnet/advance or --allow-slow (to wait real time): ${controlWhy}`;
  }
  // Wall-clock waits (a heartbeat) are not virtual time: only --allow-slow pays for them.
  if (options.allowSlow) capabilities.add("slow");
  else missing.slow = "waiting real time (two of the stream's 25 s heartbeats, or its idle close) needs --allow-slow";
  return { capabilities, missing };
}
