import type { FailedTransactionMetadata } from "litesvm";

/**
 * Why the chain refused or failed a transaction, as data. Custom program error codes are
 * kept as numbers here; naming them is the job of the program clients above this layer.
 */
export type ChainError =
  /**
   * The bytes are not a transaction the network would run: the message does not decode
   * whole, or it breaks a limit a validator enforces before execution (size, version,
   * signature and account counts, indexes). `reason` says which, as a sentence.
   */
  | { readonly kind: "malformed"; readonly reason: string }
  /** Our blockhash check: the lifetime blockhash is unknown or older than 150 slots. */
  | { readonly kind: "blockhashNotFound" }
  /**
   * A transaction-level refusal from the runtime (bad signature, duplicate, fees…);
   * `account` names the account at fault when the runtime's name alone does not (the fee
   * payer of AccountNotFound or InsufficientFundsForFee). `index` is the variant's own field
   * where the runtime's error has one: the account index of InsufficientFundsForRent and
   * ProgramExecutionTemporarilyRestricted, the instruction index of DuplicateInstruction.
   */
  | { readonly kind: "transaction"; readonly name: string; readonly account?: string; readonly index?: number }
  /**
   * An instruction failed; `customCode` is set for `custom program error: N`, and `programId`
   * then names the program that raised it, read from the runtime's log (a CPI's error is
   * raised by the inner program: an SPL Token code under our curve's instruction).
   */
  | {
      readonly kind: "instruction";
      readonly instructionIndex: number;
      readonly name: string;
      readonly customCode: number | null;
      readonly programId?: string;
    };

// The runtime's fieldless error variants, in their declaration order (litesvm exposes
// them as const enums, which isolated modules cannot read at run time).
const TRANSACTION_ERRORS = (
  "AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee " +
  "InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee " +
  "InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance " +
  "AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount " +
  "WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks " +
  "AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData " +
  "InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit " +
  "WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded " +
  "InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled"
).split(" ");

const INSTRUCTION_ERRORS = (
  "GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall " +
  "InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized " +
  "UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend " +
  "ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex " +
  "ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged " +
  "AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync " +
  "InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt " +
  "UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded " +
  "InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation " +
  "ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable " +
  "IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar " +
  "IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded " +
  "MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError"
).split(" ");

const CUSTOM_FAILURE = /^Program (\w+) failed: custom program error/;

/** The program whose `custom program error` line the log ends with: the one that raised it. */
function raisedBy(logs: readonly string[]): string | undefined {
  for (let i = logs.length - 1; i >= 0; i--) {
    const match = CUSTOM_FAILURE.exec(logs[i]!);
    if (match !== null) return match[1];
  }
  return undefined;
}

/** Reads litesvm's error object into a ChainError. */
export function chainErrorOf(failed: FailedTransactionMetadata): ChainError {
  const error: unknown = failed.err();
  if (typeof error === "number") {
    return { kind: "transaction", name: TRANSACTION_ERRORS[error] ?? `TransactionError${error}` };
  }
  const record = error as { index?: number; err?: () => unknown; accountIndex?: number };
  if (typeof record.err === "function" && typeof record.index === "number") {
    const inner = record.err() as number | { code?: number; msg?: string };
    if (typeof inner === "number") {
      return {
        kind: "instruction",
        instructionIndex: record.index,
        name: INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`,
        customCode: null,
      };
    }
    if (typeof inner.code === "number") {
      const programId = raisedBy(failed.meta().logs());
      return {
        kind: "instruction",
        instructionIndex: record.index,
        name: "Custom",
        customCode: inner.code,
        ...(programId === undefined ? {} : { programId }),
      };
    }
    return { kind: "instruction", instructionIndex: record.index, name: "BorshIoError", customCode: null };
  }
  const name = error?.constructor?.name.replace(/^TransactionError/, "") ?? "Unknown";
  const index = typeof record.accountIndex === "number" ? record.accountIndex : record.index;
  return { kind: "transaction", name, ...(typeof index === "number" ? { index } : {}) };
}

const FEE_PAYER_FAULTS: Readonly<Record<string, string>> = {
  AccountNotFound: "does not exist: it holds no SOL to pay the fee",
  InsufficientFundsForFee: "holds too little SOL to pay the fee",
  InvalidAccountForFee: "is not a system account and cannot pay fees",
};

/** One line for logs and API `error` fields. */
export function describeChainError(error: ChainError): string {
  switch (error.kind) {
    case "malformed":
      return `the transaction is malformed: ${error.reason}`;
    case "blockhashNotFound":
      return "the transaction's blockhash is unknown or expired (older than 150 slots)";
    case "transaction":
      return error.account === undefined
        ? `the transaction was refused: ${error.name}`
        : `the transaction was refused: ${error.name} (fee payer ${error.account} ${FEE_PAYER_FAULTS[error.name] ?? "cannot pay"})`;
    case "instruction":
      return error.customCode === null
        ? `instruction ${error.instructionIndex} failed: ${error.name}`
        : `instruction ${error.instructionIndex} failed: custom program error ${error.customCode}`;
  }
}
