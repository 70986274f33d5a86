import type { CheckContext } from "../engine/check.ts";

/**
 * Reads what a judgement compares while the server holds still: `read` gathers everything
 * (a list, then the tapes it is compared with), and `fingerprint` of a second, quick read
 * taken after it must equal the first's. On a live server trades land meanwhile; the read
 * is then taken again, up to `attempts` times, before the check skips with the reason.
 */
export async function readStable<T>(
  context: CheckContext,
  what: string,
  read: () => Promise<T>,
  fingerprint: (value: T) => Promise<string> | string,
  again: () => Promise<string>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await read();
    if ((await fingerprint(value)) === (await again())) return value;
  }
  return context.skip(`${what} kept changing while it was read (${attempts} attempts): nothing stable to compare`);
}
