import type { Signature } from "@solana/kit";

/**
 * Steps remembered at once before the oldest are forgotten. A step can land only while its
 * blockhash lives (about a minute), and steps sent together arrive milliseconds apart: this
 * covers seconds of builds at the highest rate the benchmark reaches.
 */
const MAX_STEPS = 4_096;

interface PlanRecord {
  /** The quote the plan was built for. */
  readonly quoteId: string;
  /** The signature each step was submitted with, by step index; undefined until it is. */
  readonly submitted: (Signature | undefined)[];
}

/**
 * The steps of built plans, by message (base64 of the message bytes, as submit reads
 * them), in order: which plan a submitted transaction belongs to, which step it is, and
 * which of the plan's earlier steps were already submitted. Submit asks it so that a step
 * sent while an earlier one has not landed lands as the specification says it does —
 * "out-of-order or concurrent landing fails" — instead of in the order it arrived.
 */
export class PlanLedger {
  readonly #steps = new Map<string, { readonly plan: PlanRecord; readonly index: number }>();

  /** Remembers one plan built for `quoteId`, its steps' messages in order. */
  record(quoteId: string, messages: readonly string[]): void {
    const plan: PlanRecord = { quoteId, submitted: messages.map(() => undefined) };
    messages.forEach((message, index) => {
      // A message built twice (the same quote built again in the same slot) belongs to the newer plan.
      this.#steps.delete(message);
      this.#steps.set(message, { plan, index });
    });
    for (const oldest of this.#steps.keys()) {
      if (this.#steps.size <= MAX_STEPS) break;
      this.#steps.delete(oldest);
    }
  }

  /** Another quote than `quoteId` that a plan holding one of `messages` was built for, or null. */
  builtForAnother(quoteId: string, messages: readonly string[]): string | null {
    for (const message of messages) {
      const other = this.#steps.get(message)?.plan.quoteId;
      if (other !== undefined && other !== quoteId) return other;
    }
    return null;
  }

  /** The signatures of the earlier steps of `message`'s plan that were submitted, nearest first; none for a message no plan holds. */
  earlierSubmitted(message: string): readonly Signature[] {
    const step = this.#steps.get(message);
    if (!step) return [];
    const earlier: Signature[] = [];
    for (let index = step.index - 1; index >= 0; index--) {
      const signature = step.plan.submitted[index];
      if (signature !== undefined) earlier.push(signature);
    }
    return earlier;
  }

  /** Notes that `message`'s step was submitted as `signature`. */
  submitted(message: string, signature: Signature): void {
    const step = this.#steps.get(message);
    if (step) step.plan.submitted[step.index] = signature;
  }
}
