import type { Address, Decoder, ReadonlyUint8Array } from "@solana/kit";
import { emittedData, endsProgram, invokedProgram } from "../chain/runtime-log.ts";
import { base64ToBytes } from "../wire/base64-bytes.ts";
import { type CardReleasedEvent, getCardReleasedEventDecoder } from "./card-released-event.ts";
import { type CollectibleListedEvent, getCollectibleListedEventDecoder } from "./collectible-listed-event.ts";
import { type CollectibleStageEvent, getCollectibleStageEventDecoder } from "./collectible-stage-event.ts";
import { getLaunchCreatedEventDecoder, type LaunchCreatedEvent } from "./launch-created-event.ts";
import { getLiquidityAddedEventDecoder, type LiquidityAddedEvent } from "./liquidity-added-event.ts";
import { getMigrationStepEventDecoder, type MigrationStepEvent } from "./migration-step-event.ts";
import { getPoolCreatedEventDecoder, type PoolCreatedEvent } from "./pool-created-event.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS } from "./program-addresses.ts";
import { PROGRAM_EVENT_TAG, type ProgramEventKind } from "./program-event-tag.ts";
import { getStatusChangedEventDecoder, type StatusChangedEvent } from "./status-changed-event.ts";
import { getSwapEventDecoder, type SwapEvent } from "./swap-event.ts";
import { getTradeEventDecoder, type TradeEvent } from "./trade-event.ts";

/** Every structured event our programs emit, discriminated on `kind`. */
export type ProgramEvent =
  | LaunchCreatedEvent
  | TradeEvent
  | StatusChangedEvent
  | PoolCreatedEvent
  | LiquidityAddedEvent
  | SwapEvent
  | MigrationStepEvent
  | CollectibleListedEvent
  | CollectibleStageEvent
  | CardReleasedEvent;

interface EventSource {
  kind: ProgramEventKind;
  /** The only program that emits this tag. */
  emitter: Address;
  decoder: Decoder<ProgramEvent>;
}

const SOURCES = new Map<number, EventSource>(
  (
    [
      ["launchCreated", LAUNCH_PROGRAM_ADDRESS, getLaunchCreatedEventDecoder()],
      ["trade", CURVE_PROGRAM_ADDRESS, getTradeEventDecoder()],
      ["statusChanged", LAUNCH_PROGRAM_ADDRESS, getStatusChangedEventDecoder()],
      ["poolCreated", POOL_PROGRAM_ADDRESS, getPoolCreatedEventDecoder()],
      ["liquidityAdded", POOL_PROGRAM_ADDRESS, getLiquidityAddedEventDecoder()],
      ["swap", POOL_PROGRAM_ADDRESS, getSwapEventDecoder()],
      ["migrationStep", LAUNCH_PROGRAM_ADDRESS, getMigrationStepEventDecoder()],
      ["collectibleListed", LAUNCH_PROGRAM_ADDRESS, getCollectibleListedEventDecoder()],
      ["collectibleStage", LAUNCH_PROGRAM_ADDRESS, getCollectibleStageEventDecoder()],
      ["cardReleased", LAUNCH_PROGRAM_ADDRESS, getCardReleasedEventDecoder()],
    ] as const
  ).map(([kind, emitter, decoder]) => [PROGRAM_EVENT_TAG[kind], { kind, emitter, decoder }]),
);

/**
 * Decodes one sol_log_data payload. Returns `null` for a tag that is not one of ours.
 * Throws when a known tag's payload does not match its layout to the byte: our programs
 * cannot produce that, so it means the C and these codecs have drifted apart.
 */
export function decodeProgramEvent(bytes: ReadonlyUint8Array): ProgramEvent | null {
  const source = bytes.length > 0 ? SOURCES.get(bytes[0] as number) : undefined;
  if (source === undefined) return null;
  let decoded: [ProgramEvent, number];
  try {
    decoded = source.decoder.read(bytes, 0);
  } catch (cause) {
    throw new Error(`malformed ${source.kind} event (${bytes.length} bytes)`, { cause });
  }
  if (decoded[1] !== bytes.length) {
    throw new Error(`${source.kind} event has ${bytes.length - decoded[1]} trailing bytes`);
  }
  return decoded[0];
}

/**
 * Decodes the events in a transaction's log messages, in emission order. Every
 * `Program data: <base64>` line is one sol_log_data call; ours carry exactly one slice.
 * The invoke/success/failed lines tell which program is running, so data emitted by other
 * programs is skipped even when its first byte looks like one of our tags; with no such
 * lines (hand-built logs) every data line is tried. Unknown tags are skipped, never thrown.
 *
 * Pass the logs of landed transactions only: a failed transaction's logs still show the
 * events emitted before the failure, but none of their state changes happened.
 */
export function decodeProgramEvents(logs: readonly string[]): readonly ProgramEvent[] {
  // The indexer and both keepers read every landed transaction's events: decoded once per
  // logs array (a landing's logs never change), shared read-only.
  const known = decodedLogs.get(logs);
  if (known) return known;
  const events = decodeLogs(logs);
  decodedLogs.set(logs, events);
  return events;
}

const decodedLogs = new WeakMap<readonly string[], readonly ProgramEvent[]>();

function decodeLogs(logs: readonly string[]): readonly ProgramEvent[] {
  const events: ProgramEvent[] = [];
  const running: string[] = [];
  for (const line of logs) {
    const data = emittedData(line);
    if (data === null) {
      const invoked = invokedProgram(line);
      if (invoked !== null) running.push(invoked);
      else if (endsProgram(line)) running.pop();
      continue;
    }
    const slices = data.trim().split(" ");
    if (slices.length !== 1) continue;
    const bytes = base64ToBytes(slices[0] as string);
    if (bytes === null || bytes.length === 0) continue;
    const source = SOURCES.get(bytes[0] as number);
    if (source === undefined) continue;
    const current = running[running.length - 1];
    if (current !== undefined && current !== source.emitter) continue;
    const event = decodeProgramEvent(bytes);
    if (event !== null) events.push(event);
  }
  return Object.freeze(events);
}
