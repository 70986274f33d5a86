/** The last row of each page, by the cursor that page handed out: what lets a mode repeat it on the next page. */
export class RememberedRows {
  readonly #rows = new Map<string, Record<string, unknown>>();

  constructor(readonly capacity = 1_000) {}

  remember(cursor: unknown, row: Record<string, unknown> | undefined): void {
    if (typeof cursor !== "string" || row === undefined) return;
    if (this.#rows.size >= this.capacity) this.#rows.delete(this.#rows.keys().next().value as string);
    this.#rows.set(cursor, row);
  }

  recall(cursor: unknown): Record<string, unknown> | undefined {
    return typeof cursor === "string" ? this.#rows.get(cursor) : undefined;
  }
}
