import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_STORED_QUOTES, QUOTE_TTL_MILLIS, QuoteStore } from "../quote-store.ts";

describe("the quote store", () => {
  it("hands out random 128-bit ids: two stores started alike (a restart) never share one", () => {
    const clock = () => 0n;
    const first = new QuoteStore<number>(clock);
    const restarted = new QuoteStore<number>(clock);
    const ids = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      ids.add(first.put(i).id);
      ids.add(restarted.put(i).id);
    }
    expect(ids.size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(/^q_[0-9a-f]{32}$/);
    // A restarted store knows none of the ids the first handed out.
    expect(restarted.get([...ids].find((id) => first.get(id).state === "live")!)).toEqual({ state: "unknown" });
  });

  it("holds at most its capacity, forgetting the oldest first, though the clock stands still", () => {
    const store = new QuoteStore<number>(() => 0n, QUOTE_TTL_MILLIS, 3);
    const ids = [1, 2, 3, 4, 5].map((value) => store.put(value).id);
    expect(ids.map((id) => store.get(id).state)).toEqual(["unknown", "unknown", "live", "live", "live"]);
    expect(new QuoteStore<number>(() => 0n).capacity).toBe(MAX_STORED_QUOTES);
  });

  it("remembers an expired quote with its built messages until it is swept ten lifetimes later", () => {
    let now = 0n;
    const store = new QuoteStore<string>(() => now);
    const entry = store.put("trade");
    entry.builtMessages.add("message");
    now = QUOTE_TTL_MILLIS - 1n;
    expect(store.get(entry.id).state).toBe("live");
    now = QUOTE_TTL_MILLIS;
    const expired = store.get(entry.id);
    expect(expired.state).toBe("expired");
    expect(expired.state === "expired" && expired.entry.builtMessages.has("message")).toBe(true);
    now = QUOTE_TTL_MILLIS * 11n + 1n;
    store.put("another"); // sweeps on the way
    expect(store.get(entry.id)).toEqual({ state: "unknown" });
  });

  it("forgets exactly the quotes past ten lifetimes at each put while the clock runs forward", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 4n * QUOTE_TTL_MILLIS }), { minLength: 1, maxLength: 60 }), (steps) => {
        let now = 0n;
        const store = new QuoteStore<number>(() => now);
        const put: { id: string; expiresAtMillis: bigint }[] = [];
        for (const step of steps) {
          now += step;
          put.push(store.put(put.length));
        }
        const horizon = now - 10n * QUOTE_TTL_MILLIS;
        for (const entry of put) {
          const expected = entry.expiresAtMillis < horizon ? "unknown" : now >= entry.expiresAtMillis ? "expired" : "live";
          expect(store.get(entry.id).state).toBe(expected);
        }
      }),
    );
  });

  it("never forgets a quote early after a snapshot moved the clock back (it may keep one longer)", () => {
    let now = 100n * QUOTE_TTL_MILLIS;
    const store = new QuoteStore<string>(() => now);
    const before = store.put("before the restore");
    now = 0n;
    const after = store.put("after the restore");
    // `after` is past ten lifetimes, but waits behind `before`, which is still remembered.
    now = 12n * QUOTE_TTL_MILLIS;
    store.put("sweeps");
    expect(store.get(after.id).state).toBe("expired");
    expect(store.get(before.id).state).toBe("live");
    now = 112n * QUOTE_TTL_MILLIS;
    store.put("sweeps both");
    expect(store.get(before.id)).toEqual({ state: "unknown" });
    expect(store.get(after.id)).toEqual({ state: "unknown" });
  });

  it("forgets, after the clock went back, exactly the quotes issued later than now", () => {
    fc.assert(
      // Issued within ten lifetimes of each other: no put sweeps a quote away on its own.
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 9n * QUOTE_TTL_MILLIS }), { maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 9n * QUOTE_TTL_MILLIS }),
        (issued, back) => {
          let now = 0n;
          const store = new QuoteStore<number>(() => now);
          const entries = issued.map((at, index) => {
            now = at;
            return { at, id: store.put(index).id };
          });
          now = back;
          store.forgetIssuedAfterNow();
          for (const { at, id } of entries) expect(store.get(id).state === "unknown").toBe(at > back);
        },
      ),
    );
  });
});
