/**
 * A cached answer and its wire bytes, serialized at most once: routes send the bytes as
 * they are, so a cached answer costs no JSON.stringify per request. `serialize` must give
 * exactly `JSON.stringify(value)` (a list page joins its rows' cached JSON instead).
 */
export class SerializedAnswer<T> {
  readonly value: T;
  readonly #serialize: () => string;
  #bytes: Buffer | null = null;

  constructor(value: T, serialize: () => string = () => JSON.stringify(value)) {
    this.value = value;
    this.#serialize = serialize;
  }

  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.#serialize()));
  }
}
