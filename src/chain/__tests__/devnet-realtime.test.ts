import { afterEach, describe, expect, it, vi } from "vitest";
import { Devnet } from "../devnet.ts";

describe("the realtime clock", () => {
  let devnet: Devnet | null = null;
  afterEach(() => devnet?.close());

  it("keeps ticking when a slot listener throws, and reports the failure as a warning", async () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    try {
      devnet = Devnet.start({ clockMode: "realtime", realtimeSlotMillis: 5 });
      let calls = 0;
      devnet.onSlot(() => {
        calls++;
        throw new Error("a defect in a listener");
      });
      const start = devnet.now().slot;
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      expect(devnet.now().slot).toBeGreaterThanOrEqual(start + 3n);
      expect(emit).toHaveBeenCalledWith(expect.objectContaining({ message: "a defect in a listener" }), {
        code: "BASKET_DEVNET_SLOT_FAILED",
      });
    } finally {
      emit.mockRestore();
    }
  });

  it("catches up after a busy event loop held its timer, instead of falling behind the wall clock for good", async () => {
    devnet = Devnet.start({ clockMode: "realtime", realtimeSlotMillis: 20 });
    const start = devnet.now().slot;
    const began = performance.now();
    // The event loop is held for 300 ms (15 slots' worth): the timer cannot fire meanwhile.
    while (performance.now() - began < 300);
    await new Promise((resolve) => setTimeout(resolve, 60));
    // At least the 15 slots the held loop owed (about 18 by now); one late tick alone gave 1 or 2.
    expect(devnet.now().slot - start).toBeGreaterThanOrEqual(15n);
  });
});
