/**
 * A cached answer and its wire bytes, serialized at most once: routes send the bytes as
 * they are, so a cached answer costs no JSON.stringify per request. `serialize` must give
 * exactly `JSON.stringify(value)`, as a string or as its UTF-8 bytes (a list page
 * concatenates its rows' cached bytes instead).
 */
export class SerializedAnswer<T> {
  readonly value: T;
  readonly #serialize: () => string | Buffer;
  #bytes: Buffer | null = null;

  constructor(value: T, serialize: () => string | Buffer = () => JSON.stringify(value)) {
    this.value = value;
    this.#serialize = serialize;
  }

  get bytes(): Buffer {
    if (this.#bytes) return this.#bytes;
    const serialized = this.#serialize();
    return (this.#bytes = typeof serialized === "string" ? Buffer.from(serialized) : serialized);
  }
}
