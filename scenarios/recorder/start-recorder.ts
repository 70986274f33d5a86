import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { fileFailure } from "../runner/writable-file.ts";
import type { Scenario } from "../runner/scenario-schema.ts";
import { scenarioYaml } from "../runner/scenario-from-commands.ts";
import { startRecordingProxy } from "./recording-proxy.ts";
import { scenarioFromRecording } from "./scenario-from-recording.ts";

export interface RecorderOptions {
  /** The server the client means to talk to. */
  readonly target: string;
  /** The scenario file written when the recorder stops. */
  readonly out: string;
  /** The proxy's port on 127.0.0.1; default a free one. */
  readonly port?: number;
  /** The scenario's name; default the file's name without `.yaml`. */
  readonly name?: string;
  /** The seed written in the scenario; default 1 (the library's world). */
  readonly seed?: number | string;
}

export type RecorderStop =
  { readonly ok: true; readonly file: string; readonly scenario: Scenario } | { readonly ok: false; readonly error: string };

export interface Recorder {
  /** Where the client points instead of the target (`http://127.0.0.1:PORT`; the stream is `ws://…/v1/stream`). */
  readonly url: string;
  readonly port: number;
  /** Stops the proxy and writes the scenario file (nothing is written when nothing was recorded). */
  stop(): Promise<RecorderStop>;
}

const NAME = /^[a-z0-9][a-z0-9.-]*$/;

/** The scenario's name from the file's (`bug-42.yaml` → `bug-42`), else `recorded-session`. */
export function defaultScenarioName(out: string): string {
  const name = basename(out)
    .replace(/\.ya?ml$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "");
  return NAME.test(name) ? name : "recorded-session";
}

/** Starts a recording proxy in front of `target`; `stop()` turns what it saw into a scenario file at `out`. */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const proxy = await startRecordingProxy({ target: options.target, ...(options.port === undefined ? {} : { port: options.port }) });
  let stopped: Promise<RecorderStop> | null = null;
  const stop = async (): Promise<RecorderStop> => {
    await proxy.close();
    const events = proxy.session.events();
    if (events.length === 0) {
      // A client that came while the target was down is not "no client": the sentence says which.
      const unreached = proxy.unreached();
      const why = unreached === null ? `no client used ${proxy.url}` : `the target never answered (${unreached})`;
      return { ok: false, error: `nothing was recorded: ${why}; ${options.out} was not written` };
    }
    const scenario = scenarioFromRecording(events, {
      name: options.name ?? defaultScenarioName(options.out),
      seed: options.seed ?? 1,
      target: options.target,
    });
    if (scenario.steps.length === 0)
      return { ok: false, error: `nothing replayable was recorded (only clock frames or other paths); ${options.out} was not written` };
    const yaml = scenarioYaml(scenario, options.out);
    try {
      await mkdir(dirname(options.out), { recursive: true });
      await writeFile(options.out, yaml);
    } catch (error) {
      // The session is not lost: the scenario goes to the message, to be saved by hand.
      return { ok: false, error: `${options.out} could not be written: ${fileFailure(error)}; the recorded scenario follows:\n${yaml}` };
    }
    return { ok: true, file: options.out, scenario };
  };
  return {
    url: proxy.url,
    port: proxy.port,
    stop: () => (stopped ??= stop()),
  };
}
