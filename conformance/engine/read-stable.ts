import type { CheckContext } from "./check.ts";

/** How many times a read is taken before the check gives up on the server holding still. */
export const STABLE_READ_ATTEMPTS = 3;

/** One read a judgement compares, and the quick mark that tells whether the server moved while it was taken. */
export interface StableRead<T> {
  /** What is read, as the skip's sentence names it ("the live feed"). */
  readonly what: string;
  /** Everything the judgement compares (a list, then the tapes it is compared with…). */
  readonly read: () => Promise<T>;
  /** A quick read of what would move (the list's addresses, the settles' statuses), taken after `read`. */
  readonly mark: () => Promise<string>;
  /**
   * The mark of what `read` itself read, when its value holds it (saves a read); without
   * it, `mark` is also taken before `read`.
   */
  readonly markOf?: (value: T) => string;
  readonly attempts?: number;
}

/**
 * Reads what a judgement compares as of one moment on a server that may move meanwhile (on
 * a live server trades land, launches appear, settles land): the mark taken before (or read
 * within) the read must equal the one taken after it. When it does not, the read is taken
 * again, up to `attempts` times, and then the check skips with the reason: judging a read
 * that straddles a change would fail a correct server.
 */
export async function readStable<T>(context: CheckContext, how: StableRead<T>): Promise<T> {
  const attempts = how.attempts ?? STABLE_READ_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const before = how.markOf === undefined ? await how.mark() : null;
    const value = await how.read();
    if ((before ?? how.markOf!(value)) === (await how.mark())) return value;
  }
  return context.skip(`${how.what} kept changing while it was read (${attempts} attempts): nothing stable to compare`);
}
