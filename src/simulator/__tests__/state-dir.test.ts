import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { address, generateKeyPairSigner, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, describe, expect, it } from "vitest";
import { signInstructions } from "../../chain/sign-instructions.ts";
import type { Devnet } from "../../chain/devnet.ts";
import { DEFAULT_GENESIS_UNIX_TIMESTAMP } from "../../chain/virtual-clock.ts";
import { CURVE_PROGRAM_ADDRESS, LAUNCH_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../programs/index.ts";
import { type Simulator, startSimulator } from "../simulator.ts";
import { LOCK_FILE } from "../state-dir-lock.ts";
import { CHECKPOINT_FILE, JOURNAL_FILE, StateJournal } from "../state-journal.ts";
import { defaultCollectibleCount } from "../../world/collectible-plan.ts";

const dirs: string[] = [];
function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "basket-state-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Pinned genesis: a restart resumes exactly where the journal stopped (no wall-clock catch-up).
const SMALL = { port: 0, clockMode: "manual", launchCount: 10, historyHours: 1, genesisTime: DEFAULT_GENESIS_UNIX_TIMESTAMP } as const;
const META = {
  k: "meta",
  v: 1,
  seed: "state-d",
  slotMillis: 400,
  genesisUnixTimestamp: "1767225600",
  launchCount: 10,
  historyHours: 1,
  solUsd: 150,
};

/** Advances slot by slot, letting the bots and the keeper submit between slots. */
async function advance(simulator: Simulator, slots: number): Promise<void> {
  for (let i = 0; i < slots; i++) {
    simulator.devnet.advanceSlots(1);
    await simulator.bots?.whenIdle();
    await simulator.keeper.whenIdle();
  }
}

/** Stops serving without the clean close's checkpoint: what the journal holds is all that survives. */
async function abandon(simulator: Simulator): Promise<void> {
  simulator.devnet.close();
  simulator.bots?.stop();
  simulator.keeper.stop();
  await simulator.app.close();
}

const chainState = (devnet: Devnet) =>
  [LAUNCH_PROGRAM_ADDRESS, CURVE_PROGRAM_ADDRESS, POOL_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS].map((owner) =>
    devnet.getProgramAccounts(owner),
  );

function everyTrade(simulator: Simulator) {
  return simulator.population.launches.flatMap((launch) => simulator.readModel.trades(launch.address, { limit: 200 })!.trades);
}

describe("--state-dir", () => {
  it("resumes the same chain, trades, statuses and metadata after an unclean stop", async () => {
    const dir = stateDir();
    const first = await startSimulator({ ...SMALL, seed: "state-a", stateDir: dir });
    expect(first.recovered).toBe(false);
    await advance(first, 60);
    const trades = everyTrade(first);
    const landed = (
      JSON.parse(`[${readFileSync(join(dir, JOURNAL_FILE), "utf8").trim().split("\n").join(",")}]`) as { k: string; sig?: string }[]
    )
      .filter((entry) => entry.k === "tx")
      .map((entry) => entry.sig!);
    const statuses = landed.map((signature) => first.devnet.getTransactionStatus(signature as never));
    const state = chainState(first.devnet);
    const launchRows = first.population.launches.map((launch) => first.readModel.getLaunch(launch.address));
    const slot = first.devnet.now().slot;
    await abandon(first);

    const second = await startSimulator({ ...SMALL, stateDir: dir, bots: false });
    try {
      expect(second.recovered).toBe(true);
      expect(second.devnet.seed).toBe("state-a");
      expect(second.devnet.now().slot).toBeGreaterThanOrEqual(slot - 25n);
      expect(chainState(second.devnet)).toEqual(state);
      expect(everyTrade(second)).toEqual(trades);
      expect(landed.map((signature) => second.devnet.getTransactionStatus(signature as never))).toEqual(statuses);
      const rows = second.population.launches.map((launch) => second.readModel.getLaunch(launch.address));
      // Another port (0 picks a free one): compare image paths, not origins.
      const facts = (row: (typeof rows)[number]) => [row?.status, row?.description, new URL(row!.imageUri).pathname, row?.progressBps];
      expect(rows.map(facts)).toEqual(launchRows.map(facts));
    } finally {
      await second.close();
    }
  });

  it("samples a price moved by /devnet/prices at the same place after a restart", async () => {
    const dir = stateDir();
    const first = await startSimulator({ ...SMALL, seed: "state-p", stateDir: dir, bots: false });
    // Each start takes another port (0 picks a free one): logos are compared by path.
    const assets = async (simulator: Simulator) => {
      const body = (await simulator.app.inject({ method: "GET", url: "/v1/assets" })).json();
      return { ...body, assets: body.assets.map((asset: { logoUri: string }) => ({ ...asset, logoUri: new URL(asset.logoUri).pathname })) };
    };
    const before = await assets(first);
    const { mint, priceSol } = before.assets[0];
    const moved = await first.app.inject({ method: "POST", url: "/devnet/prices", payload: { mint, priceSol: priceSol * 1.3 } });
    expect(moved.statusCode).toBe(200);
    const after = await assets(first);
    expect(after).not.toEqual(before);
    await first.close();

    const second = await startSimulator({ ...SMALL, stateDir: dir, bots: false });
    try {
      expect(second.recovered).toBe(true);
      expect(await assets(second)).toEqual(after);
    } finally {
      await second.close();
    }
  });

  it("never builds, after a restart, the bytes of a plan still pending from before it: the same trade again trades again", async () => {
    const dir = stateDir();
    const options = { ...SMALL, seed: "state-twin", stateDir: dir, bots: false } as const;
    const first = await startSimulator(options);
    const wallet = Keypair.generate();
    first.devnet.airdrop(address(wallet.publicKey.toBase58()), 10n ** 10n);
    const launch = first.population.launches.find((candidate) => candidate.kind === "pairs" && candidate.status === "activeBonding")!;
    const request = { launch: launch.address, direction: "buy", amountIn: "1000000", wallet: wallet.publicKey.toBase58() };
    const plan = async (simulator: Simulator) => {
      const quote = (await simulator.app.inject({ method: "POST", url: "/v1/trades/quote", payload: request })).json().quote;
      const built = await simulator.app.inject({
        method: "POST",
        url: "/v1/trades/build",
        payload: { quoteId: quote.quoteId, wallet: request.wallet },
      });
      expect(built.statusCode).toBe(200);
      return { quoteId: quote.quoteId as string, steps: (built.json().plan as { transaction: string }[]).map((step) => step.transaction) };
    };
    const before = await plan(first);
    const signed = VersionedTransaction.deserialize(Buffer.from(before.steps[0]!, "base64"));
    signed.sign([wallet]);
    const sent = await first.app.inject({
      method: "POST",
      url: "/v1/transactions/submit",
      payload: { transaction: Buffer.from(signed.serialize()).toString("base64"), quoteId: before.quoteId },
    });
    expect(sent.json().status).toBe("pending");
    await first.close();

    // The manual clock resumes at the same slot, with the same latest blockhash: only the plan's own bytes could match.
    const second = await startSimulator(options);
    try {
      const after = await plan(second);
      expect(after.steps.some((step) => before.steps.includes(step))).toBe(false);
    } finally {
      await second.close();
    }
  });

  it("keeps a transaction accepted and not landed pending across a clean restart, and lands it after", async () => {
    const dir = stateDir();
    const first = await startSimulator({ ...SMALL, seed: "state-q", stateDir: dir, bots: false });
    const payer = await generateKeyPairSigner();
    const payee = await generateKeyPairSigner();
    first.devnet.airdrop(payer.address, 10n ** 10n);
    const transfer = await signInstructions({
      feePayer: payer,
      instructions: [getTransferSolInstruction({ source: payer, destination: payee.address, amount: lamports(10n ** 9n) })],
      lifetime: first.devnet.latestBlockhash(),
    });
    const submitted = first.devnet.submit(transfer);
    if (!submitted.accepted) throw new Error("the transfer was refused");
    expect(first.devnet.getTransactionStatus(submitted.signature).status).toBe("pending");
    await first.close();

    const second = await startSimulator({ ...SMALL, stateDir: dir, bots: false });
    try {
      expect(second.devnet.getTransactionStatus(submitted.signature).status).toBe("pending");
      second.devnet.advanceSlots(1);
      expect(second.devnet.getTransactionStatus(submitted.signature).status).toBe("confirmed");
      expect(second.devnet.getBalance(payee.address)).toBe(10n ** 9n);
    } finally {
      await second.close();
    }
    // Landed now: a third start replays its landing and does not land it twice.
    const third = await startSimulator({ ...SMALL, stateDir: dir, bots: false });
    try {
      third.devnet.advanceSlots(1);
      expect(third.devnet.getBalance(payee.address)).toBe(10n ** 9n);
      expect(third.devnet.getTransactionStatus(submitted.signature).status).toBe("confirmed");
    } finally {
      await third.close();
    }
  });

  it("refuses a seed or another world setting other than the directory's, naming the option", async () => {
    const dir = stateDir();
    const first = await startSimulator({ ...SMALL, seed: "state-b", stateDir: dir });
    await first.close();
    await expect(startSimulator({ ...SMALL, seed: "state-c", stateDir: dir })).rejects.toThrow(
      /holds the world of seed state-b, not state-c/,
    );
    // Every other setting of the world named unlike the directory's is refused too, by its option.
    for (const [other, sentence] of [
      [{ launchCount: 11 }, "holds the world of 10 launches, not 11: name another directory or drop --launches"],
      [{ historyHours: 2 }, "holds the world of 1 history hours, not 2: name another directory or drop --history-hours"],
      [{ solUsd: 300 }, "holds the world of SOL at 150 USD, not 300: name another directory or drop --sol-usd"],
      [
        { genesisTime: "now" },
        `holds the world of genesis time ${DEFAULT_GENESIS_UNIX_TIMESTAMP}, not now: name another directory or drop --genesis-time`,
      ],
    ] as const) {
      await expect(startSimulator({ ...SMALL, ...other, stateDir: dir })).rejects.toThrow(
        new RangeError(`state directory ${dir} ${sentence}`),
      );
    }
    // Named as the directory holds them, or not named, they resume it.
    const resumed = await startSimulator({ port: 0, clockMode: "manual", launchCount: 10, stateDir: dir });
    expect(resumed.recovered).toBe(true);
    await resumed.close();
  });

  it("refuses a directory another live process serves, and takes over one whose server died", async () => {
    const dir = stateDir();
    const first = await startSimulator({ ...SMALL, seed: "state-e", stateDir: dir });
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // Another server's lock: a live process's id.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(join(dir, LOCK_FILE), String(other.pid));
      const journal = readFileSync(join(dir, JOURNAL_FILE));
      await expect(startSimulator({ ...SMALL, stateDir: dir })).rejects.toThrow(
        new RangeError(
          `state directory ${dir} is served by process ${other.pid} (another basket-devnet): stop it, or name another directory (if no such server runs, delete ${join(dir, LOCK_FILE)})`,
        ),
      );
      // Refused before anything was read or written.
      expect(readFileSync(join(dir, JOURNAL_FILE))).toEqual(journal);
    } finally {
      other.kill("SIGKILL");
      await new Promise((resolve) => other.once("exit", resolve));
    }
    // Its process is gone (as after kill -9): the lock is stale and taken over.
    const resumed = await startSimulator({ ...SMALL, stateDir: dir });
    expect(resumed.recovered).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    await resumed.close();
  });

  it("resumes a manual clock where it stopped, however long the server was down, even on a wall-clock genesis", async () => {
    const dir = stateDir();
    const options = { ...SMALL, seed: "state-f", genesisTime: "now", stateDir: dir } as const;
    const first = await startSimulator(options);
    const stopped = first.devnet.now().slot;
    await first.close();
    // Down for more than two slots of wall time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const resumed = await startSimulator(options);
    expect(resumed.recovered).toBe(true);
    expect(resumed.devnet.now().slot).toBe(stopped);
    await resumed.close();
  });

  it("builds again a world whose building was interrupted", async () => {
    const dir = stateDir();
    writeFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(META)}\n`);
    const simulator = await startSimulator({ ...SMALL, seed: "state-d", stateDir: dir });
    expect(simulator.recovered).toBe(false);
    // The 10 basket launches, and the collectibles a world of 10 holds besides.
    expect(simulator.population.launches.filter((launch) => launch.kind === "pairs")).toHaveLength(10);
    expect(simulator.population.launches).toHaveLength(10 + defaultCollectibleCount(10));
    await simulator.close();
  });
});

describe("StateJournal", () => {
  it("creates a missing directory and its parents", () => {
    const dir = join(stateDir(), "nested", "twice");
    StateJournal.open(dir).journal.close();
    expect(readFileSync(join(dir, JOURNAL_FILE), "utf8")).toBe("");
  });

  // Node's recursive mkdir never returns there: the start spun at 100% CPU, deaf to SIGTERM.
  it.runIf(existsSync("/proc/self"))("refuses a directory under /proc with its error instead of spinning", () => {
    expect(() => StateJournal.open("/proc/basket-devnet/state")).toThrow(/ENOENT/);
  });

  it("cuts a torn last line and keeps the whole ones", () => {
    const dir = stateDir();
    const path = join(dir, JOURNAL_FILE);
    writeFileSync(path, `${JSON.stringify(META)}\n${JSON.stringify({ k: "prices", slot: 2 })}\n`);
    appendFileSync(path, '{"k":"tx","slot":3,"se');
    const opened = StateJournal.open(dir);
    const entries: unknown[] = [];
    opened.journal.forEachEntry((entry) => entries.push(entry));
    expect(entries).toEqual([META, { k: "prices", slot: 2 }]);
    expect(opened.meta).toEqual(META);
    expect(opened.populated).toBeNull();
    opened.journal.append({ k: "prices", slot: 4 });
    opened.journal.close();
    expect(
      readFileSync(path, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).slot),
    ).toEqual([undefined, 2, 4]);
  });

  it("reads a journal larger than its 4 MiB read size, lines split across reads included", () => {
    const dir = stateDir();
    const filler = "x".repeat(1_000);
    const lines = Array.from({ length: 6_000 }, (_, slot) => JSON.stringify({ k: "metadata", slot, launch: filler, metadata: {} }));
    writeFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(META)}\n${lines.join("\n")}\n`);
    const { journal } = StateJournal.open(dir);
    const slots: number[] = [];
    journal.forEachEntry((entry) => entry.k !== "meta" && slots.push(entry.slot));
    journal.close();
    expect(journal.length).toBe(6_001);
    expect(slots).toEqual(lines.map((_, slot) => slot));
  });

  it("refuses a damaged line", () => {
    const dir = stateDir();
    writeFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(META)}\nnot json\n${JSON.stringify({ k: "prices", slot: 2 })}\n`);
    const { journal } = StateJournal.open(dir);
    expect(() => journal.forEachEntry(() => {})).toThrow(/line 2 is not JSON/);
    journal.close();
    writeFileSync(join(dir, JOURNAL_FILE), `not json\n`);
    expect(() => StateJournal.open(dir)).toThrow(/line 1 is not JSON/);
  });

  it.each([
    ["a kind it does not know", { k: "bogus", slot: 2, to: "x", lamports: "777" }, /line 2 is not a journal entry \(its kind is "bogus"\)/],
    ["null", null, /line 2 is not a journal entry \(its kind is missing\)/],
    ["an object without a kind", {}, /line 2 is not a journal entry \(its kind is missing\)/],
  ])("refuses a line of %s instead of skipping it as one without state", (_, line, message) => {
    const dir = stateDir();
    writeFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(META)}\n${JSON.stringify(line)}\n`);
    const { journal } = StateJournal.open(dir);
    expect(() => journal.forEachEntry(() => {})).toThrow(message);
    journal.close();
  });

  const HEADER = { v: 1, seed: "state-d", entries: 1, slot: "0", genesisUnixTimestamp: "1767225600", slotMillis: 400, seqInSlot: 0 };
  it.each([
    ["a header that is not JSON", "{v:1", /chain-checkpoint\.bin: its header line is not JSON/],
    ["another version", JSON.stringify({ ...HEADER, v: 2 }), /chain-checkpoint\.bin has version 2; this simulator reads version 1/],
    ["a header without its slot", JSON.stringify({ ...HEADER, slot: undefined }), /chain-checkpoint\.bin: its header's slot /],
    ["a slot that is not a number", JSON.stringify({ ...HEADER, slot: "soon" }), /chain-checkpoint\.bin: its header's slot /],
    [
      "a count of lines that is not an integer",
      JSON.stringify({ ...HEADER, entries: "1" }),
      /chain-checkpoint\.bin: its header's entries /,
    ],
  ])("refuses a checkpoint with %s, naming the file and the field", (_, header, message) => {
    const dir = stateDir();
    writeFileSync(join(dir, JOURNAL_FILE), `${JSON.stringify(META)}\n`);
    writeFileSync(join(dir, CHECKPOINT_FILE), Buffer.concat([Buffer.from(`${header}\n`), Buffer.alloc(16)]));
    expect(() => StateJournal.open(dir)).toThrow(message);
  });
});
