import { type Address, generateKeyPairSigner, getCompiledTransactionMessageDecoder, getTransactionEncoder } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SupportedMessage } from "../../chain/check-transaction.ts";
import type { InnerInstruction, LandedTransaction } from "../../chain/devnet.ts";
import { Devnet } from "../../chain/devnet.ts";
import { signInstructions } from "../../chain/sign-instructions.ts";
import { HistoryEntry, type KeyState, createInterning, packInnerInstructions, unpackInnerInstructions } from "../history-entry.ts";

const MINTS = ["So11111111111111111111111111111111111111112", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"] as Address[];
const OWNERS = ["11111111111111111111111111111111", "BPFLoaderUpgradeab1e11111111111111111111111"] as Address[];
const TOKEN_PROGRAMS = ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"] as Address[];

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const keyState: fc.Arbitrary<KeyState> = fc.record({
  lamports: u64,
  token: fc.option(
    fc.record({
      mint: fc.constantFrom(...MINTS),
      owner: fc.constantFrom(...OWNERS),
      amount: u64,
      decimals: fc.integer({ min: 0, max: 18 }),
      program: fc.constantFrom(...TOKEN_PROGRAMS),
    }),
    { nil: null },
  ),
});
/** CPIs as the runtime reports them: any account indexes, data up to the runtime's 10 KiB bound, stack heights 2 to 5. */
const innerInstruction: fc.Arbitrary<InnerInstruction> = fc.record({
  programIdIndex: fc.integer({ min: 0, max: 255 }),
  accounts: fc.uint8Array({ maxLength: 300 }),
  data: fc.uint8Array({ maxLength: 10_240 }),
  stackHeight: fc.integer({ min: 2, max: 5 }),
});
const innerInstructions = fc.array(fc.array(innerInstruction, { maxLength: 8 }), { maxLength: 6 });

/** Plain copies, so equality compares contents, not views into a packed buffer. */
const plain = (inner: readonly (readonly InnerInstruction[])[]) =>
  inner.map((calls) => calls.map((call) => ({ ...call, accounts: [...call.accounts], data: [...call.data] })));

describe("a packed history entry", () => {
  it("gives back the inner instructions it packed", () => {
    fc.assert(
      fc.property(innerInstructions, (inner) => {
        expect(plain(unpackInnerInstructions(packInnerInstructions(inner)))).toEqual(plain(inner));
      }),
    );
  });

  it("gives back the transaction, its message, its keys, both sides' states, its CPIs and its whole log", async () => {
    const devnet = Devnet.start({ seed: "history-entry" });
    const payer = await generateKeyPairSigner();
    const recipients = await Promise.all([1, 2, 3].map(() => generateKeyPairSigner()));
    const transaction = await signInstructions({
      feePayer: payer,
      lifetime: devnet.latestBlockhash(),
      instructions: recipients.map((recipient) => getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1n })),
    });
    devnet.close();
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as SupportedMessage;
    const keys = message.staticAccounts.length;
    const landed: LandedTransaction = {
      signature: "5".repeat(88) as LandedTransaction["signature"],
      slot: 7n,
      seq: 0,
      unixTimestamp: 1_700_000_000n,
      ok: true,
      error: null,
      logs: [
        "Program 11111111111111111111111111111111 invoke [1]",
        "Program data: AQID",
        "Program 11111111111111111111111111111111 success",
      ],
      computeUnits: 450n,
    };
    const interning = createInterning();
    fc.assert(
      fc.property(
        fc.array(keyState, { minLength: keys, maxLength: keys }),
        fc.array(keyState, { minLength: keys, maxLength: keys }),
        innerInstructions,
        (pre, post, inner) => {
          const entry = new HistoryEntry(landed, transaction, message, { pre, post }, inner, interning);
          expect(entry.pre).toEqual(pre);
          expect(entry.post).toEqual(post);
          expect(plain(entry.inner)).toEqual(plain(inner));
          expect(entry.keys).toEqual(message.staticAccounts);
          expect(entry.landed).toEqual(landed);
          expect(entry.message).toEqual(message);
          expect(entry.wire).toEqual(new Uint8Array(getTransactionEncoder().encode(transaction)));
          // What the wire carries (kit's signing also attaches the lifetime, which no wire decoder recovers).
          expect(entry.transaction).toEqual({ messageBytes: transaction.messageBytes, signatures: transaction.signatures });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("shares one holder object per mint, owner, decimals and token program among entries", () => {
    // (Strings are shared the same way, but a string's identity cannot be observed: the chain bench's row measures it.)
    const interning = createInterning();
    const holder = (owner: Address, program = TOKEN_PROGRAMS[0]!) => interning.holder({ mint: MINTS[0]!, owner, decimals: 9, program });
    expect(holder(OWNERS[0]!)).toBe(holder(OWNERS[0]!));
    expect(holder(OWNERS[0]!)).not.toBe(holder(OWNERS[1]!));
    expect(holder(OWNERS[0]!)).not.toBe(holder(OWNERS[0]!, TOKEN_PROGRAMS[1]));
    expect(holder(OWNERS[0]!)).toEqual({ mint: MINTS[0], owner: OWNERS[0], decimals: 9, program: TOKEN_PROGRAMS[0] });
  });
});
