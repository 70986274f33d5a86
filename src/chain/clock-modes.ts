/**
 * The clock's modes and its slot length, apart from the clock itself: the command line reads
 * them before it loads the chain (kit, LiteSVM), so a bad option or a taken port is
 * reported without waiting for those modules.
 */
export type ClockMode = "realtime" | "manual" | "per-transaction";
export const CLOCK_MODES: readonly ClockMode[] = ["realtime", "manual", "per-transaction"];
/** Solana's target slot time. */
export const DEFAULT_SLOT_MILLIS = 400;
