/**
 * Test helpers: compile a fixture C program and run a linked program in
 * LiteSVM with zero accounts.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
} from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM, TransactionMetadata } from "litesvm";
import { compileBpf } from "../compile-bpf.ts";

export const FIXTURES_DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** A scratch directory removed by `dispose()`. */
export class ScratchDir {
  readonly path = mkdtempSync(join(tmpdir(), "toolchain-test-"));
  dispose(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Compiles fixtures/<name>.c into `dir` and returns the object bytes. */
export function compileFixture(name: string, dir: string, extraFlags: readonly string[] = []): Uint8Array {
  const object = join(dir, `${name}.o`);
  compileBpf(join(FIXTURES_DIR, `${name}.c`), object, { extraFlags });
  return readFileSync(object);
}

export type RunResult = TransactionMetadata | FailedTransactionMetadata;

/** One deployed program in a fresh LiteSVM, invoked with no accounts. */
export class ProgramUnderTest {
  private constructor(
    private readonly svm: LiteSVM,
    private readonly programId: Address,
    private readonly payer: KeyPairSigner,
  ) {}

  static async deploy(program: Uint8Array): Promise<ProgramUnderTest> {
    const svm = new LiteSVM();
    const programId = (await generateKeyPairSigner()).address;
    svm.addProgram(programId, program);
    const payer = await generateKeyPairSigner();
    svm.airdrop(payer.address, lamports(1_000_000_000n));
    return new ProgramUnderTest(svm, programId, payer);
  }

  async invoke(data: readonly number[]): Promise<RunResult> {
    // Each call is a distinct transaction; fresh blockhashes avoid "already processed".
    this.svm.expireBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.payer, m),
      (m) => this.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstruction({ programAddress: this.programId, accounts: [], data: new Uint8Array(data) }, m),
    );
    return this.svm.sendTransaction(await signTransactionMessageWithSigners(message));
  }
}

/** Logs of a transaction whether it succeeded or failed. */
export function logsOf(result: RunResult): string[] {
  return result instanceof FailedTransactionMetadata ? result.meta().logs() : result.logs();
}

/** The Custom(n) instruction error code, or undefined when the transaction did not fail that way. */
export function customErrorCode(result: RunResult): number | undefined {
  if (!(result instanceof FailedTransactionMetadata)) return undefined;
  const error = result.err();
  if (typeof error !== "object" || !("err" in error)) return undefined;
  const instructionError = error.err();
  return typeof instructionError === "object" && "code" in instructionError ? instructionError.code : undefined;
}

/** What `sol_log_64_` prints for five values. */
export function log64(...values: readonly bigint[]): string {
  return `Program log: ${values.map((v) => `0x${v.toString(16)}`).join(", ")}`;
}
