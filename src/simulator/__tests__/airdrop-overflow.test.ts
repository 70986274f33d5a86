import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, describe, expect, it } from "vitest";
import { U64_MAX } from "../../wire/wire-fields.ts";
import { startSimulator } from "../simulator.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SMALL = { port: 0, clockMode: "manual", launchCount: 2, historyHours: 0.1, bots: false } as const;
/** The most one /devnet/airdrop call gives: a million SOL. */
const MILLION_SOL = 10n ** 15n;

describe("an airdrop that would overflow u64", () => {
  it("is a 409 that journals nothing, and the state directory still starts afterwards", async () => {
    const dir = mkdtempSync(join(tmpdir(), "basket-overflow-"));
    dirs.push(dir);
    const wallet = (await generateKeyPairSigner()).address;
    const first = await startSimulator({ ...SMALL, seed: "overflow", stateDir: dir });
    const post = (body: object) =>
      first.app
        .inject({ method: "POST", url: "/devnet/airdrop", payload: body })
        .then((reply) => ({ status: reply.statusCode, body: reply.json() }));
    try {
      // 18,446 airdrops of 10^15 fit in a u64; the 18,447th does not. The first ones go
      // straight to the chain (same path, journaled each), the last ones through HTTP.
      const fitting = U64_MAX / MILLION_SOL;
      expect(fitting).toBe(18_446n);
      for (let i = 1n; i < fitting; i++) expect(first.devnet.airdrop(wallet, MILLION_SOL).ok).toBe(true);
      expect(await post({ wallet, lamports: MILLION_SOL.toString() })).toMatchObject({
        status: 200,
        body: { solLamports: (fitting * MILLION_SOL).toString() },
      });
      const overflow = await post({ wallet, lamports: MILLION_SOL.toString() });
      expect(overflow.status).toBe(409);
      expect(overflow.body).toMatchObject({ code: "DEVNET_REFUSED", error: expect.stringMatching(/would pass the u64 maximum/) });
      expect(first.devnet.getBalance(wallet)).toBe(fitting * MILLION_SOL);

      // A component: mint until the supply would pass u64; that call is refused whole.
      const mint = first.world.components[0]!.mint;
      const amount = (2n ** 62n).toString();
      let refused: { status: number; body: { code?: string; error?: string } } | null = null;
      for (let i = 0; i < 8 && refused === null; i++) {
        const reply = await post({ wallet, mint, amount });
        if (reply.status !== 200) refused = reply;
      }
      expect(refused).toMatchObject({
        status: 409,
        body: { code: "DEVNET_REFUSED", error: expect.stringMatching(/supply of \d+; minting/) },
      });
      // Lamports and a mint together: the lamports overflow, so the mint does not happen either.
      const before = await post({ wallet, mint: first.world.components[1]!.mint, amount: "1" });
      expect(before.status).toBe(200);
      const both = await post({ wallet, lamports: MILLION_SOL.toString(), mint: first.world.components[1]!.mint, amount: "1" });
      expect(both.status).toBe(409);
      expect((await post({ wallet, mint: first.world.components[1]!.mint, amount: "0" })).body.tokenAmount).toBe(before.body.tokenAmount);
    } finally {
      await first.close();
    }

    const second = await startSimulator({ ...SMALL, stateDir: dir });
    try {
      expect(second.recovered).toBe(true);
      expect(second.devnet.getBalance(wallet)).toBe((U64_MAX / MILLION_SOL) * MILLION_SOL);
    } finally {
      await second.close();
    }
  }, 120_000);
});
