import type { Capability, CheckFailure, Phase, RuleReference } from "./check.ts";

/** What a reporter knows of a check without holding the check itself. */
export interface CheckSummary {
  readonly id: string;
  /** `scenario`: a scenario file run by `basket-devnet scenario run`, reported through the same reporters. */
  readonly phase: Phase | "scenario";
  readonly rule: RuleReference;
  readonly enforces: "specification" | "decision";
}

export interface CheckNote {
  readonly level: "info" | "decision";
  readonly message: string;
}

/**
 * How a check ended. `note`: a `decision` check found a difference and the run is not
 * `--strict`, so it is reported, not failed.
 */
export type CheckOutcome =
  | { readonly status: "pass"; readonly check: CheckSummary; readonly millis: number; readonly notes: readonly CheckNote[] }
  | {
      readonly status: "fail";
      readonly check: CheckSummary;
      readonly millis: number;
      readonly notes: readonly CheckNote[];
      readonly failure: CheckFailure;
    }
  | {
      readonly status: "note";
      readonly check: CheckSummary;
      readonly millis: number;
      readonly notes: readonly CheckNote[];
      readonly failure: CheckFailure;
    }
  | {
      readonly status: "skip";
      readonly check: CheckSummary;
      readonly millis: number;
      readonly notes: readonly CheckNote[];
      readonly reason: string;
    };

export interface RunSummary {
  readonly baseUrl: string;
  readonly seed: number;
  readonly strict: boolean;
  readonly outcomes: readonly CheckOutcome[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly noted: number;
  /** Of the skipped, the checks never started: `--max-failures` was reached, or the server stopped answering. */
  readonly notRun: number;
  readonly millis: number;
  /** Seconds each phase took, in run order. */
  readonly phaseMillis: Readonly<Partial<Record<Phase, number>>>;
}

/** The events a run emits, in order; reporters consume nothing else. */
export type RunEvent =
  | {
      readonly kind: "runStart";
      readonly baseUrl: string;
      readonly seed: number;
      readonly checks: readonly CheckSummary[];
      readonly capabilities: readonly Capability[];
      /** Why each missing capability is missing, for the header. */
      readonly missing: Readonly<Partial<Record<Capability, string>>>;
      readonly documentSource: string;
    }
  | { readonly kind: "phaseStart"; readonly phase: Phase; readonly count: number }
  | { readonly kind: "checkStart"; readonly check: CheckSummary }
  | { readonly kind: "checkNote"; readonly check: CheckSummary; readonly note: CheckNote }
  | { readonly kind: "checkEnd"; readonly outcome: CheckOutcome; readonly savedTo?: string }
  | { readonly kind: "phaseEnd"; readonly phase: Phase; readonly millis: number }
  | { readonly kind: "runEnd"; readonly summary: RunSummary };

export type RunListener = (event: RunEvent) => void;
