import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Devnet } from "../chain/devnet.ts";
import { type JournalEntry, type JournalMeta, type PopulatedEntry, entryOfWrite } from "./journal-entry.ts";

/*
 * A state directory holds two files:
 *
 *   journal.jsonl         the write-ahead log: one JSON object per line (see journal-entry.ts),
 *                         appended synchronously before the change it records is announced.
 *                         A torn last line (kill -9 mid-write) is cut off at the next start.
 *   chain-checkpoint.bin  the latest chain snapshot: one JSON header line
 *                         {"v":1,"seed","entries","slot","genesisUnixTimestamp","slotMillis","seqInSlot"}
 *                         then LiteSVM's raw state bytes. `entries` is the number of journal
 *                         lines whose effects it holds. Written to a temporary file, flushed,
 *                         and renamed over the old one, so it is always whole.
 *
 * A start loads the checkpoint, re-executes the journal lines after `entries` at their
 * slots, and rebuilds the read model from every line.
 */
export const JOURNAL_FILE = "journal.jsonl";
export const CHECKPOINT_FILE = "chain-checkpoint.bin";

export interface Checkpoint {
  readonly entries: number;
  readonly seed: string;
  readonly slot: bigint;
  readonly genesisUnixTimestamp: bigint;
  readonly slotMillis: number;
  readonly seqInSlot: number;
  readonly svm: Uint8Array;
}

export interface OpenedState {
  readonly journal: StateJournal;
  /** The first line, when the journal has one. */
  readonly meta: JournalMeta | null;
  /** The `populated` line: present when the world's history was complete before the last run stopped. */
  readonly populated: PopulatedEntry | null;
  readonly checkpoint: Checkpoint | null;
}

const NEWLINE = 0x0a;
const CHUNK_BYTES = 1 << 22;

/**
 * Calls `visit` with each whole line of the file at `fd`, in order, reading 4 MiB at a time:
 * a journal of any size is read without holding it in memory. Returns the number of whole
 * lines and the byte length they span (a torn last line lies beyond it).
 */
function forEachLine(fd: number, visit: (line: string, index: number) => void): { lines: number; bytes: number } {
  const chunk = Buffer.alloc(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let position = 0;
  let lines = 0;
  let bytes = 0;
  for (;;) {
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
    if (read === 0) break;
    position += read;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end >= 0; end = data.indexOf(NEWLINE, start)) {
      visit(data.toString("utf8", start, end), lines);
      lines += 1;
      bytes += end + 1 - start;
      start = end + 1;
    }
    carry = Buffer.from(data.subarray(start));
  }
  return { lines, bytes };
}

/**
 * Creates `dir` and its missing parents, one level at a time: node's recursive mkdir never
 * returns under some kernel file systems (`/proc` answers ENOENT to it forever), where a
 * single level's mkdir fails at once with its own error.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const level of missing) mkdirSync(level);
}

/** The journal and checkpoint of one state directory, open for appending. */
export class StateJournal {
  readonly #dir: string;
  readonly #fd: number;
  /** Lines present when the journal was opened: what `forEachEntry` reads. */
  readonly #opened: number;
  #length: number;
  #checkpointed: number;

  private constructor(dir: string, fd: number, length: number, checkpointed: number) {
    this.#dir = dir;
    this.#fd = fd;
    this.#opened = length;
    this.#length = length;
    this.#checkpointed = checkpointed;
  }

  /** Opens (creating) `dir`, cuts a torn last line, and reads the journal's outline. */
  static open(dir: string): OpenedState {
    makeDirectory(dir);
    const fd = openSync(join(dir, JOURNAL_FILE), "a+");
    try {
      return StateJournal.#read(dir, fd);
    } catch (error) {
      // A damaged directory is refused whole: the journal is not left open behind the error.
      closeSync(fd);
      throw error;
    }
  }

