import { getBase64Decoder } from "@solana/kit";
import { readWireTransaction } from "../../conformance/model/wire-transaction.ts";

/** Where a recorded build put a transaction: the build's variable, the plan index, and what signing it needs. */
export interface PlanPlace {
  /** The variable holding the build's answer (`build1`). */
  readonly build: string;
  /** The reference to the unsigned transaction in the replay (`${build1.plan[2].transaction}`). */
  readonly reference: string;
  /** The quote variable the build was made from, when known. */
  readonly quote: string | undefined;
  /** The signers whose slots the build left empty: the client's keys. */
  readonly unsignedSigners: readonly string[];
}

const toBase64 = getBase64Decoder();

/** The message bytes of a base64 wire transaction (what signing does not change), as text; null when it cannot be read. */
export function messageKeyOf(base64: string): string | null {
  const read = readWireTransaction(base64);
  if ("error" in read) return null;
  return toBase64.decode(read.bytes.subarray(read.messageOffset));
}

/**
 * Every unsigned transaction the recorded builds returned, by message: a signed transaction
 * the client submitted is matched to the plan step it signs by its message bytes, which
 * signing leaves unchanged.
 */
export class PlanMessages {
  readonly #places = new Map<string, PlanPlace>();

  /** Indexes a build's answer (`plan` entries, else its one `transaction`). */
  addBuild(build: string, quote: string | undefined, answer: { transaction?: unknown; plan?: unknown }): void {
    const entries = Array.isArray(answer.plan)
      ? answer.plan.map((step, index) => ({ transaction: (step as { transaction?: unknown }).transaction, reference: `plan[${index}]` }))
      : [];
    entries.push({ transaction: answer.transaction, reference: "" });
    for (const entry of entries) {
      if (typeof entry.transaction !== "string") continue;
      const key = messageKeyOf(entry.transaction);
      const read = readWireTransaction(entry.transaction);
      if (key === null || "error" in read || this.#places.has(key)) continue;
      this.#places.set(key, {
        build,
        reference: `\${${build}.${entry.reference ? `${entry.reference}.` : ""}transaction}`,
        quote,
        unsignedSigners: read.signers.filter((_, index) => read.signatures[index] === null),
      });
    }
  }

  /** The plan step a signed transaction signs, or null when no recorded build returned its message. */
  placeOf(signed: string): PlanPlace | null {
    const key = messageKeyOf(signed);
    return key === null ? null : (this.#places.get(key) ?? null);
  }
}
