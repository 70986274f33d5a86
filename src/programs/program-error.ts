import { type SystemError, SYSTEM_PROGRAM_ADDRESS, getSystemErrorMessage } from "@solana-program/system";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type AssociatedTokenError,
  TOKEN_PROGRAM_ADDRESS,
  type TokenError,
  getAssociatedTokenErrorMessage,
  getTokenErrorMessage,
} from "@solana-program/token";
import { type ChainError, describeChainError } from "../chain/chain-error.ts";
/**
 * The mirror of programs-fixtures/include/errors.h: every refusal of the launch, curve and
 * pool programs as a stable custom program error. Codes are never renamed or reused; a test
 * parses errors.h and fails when the two lists differ.
 */
export const ProgramErrorCode = {
  InvalidInstruction: 6000,
  NotEnoughAccounts: 6001,
  WrongAccount: 6002,
  WrongAccountOwner: 6003,
  MissingSignature: 6004,
  ZeroAmount: 6005,
  SlippageExceeded: 6006,
  CurveComplete: 6007,
  MathOverflow: 6008,
  InsufficientComponents: 6009,
  InsufficientTokens: 6010,
  InvalidRecipe: 6011,
  InvalidCurveParameters: 6012,
  InvalidMetadata: 6013,
  AlreadyInitialized: 6014,
  WrongAccountType: 6015,
  CurveNotComplete: 6016,
  InvalidStatus: 6017,
  ComponentAlreadyMigrated: 6018,
  InsufficientLiquidity: 6019,
  WrongMint: 6020,
  InvalidFee: 6021,
  SameMint: 6022,
  TooManyAccounts: 6023,
  InvalidKind: 6024,
  NotCollectible: 6025,
  AlreadyListed: 6026,
  InvalidCard: 6027,
  InvalidTerms: 6028,
  WrongStage: 6029,
  NotCustodian: 6030,
  CardNotHeld: 6031,
} as const;

/** The name of one of our program errors, e.g. `"SlippageExceeded"`. */
export type ProgramErrorName = keyof typeof ProgramErrorCode;

/** The number of one of our program errors, e.g. `6006`. */
export type ProgramErrorCodeValue = (typeof ProgramErrorCode)[ProgramErrorName];

/** One sentence per code; these reach API users inside a failed transaction's `error`. */
const DESCRIPTIONS: Record<ProgramErrorName, string> = {
  InvalidInstruction: "the instruction tag is unknown or its data is too short or malformed.",
  NotEnoughAccounts: "the instruction was given fewer accounts than it needs.",
  WrongAccount: "an account is not the address the program expects in that position.",
  WrongAccountOwner: "an account is not owned by the program that must own it.",
  MissingSignature: "a required signer did not sign the transaction.",
  ZeroAmount: "the trade would move nothing.",
  SlippageExceeded: "the trade would pay more than max in or receive less than min out.",
  CurveComplete: "the bonding curve has sold its inventory and accepts no more trades.",
  MathOverflow: "an amount does not fit in 64 bits.",
  InsufficientComponents: "the trader lacks a component that the buy must deposit.",
  InsufficientTokens: "the trader lacks the tokens it would give up.",
  InvalidRecipe: "the recipe's component count, weights or quantities are invalid.",
  InvalidCurveParameters: "the curve's reserves, inventory or supply are inconsistent.",
  InvalidMetadata: "the symbol, name or uri is out of bounds.",
  AlreadyInitialized: "an account the instruction must create already exists.",
  WrongAccountType: "an account's data is not the record the program expects.",
  CurveNotComplete: "migration was attempted before the bonding curve completed.",
  InvalidStatus: "the launch is not in a status that allows this instruction.",
  ComponentAlreadyMigrated: "that component's pair pool has already been created.",
  InsufficientLiquidity: "the pool or curve cannot pay out that much.",
  WrongMint: "a token account holds a different mint than the one expected.",
  InvalidFee: "the fee or the creator's fee share is out of range.",
  SameMint: "a pool needs two different mints.",
  TooManyAccounts: "the instruction names more accounts than a program reads (32).",
  InvalidKind: "the launch kind is neither pairs nor collectibles.",
  NotCollectible: "the launch is not of kind collectibles.",
  AlreadyListed: "the launch has its card listed already.",
  InvalidCard: "the card mint is not an SPL mint of supply 1 with 0 decimals.",
  InvalidTerms: "the listed price, target lamports or pool lamports are invalid.",
  WrongStage: "the collectible is not at the stage this instruction needs.",
  NotCustodian: "only the custodian named at listing may release the card.",
  CardNotHeld: "custody no longer holds the card.",
};

const NAMES_BY_CODE = new Map<number, ProgramErrorName>(
  (Object.entries(ProgramErrorCode) as [ProgramErrorName, number][]).map(([name, code]) => [code, name]),
);

/** The name of a custom program error code, or `undefined` when it is not one of ours. */
export function programErrorName(code: number): ProgramErrorName | undefined {
  return NAMES_BY_CODE.get(code);
}

/** The one-sentence description of a code, or `undefined` when it is not one of ours. */
export function programErrorDescription(code: number): string | undefined {
  const name = NAMES_BY_CODE.get(code);
  return name === undefined ? undefined : DESCRIPTIONS[name];
}

/** The runtime's and SPL's programs whose custom codes a plan's transactions can raise, with their own catalogues' sentences. */
interface OtherProgram {
  readonly name: string;
  readonly message: (code: number) => string | undefined;
}
const OTHER_PROGRAMS: ReadonlyMap<string, OtherProgram> = new Map<string, OtherProgram>([
  [SYSTEM_PROGRAM_ADDRESS, { name: "System Program", message: (code: number) => getSystemErrorMessage(code as SystemError) }],
  [TOKEN_PROGRAM_ADDRESS, { name: "SPL Token", message: (code: number) => getTokenErrorMessage(code as TokenError) }],
  [
    ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    { name: "Associated Token Account", message: (code: number) => getAssociatedTokenErrorMessage(code as AssociatedTokenError) },
  ],
]);

/**
 * The sentence a failed transaction's `error` carries, e.g. "custom program error 6006
 * (SlippageExceeded): the trade would pay more than max in or receive less than min out."
 * A code raised by the System Program or SPL Token (`programId`, from the runtime's log) is
 * named by that program's own catalogue ("custom program error 1 (System Program): account
 * does not have enough SOL to perform the operation."); a code whose program is not known
 * keeps only its number.
 */
export function describeProgramError(code: number, programId?: string): string {
  const other = programId === undefined ? undefined : OTHER_PROGRAMS.get(programId);
  if (other !== undefined) {
    // Kit's catalogues are empty in a production bundle (NODE_ENV=production): the program's name alone then.
    const message = other.message(code);
    const known = message !== undefined && !message.startsWith("Error message not available");
    return known ? `custom program error ${code} (${other.name}): ${message}.` : `custom program error ${code} (${other.name}).`;
  }
  const name = NAMES_BY_CODE.get(code);
  if (name === undefined) return `custom program error ${code}.`;
  return `custom program error ${code} (${name}): ${DESCRIPTIONS[name]}`;
}

/**
 * The sentence for any failure the chain reports: a custom program error named from its
 * program's catalogue (see describeProgramError), anything else as the chain says it.
 */
export function describeFailure(error: ChainError): string {
  return error.kind === "instruction" && error.customCode !== null
    ? describeProgramError(error.customCode, error.programId)
    : describeChainError(error);
}