  static #read(dir: string, fd: number): OpenedState {
    let meta: JournalMeta | null = null;
    let populated: PopulatedEntry | null = null;
    const { lines, bytes } = forEachLine(fd, (line, index) => {
      if (index === 0) meta = parseLine(line, 0) as JournalMeta;
      // Lines are written with `k` first: the outline needs no full parse.
      else if (line.startsWith('{"k":"populated"')) populated = parseLine(line, index) as PopulatedEntry;
    });
    ftruncateSync(fd, bytes);
    const checkpoint = readCheckpoint(join(dir, CHECKPOINT_FILE));
    if (checkpoint && checkpoint.entries > lines) {
      throw new Error(`${dir}: the checkpoint covers ${checkpoint.entries} journal lines but the journal holds ${lines}`);
    }
    const found = meta as JournalMeta | null;
    if (found !== null && found.k !== "meta") throw new Error(`${dir}: the journal does not start with its meta line`);
    return {
      journal: new StateJournal(dir, fd, lines, checkpoint?.entries ?? 0),
      meta: found,
      populated: populated as PopulatedEntry | null,
      checkpoint,
    };
  }

  /** Calls `visit` with every line the journal held when it was opened, in order. */
  forEachEntry(visit: (entry: JournalEntry, index: number) => void): void {
    forEachLine(this.#fd, (line, index) => {
      if (index < this.#opened) visit(parseLine(line, index), index);
    });
  }

  /** Deletes a state directory's files: a world whose building was interrupted is built again. */
  static clear(dir: string): void {
    rmSync(join(dir, JOURNAL_FILE), { force: true });
    rmSync(join(dir, CHECKPOINT_FILE), { force: true });
  }

  /** Lines in the journal. */
  get length(): number {
    return this.#length;
  }

  /** Lines appended since the last checkpoint. */
  get sinceCheckpoint(): number {
    return this.#length - this.#checkpointed;
  }

  /** Appends one line; it is in the file (the OS's page cache) when this returns. */
  append(entry: JournalEntry): void {
    writeSync(this.#fd, `${JSON.stringify(entry)}\n`);
    this.#length += 1;
  }

  /** Journals every write of `devnet` from now on; a restore is followed by a checkpoint at once. */
  attach(devnet: Devnet): () => void {
    return devnet.onWrite((write) => {
      this.append(entryOfWrite(write));
      if (write.kind === "restore") this.checkpoint(devnet);
    });
  }

  /** Writes the chain as it is now, covering every line so far, atomically. */
  checkpoint(devnet: Devnet): void {
    fsyncSync(this.#fd);
    const snapshot = devnet.snapshot();
    const header: CheckpointHeader = {
      v: 1,
      seed: snapshot.clock.seed,
      entries: this.#length,
      slot: snapshot.clock.slot.toString(),
      genesisUnixTimestamp: snapshot.clock.genesisUnixTimestamp.toString(),
      slotMillis: snapshot.clock.slotMillis,
      seqInSlot: snapshot.seqInSlot,
    };
    const path = join(this.#dir, CHECKPOINT_FILE);
    const temporary = `${path}.tmp`;
    const fd = openSync(temporary, "w");
    try {
      writeSync(fd, `${JSON.stringify(header)}\n`);
      writeSync(fd, snapshot.svm);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    this.#checkpointed = this.#length;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** Every kind of journal line this simulator writes (journal-entry.ts). */
const ENTRY_KINDS: ReadonlySet<string> = new Set<JournalEntry["k"]>([
  "meta",
  "tx",
  "airdrop",
  "account",
  "metadata",
  "populated",
  "prices",
  "restore",
  "queued",
]);

function parseLine(line: string, index: number): JournalEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    throw new Error(`journal line ${index + 1} is not JSON: the state directory is damaged`);
  }
  // A line of another kind would be skipped as if it held no state, and the chain served without it.
  const kind = typeof entry === "object" && entry !== null ? (entry as { k?: unknown }).k : undefined;
  if (typeof kind !== "string" || !ENTRY_KINDS.has(kind)) {
    throw new Error(
      `journal line ${index + 1} is not a journal entry (its kind is ${JSON.stringify(kind) ?? "missing"}): the state directory is damaged`,
    );
  }
  return entry as JournalEntry;
}

/** The checkpoint's first line, as `checkpoint` writes it. */
const CheckpointHeader = Type.Object({
  v: Type.Literal(1),
  seed: Type.String(),
  entries: Type.Integer({ minimum: 0 }),
  slot: Type.String({ pattern: "^[0-9]{1,20}$" }),
  genesisUnixTimestamp: Type.String({ pattern: "^-?[0-9]{1,20}$" }),
  slotMillis: Type.Integer({ minimum: 1 }),
  seqInSlot: Type.Integer({ minimum: 0 }),
});
type CheckpointHeader = Static<typeof CheckpointHeader>;

/** The checkpoint's header, or an error naming the file and what is wrong with it. */
function checkpointHeader(path: string, line: string): CheckpointHeader {
  let header: unknown;
  try {
    header = JSON.parse(line);
  } catch {
    throw new Error(`${path}: its header line is not JSON: the state directory is damaged`);
  }
  const version = typeof header === "object" && header !== null ? (header as { v?: unknown }).v : undefined;
  if (version !== 1) throw new Error(`${path} has version ${JSON.stringify(version) ?? "missing"}; this simulator reads version 1`);
  const fault = Value.Errors(CheckpointHeader, header).First();
  if (fault)
    throw new Error(
      `${path}: its header's ${fault.path.slice(1) || "line"} ${fault.message.toLowerCase()}: the state directory is damaged`,
    );
  return header as CheckpointHeader;
}

function readCheckpoint(path: string): Checkpoint | null {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  const end = bytes.indexOf(NEWLINE);
  if (end < 0) throw new Error(`${path} has no header line`);
  const header = checkpointHeader(path, bytes.subarray(0, end).toString("utf8"));
  return {
    entries: header.entries,
    seed: header.seed,
    slot: BigInt(header.slot),
    genesisUnixTimestamp: BigInt(header.genesisUnixTimestamp),
    slotMillis: header.slotMillis,
    seqInSlot: header.seqInSlot,
    svm: new Uint8Array(bytes.subarray(end + 1)),
  };
}
