/**
 * Issue 2's benchmark: curve buys per second against plain SOL transfers per second in the
 * same LiteSVM, the compute units of every program instruction, and devnet start-up with
 * the genesis world. Everything is measured in this one run and printed side by side.
 */
import { type KeyPairSigner, type Transaction, generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { Devnet, type SendResult } from "../src/chain/devnet.ts";
import { signInstructions } from "../src/chain/sign-instructions.ts";
import {
  NATIVE_MINT_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  deriveMigrateAccounts,
  deriveTradeAccounts,
  getBuyExactInInstruction,
  getBuyExactOutInstruction,
  getMigrateInstruction,
  getSellInstruction,
  getSwapInstruction,
} from "../src/programs/index.ts";
import { HISTORY_CAPACITY, TransactionHistory } from "../src/rpc/transaction-history.ts";
import { GenesisWorld } from "../src/world/genesis-world.ts";
import { CREATE_LAUNCH_COMPUTE_UNITS, prepareLaunch } from "../src/world/launch-factory.ts";
import { median, table, throughput, topLevelComputeUnits } from "./measure.ts";

const SOL = 1_000_000_000n;

function landedOk(result: SendResult, what: string) {
  if (!result.landed || !result.transaction.ok) {
    throw new Error(`${what} failed: ${JSON.stringify(result.landed ? result.transaction.error : result.error)}`);
  }
  return result.transaction;
}

async function startUp(runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const devnet = Devnet.start({ seed: `startup-${i}` });
    await GenesisWorld.create(devnet);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * What the chain holds for good per landed transaction (its status record and remembered log):
 * buys signed first and held until measured, so only what landing them added is counted.
 * `firstAmount` keeps each call's buys distinct transactions.
 */
async function rememberedPerBuy(
  devnet: Devnet,
  trader: KeyPairSigner,
  accounts: Awaited<ReturnType<typeof deriveTradeAccounts>>,
  firstAmount: bigint,
): Promise<{ buys: number; bytesPerBuy: number; linesKept: number; linesWhole: number }> {
  const buys = 3_000;
  const lifetime = devnet.latestBlockhash();
  const signed: Transaction[] = [];
  for (let i = 1; i <= buys; i++) {
    signed.push(
      await signInstructions({
        feePayer: trader,
        instructions: [getBuyExactOutInstruction({ ...accounts, amount: firstAmount + BigInt(i), maxDnaIn: 10n ** 15n })],
        lifetime,
      }),
    );
  }
  const held = () => {
    globalThis.gc?.();
    globalThis.gc?.();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const before = held();
  let last: SendResult | null = null;
  for (const transaction of signed) last = devnet.send(transaction);
  const after = held();
  const whole = landedOk(last!, "buy");
  const kept = devnet.landedTransactions().find((landed) => landed.signature === whole.signature)!;
  // Held until here, so the signed transactions count on both sides.
  signed.length = 0;
  return { buys, bytesPerBuy: (after - before) / buys, linesKept: kept.logs.length, linesWhole: whole.logs.length };
}

export async function chainBench(): Promise<string> {
  const devnet = Devnet.start({ seed: "bench" });
  const world = await GenesisWorld.create(devnet);
  const creator = await generateKeyPairSigner();
  const trader = await generateKeyPairSigner();
  await world.fund(creator.address, { lamports: 100n * SOL });
  const cu: (string | number)[][] = [];
  const record = (name: string, components: number | string, result: SendResult) => {
    const units = topLevelComputeUnits(landedOk(result, name).logs).filter((entry) => !entry.program.startsWith("ComputeBudget"));
    cu.push([name, components, units.at(-1)!.units]);
  };
  const send = async (instructions: Parameters<typeof signInstructions>[0]["instructions"], payer = trader, computeUnitLimit?: number) =>
    devnet.send(
      await signInstructions({
        feePayer: payer,
        instructions,
        lifetime: devnet.latestBlockhash(),
        ...(computeUnitLimit ? { computeUnitLimit } : {}),
      }),
    );

  // One launch per recipe size, each traded once of every kind.
  let seed = 0n;
  let buyLaunch: Awaited<ReturnType<typeof prepareLaunch>> = null;
  for (const count of [1, 3, 5]) {
    const mints = world.components.slice(0, count).map((component) => component.mint);
    const prepared = (await prepareLaunch(world, {
      creator: creator.address,
      seed: ++seed,
      symbol: `B${count}`,
      name: `Bench ${count}`,
      components: mints.map((mint, i) => ({ mint, targetBps: i === 0 ? 10_000 - 2_000 * (count - 1) : 2_000 })),
    }))!;
    record("launch.create", count, await send([prepared.instruction], creator, CREATE_LAUNCH_COMPUTE_UNITS));
    await world.fund(trader.address, { lamports: 1_000n * SOL, components: mints.map((mint) => ({ mint, amount: 10n ** 17n })) });
    const accounts = await deriveTradeAccounts(trader.address, prepared.accounts.launch, mints);
    await send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: trader,
        ata: accounts.traderPrimaryAccount,
        owner: trader.address,
        mint: accounts.primaryMint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      }),
    ]);
    record("curve.buyExactOut", count, await send([getBuyExactOutInstruction({ ...accounts, amount: 10n ** 12n, maxDnaIn: 10n ** 15n })]));
    record("curve.buyExactIn", count, await send([getBuyExactInInstruction({ ...accounts, budget: SOL, minOut: 0n })]));
    record("curve.sell", count, await send([getSellInstruction({ ...accounts, amount: 10n ** 11n, minDnaOut: 0n })]));
    if (count === 3) buyLaunch = prepared;
    if (count === 1) {
      record(
        "curve.buy completing (+ launch.markComplete CPI)",
        count,
        await send([getBuyExactOutInstruction({ ...accounts, amount: 10n ** 18n, maxDnaIn: 10n ** 18n })]),
      );
      const migrate = await deriveMigrateAccounts(prepared.accounts.launch, mints[0]!);
      record(
        "launch.migrate (pool.initialize + curve.release CPIs)",
        count,
        await send(
          [getMigrateInstruction({ ...migrate, payer: creator.address, componentIndex: 0 })],
          creator,
          CREATE_LAUNCH_COMPUTE_UNITS,
        ),
      );
    }
  }
  const usdc = world.components[0]!;
  const wsol = await world.tokenAccountOf(trader.address, NATIVE_MINT_ADDRESS);
  await send([
    getCreateAssociatedTokenIdempotentInstruction({
      payer: trader,
      ata: wsol,
      owner: trader.address,
      mint: NATIVE_MINT_ADDRESS,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    }),
  ]);
  const usdcAccount = await world.tokenAccountOf(trader.address, usdc.mint);
  record(
    "pool.swap",
    "-",
    await send([
      getSwapInstruction({
        trader: trader.address,
        pool: usdc.venue.pool,
        vaultIn: usdc.venue.vaultB,
        vaultOut: usdc.venue.vaultA,
        traderIn: usdcAccount,
        traderOut: wsol,
        amountIn: 10n ** 8n,
        minOut: 0n,
      }),
    ]),
  );

  // Throughput: the same number of buys and transfers, signed beforehand so only execution is timed.
  const count = 2_000;
  const accounts = await deriveTradeAccounts(
    trader.address,
    buyLaunch!.accounts.launch,
    world.components.slice(0, 3).map((c) => c.mint),
  );
  const lifetime = devnet.latestBlockhash();
  const recipient = await generateKeyPairSigner();
  devnet.airdrop(recipient.address, SOL); // rent-exempt already, so 1-lamport transfers land
  const buys: Transaction[] = [];
  const transfers: Transaction[] = [];
  for (let i = 1; i <= count; i++) {
    buys.push(
      await signInstructions({
        feePayer: trader,
        instructions: [getBuyExactOutInstruction({ ...accounts, amount: BigInt(i) * 1_000n, maxDnaIn: 10n ** 15n })],
        lifetime,
      }),
    );
    transfers.push(
      await signInstructions({
        feePayer: trader,
        instructions: [getTransferSolInstruction({ source: trader, destination: recipient.address, amount: BigInt(i) })],
        lifetime,
      }),
    );
  }
  // Interleaved rounds so neither side gets the warmer machine.
  const rounds = 4;
  const per = count / rounds;
  let buyRate = 0;
  let transferRate = 0;
  for (let round = 0; round < rounds; round++) {
    transferRate += throughput(transfers.slice(round * per, (round + 1) * per), (tx) => landedOk(devnet.send(tx), "transfer")) / rounds;
    buyRate += throughput(buys.slice(round * per, (round + 1) * per), (tx) => landedOk(devnet.send(tx), "buy")) / rounds;
  }
  const startup = await startUp(15);
  const remembered = await rememberedPerBuy(devnet, trader, accounts, 7_000_000n);
  // The same again with the RPC's transaction history following the chain (as `up` runs it):
  // the difference is what the history keeps of each landing, well under its 10,000 cap.
  TransactionHistory.of(devnet);
  const withHistory = await rememberedPerBuy(devnet, trader, accounts, 8_000_000n);

  return [
    "## Chain core (issue 2)",
    "",
    table(
      ["measure", "value", "goal"],
      [
        ["SOL transfers / s (devnet.send, LiteSVM)", transferRate.toFixed(0), ""],
        ["curve buys / s, 3 components (devnet.send, LiteSVM)", buyRate.toFixed(0), ""],
        ["ratio buys / transfers", (buyRate / transferRate).toFixed(3), "≥ 0.3"],
        ["devnet start-up with genesis world, median of 15 (ms)", startup.toFixed(1), "< 250"],
        [
          `JS memory the chain keeps per landed buy (${remembered.buys} buys; heap + external delta, bytes)`,
          remembered.bytesPerBuy.toFixed(0),
          "",
        ],
        ["log lines of a buy the chain keeps, of its whole log", `${remembered.linesKept} of ${remembered.linesWhole}`, ""],
        [
          `JS memory the RPC's transaction history keeps per landed buy (the same measure with it following the chain, less the row above; it holds ${HISTORY_CAPACITY.toLocaleString("en-US")})`,
          (withHistory.bytesPerBuy - remembered.bytesPerBuy).toFixed(0),
          "",
        ],
      ],
    ),
    "",
    "Compute units per instruction (top-level, as the runtime logs them):",
    "",
    table(["instruction", "components", "compute units"], cu),
  ].join("\n");
}
