import {
  type Address,
  type Instruction,
  type ReadonlyUint8Array,
  type Transaction,
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressCodec,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  getAddressEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  getPublicKeyFromAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransaction,
  verifySignature,
} from "@solana/kit";
import fc from "fast-check";
import { LiteSVM } from "litesvm";
import { describe, expect, it } from "vitest";
import { addressBytes, addressFromBytes, rememberedAddressCodec } from "../address-bytes.ts";
import { checkAfresh, checkTransaction } from "../check-transaction.ts";
import { Devnet } from "../devnet.ts";
import { MAX_TRANSACTION_BYTES, readWireTransaction } from "../read-wire-transaction.ts";
import { signatureVerifies } from "../signature-check.ts";
import {
  compileUnsignedTransaction,
  encodeUnsignedTransaction,
  encodeWireTransaction,
  unsignedTransactionSize,
} from "../unsigned-transaction.ts";

const LIFETIME = { blockhash: "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi" as never, lastValidBlockHeight: 150n };
const addressOf = (bytes: Uint8Array) => getAddressDecoder().decode(bytes);
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(addressOf);

/** Instructions over a small pool of keys (so keys repeat across instructions and roles, as a plan's do). */
const instructions = fc
  .tuple(fc.array(key, { minLength: 1, maxLength: 12 }), fc.array(key, { minLength: 1, maxLength: 3 }))
  .chain(([pool, programs]) =>
    fc.array(
      fc.record({
        programAddress: fc.constantFrom(...programs),
        accounts: fc.array(
          fc.record({
            address: fc.constantFrom(...pool),
            role: fc.constantFrom(AccountRole.READONLY, AccountRole.WRITABLE),
          }),
          { maxLength: 6 },
        ),
        data: fc.uint8Array({ maxLength: 40 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  ) as fc.Arbitrary<Instruction[]>;

function kitCompiled(feePayer: Address, list: Instruction[]): Transaction {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(LIFETIME, m),
      (m) => appendTransactionMessageInstructions(list, m),
    ),
  );
}

/** What `compile` gives, or the error it throws as text: two compilers are compared answer for answer. */
function outcome<T>(compile: () => T): { compiled: T } | { refused: string } {
  try {
    return { compiled: compile() };
  } catch (error) {
    return { refused: String(error) };
  }
}

describe("decoding and encoding once", () => {
  it("remembered address bytes are kit's conversions, both ways", () => {
    // Leading zero bytes are leading "1"s in base58: the edge of a byte-by-byte conversion.
    const keyBytes = fc
      .tuple(fc.nat({ max: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }))
      .map(([zeros, bytes]) => bytes.fill(0, 0, zeros));
    fc.assert(
      fc.property(keyBytes, (bytes) => {
        const address = getAddressDecoder().decode(bytes);
        expect(addressFromBytes(bytes)).toBe(address);
        expect(addressFromBytes(bytes)).toBe(address);
        expect(addressBytes(address)).toEqual(new Uint8Array(getAddressEncoder().encode(address)));
        expect(addressBytes(address)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it("remembered address bytes refuse what kit's encoder refuses, with kit's error", () => {
    const base58 = fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz");
    // Near misses: base58 of 31 to 45 characters (too short, too long, 31 or 33 bytes), other text.
    const text = fc.oneof(fc.string({ unit: base58, minLength: 30, maxLength: 46 }), fc.string({ maxLength: 50 }));
    const attempt = (encode: (address: Address) => ReadonlyUint8Array, candidate: string) => {
      try {
        return { bytes: [...encode(candidate as Address)] };
      } catch (error) {
        return { threw: String(error) };
      }
    };
    fc.assert(
      fc.property(text, (candidate) => {
        expect(attempt(addressBytes, candidate)).toEqual(attempt((value) => getAddressEncoder().encode(value), candidate));
      }),
      { numRuns: 500 },
    );
  });

  it("the remembered address codec reads and writes as kit's, at any offset, and throws where kit's does", () => {
    const ours = rememberedAddressCodec();
    const kits = getAddressCodec();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 80 }), fc.nat({ max: 80 }), (bytes, offset) => {
        const attempt = (codec: typeof ours) => {
          try {
            return { value: codec.read(bytes, offset) };
          } catch {
            return { threw: true };
          }
        };
        expect(attempt(ours)).toEqual(attempt(kits));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(key, (address) => {
        expect(ours.encode(address)).toEqual(kits.encode(address));
      }),
      { numRuns: 100 },
    );
    expect(() => ours.encode("not an address" as Address)).toThrow();
  });

  it("compiles an unsigned transaction to kit's bytes, and writes kit's wire form of it signed or not", async () => {
    const payer = await generateKeyPairSigner();
    await fc.assert(
      fc.asyncProperty(instructions, fc.boolean(), async (list, sign) => {
        const ours = compileUnsignedTransaction({ feePayer: payer.address, instructions: list, lifetime: LIFETIME });
        const kits = kitCompiled(payer.address, list);
        expect(ours).toEqual(kits);
        expect(Object.keys(ours.signatures)).toEqual(Object.keys(kits.signatures));
        const transaction = sign ? await signTransaction([payer.keyPair], ours) : ours;
        expect(encodeWireTransaction(transaction)).toBe(Buffer.from(getTransactionEncoder().encode(transaction)).toString("base64"));
      }),
      { numRuns: 150 },
    );
  });

  it("orders accounts as kit does for any mix of roles, and refuses what kit refuses with kit's error", async () => {
    const payer = await generateKeyPairSigner();
    const roles = fc.constantFrom(AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER);
    // Programs drawn from the accounts' own pool (and the fee payer), so an invoked program is
    // sometimes writable or pays the fees; pools and lists long enough to pass kit's limits.
    const mixed = fc
      .tuple(fc.array(key, { minLength: 1, maxLength: 70, size: "large" }), fc.integer({ min: 1, max: 4 }))
      .chain(([pool, programCount]) =>
        fc.array(
          fc.record({
            programAddress: fc.constantFrom(...pool.slice(0, programCount), ...(programCount === 4 ? [payer.address] : [])),
            accounts: fc.option(fc.array(fc.record({ address: fc.constantFrom(...pool, payer.address), role: roles }), { maxLength: 80 }), {
              nil: undefined,
            }),
            data: fc.option(fc.uint8Array({ maxLength: 20 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      )
      .map((list) =>
        list.map(({ accounts, data, programAddress }) => ({
          programAddress,
          ...(accounts ? { accounts } : {}),
          ...(data ? { data } : {}),
        })),
      );
    let compiled = 0;
    let refused = 0;
    fc.assert(
      fc.property(mixed as fc.Arbitrary<Instruction[]>, (list) => {
        const ours = outcome(() => compileUnsignedTransaction({ feePayer: payer.address, instructions: list, lifetime: LIFETIME }));
        const kits = outcome(() => kitCompiled(payer.address, list));
        expect(ours).toEqual(kits);
        if ("compiled" in ours) compiled++;
        else refused++;
      }),
      { numRuns: 400 },
    );
    // Both kinds of answer were compared, not only one.
    expect(compiled).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it("counts an unsigned transaction's size without compiling it: the length of its wire form, signers and compute limit included", async () => {
    const payer = await generateKeyPairSigner();
    const roles = fc.constantFrom(AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER);
    const signed = fc
      .tuple(fc.array(key, { minLength: 1, maxLength: 40 }), fc.array(key, { minLength: 1, maxLength: 3 }))
      .chain(([pool, programs]) =>
        fc.array(
          fc.record({
            programAddress: fc.constantFrom(...programs),
            accounts: fc.array(fc.record({ address: fc.constantFrom(...pool, payer.address), role: roles }), { maxLength: 140 }),
            data: fc.uint8Array({ maxLength: 300 }),
          }),
          { minLength: 0, maxLength: 4 },
        ),
      ) as fc.Arbitrary<Instruction[]>;
    fc.assert(
      fc.property(signed, fc.option(fc.integer({ min: 1, max: 1_400_000 })), (list, units) => {
        const input = {
          feePayer: payer.address,
          instructions: list,
          lifetime: LIFETIME,
          ...(units === null ? {} : { computeUnitLimit: units }),
        };
        const encoded = outcome(() => encodeUnsignedTransaction(input));
        // A message past the network's counts (13 signers, say) has no wire form; its count
        // alone must then be too big to send, so the planner never picks it.
        if ("refused" in encoded) expect(unsignedTransactionSize(input)).toBeGreaterThan(MAX_TRANSACTION_BYTES);
        else expect(unsignedTransactionSize(input)).toBe(Buffer.byteLength(encoded.compiled, "base64"));
      }),
      { numRuns: 300 },
    );
  });

  it("a transaction read at the door is checked by the devnet without decoding again, with the answer of a fresh check", async () => {
    const payer = await generateKeyPairSigner();
    await fc.assert(
      fc.asyncProperty(instructions, fc.nat(), fc.integer({ min: 0, max: 255 }), async (list, at, value) => {
        const signed = await signTransaction(
          [payer.keyPair],
          compileUnsignedTransaction({ feePayer: payer.address, instructions: list, lifetime: LIFETIME }),
        );
        const wire = new Uint8Array(getTransactionEncoder().encode(signed));
        // Any byte changed: a reading may fail, and what the memo says must still be a fresh check's answer.
        wire[at % wire.length] = value;
        const reading = readWireTransaction(Buffer.from(wire).toString("base64"));
        if (!reading.ok) return;
        const { transaction } = reading;
        // The reader's own decoding is kit's, field for field: the transaction (signers in
        // order, all-zero signatures null) and its message.
        const kits = getTransactionDecoder().decode(wire);
        expect(transaction).toEqual(kits);
        expect(Object.keys(transaction.signatures)).toEqual(Object.keys(kits.signatures));
        expect(Object.isFrozen(transaction.signatures)).toBe(true);
        expect(reading.message).toEqual(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
        expect(checkTransaction(transaction)).toEqual(checkAfresh(transaction));
        expect(checkTransaction(transaction)).toBe(checkTransaction(transaction));
      }),
      { numRuns: 150 },
    );
  });

  it("a remembered check never answers for bytes the transaction no longer carries", async () => {
    const payer = await generateKeyPairSigner();
    const signed = await signTransaction(
      [payer.keyPair],
      compileUnsignedTransaction({
        feePayer: payer.address,
        instructions: [{ programAddress: "MemoSq4gqABAXKb96qnH8TzNMqxwKEDVT8oHzjxqtHa" as Address, data: new Uint8Array(4) }],
        lifetime: LIFETIME,
      }),
    );
    const reading = readWireTransaction(Buffer.from(getTransactionEncoder().encode(signed)).toString("base64"));
    if (!reading.ok) throw new Error(reading.reason);
    const { transaction } = reading;
    expect(checkTransaction(transaction).ok).toBe(true);
    // Marked as a v1 message in place: the same object now fails, as a fresh check says.
    (transaction.messageBytes as unknown as Uint8Array)[0] = 0x81;
    expect(checkTransaction(transaction)).toEqual(checkAfresh(transaction));
    expect(checkTransaction(transaction).ok).toBe(false);
  });

  it("verifies a signature as kit's WebCrypto check does: valid, altered, another signer's, a key off the curve", async () => {
    const signers = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom("valid", "altered", "other", "random key"),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (message, at, value, kind, randomKey) => {
          const signature = new Uint8Array(await signBytes(signers[0].keyPair.privateKey, message));
          if (kind === "altered") signature[at % 64] = value;
          const signer = kind === "other" ? signers[1].address : kind === "random key" ? addressOf(randomKey) : signers[0].address;
          let expected: boolean;
          try {
            expected = await verifySignature(await getPublicKeyFromAddress(signer), signature as never, message);
          } catch {
            expected = false;
          }
          expect(signatureVerifies(signer, signature, message)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the devnet's account reads answer as LiteSVM's own, field for field, before and after changes and a restore", async () => {
    const devnet = Devnet.start({ seed: "decode-once" });
    const wallet = (await generateKeyPairSigner()).address;
    const compare = (addresses: Address[]) => {
      const fresh = LiteSVM.fromBytes(devnet.snapshot().svm);
      for (const address of addresses) {
        const theirs = fresh.getAccount(address);
        expect(devnet.getAccount(address)).toEqual(theirs.exists ? theirs : null);
        expect(devnet.getBalance(address)).toBe(fresh.getBalance(address) ?? 0n);
      }
    };
    const program = "BasketLaunch1111111111111111111111111111111" as Address;
    const known = [
      wallet,
      "So11111111111111111111111111111111111111112" as Address,
      "SysvarC1ock11111111111111111111111111111111" as Address,
    ];
    compare([...known, program]);
    expect(devnet.getAccount(wallet)).toBeNull();
    devnet.airdrop(wallet, 5n);
    compare(known);
    expect(devnet.getAccount(wallet)?.lamports).toBe(lamports(5n));
    const before = devnet.snapshot();
    devnet.airdrop(wallet, 7n);
    expect(devnet.getBalance(wallet)).toBe(12n);
    devnet.restore(before);
    expect(devnet.getBalance(wallet)).toBe(5n);
    compare(known);
  });
});
