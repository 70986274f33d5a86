import {
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getBase64Decoder,
  verifySignature,
  getAddressEncoder,
  getPublicKeyFromAddress,
} from "@solana/kit";
import { describe, expect, it } from "vitest";
import { BURNER_STORAGE_KEY, loadOrCreateBurner, readSeed, replaceBurner } from "../../src/burner-wallet.ts";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("burner wallet", () => {
  it("is generated once, stored as 32 bytes, and the same key comes back on the next load", async () => {
    const store = memoryStore();
    const first = await loadOrCreateBurner(store);
    expect(readSeed(store)).toHaveLength(32);
    const again = await loadOrCreateBurner(store);
    expect(again.address).toBe(first.address);
    const replaced = await replaceBurner(store);
    expect(replaced.address).not.toBe(first.address);
    expect(store.map.get(BURNER_STORAGE_KEY)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("a malformed stored key is replaced rather than used", async () => {
    const store = memoryStore();
    store.setItem(BURNER_STORAGE_KEY, "not a key");
    expect(readSeed(store)).toBeNull();
    const wallet = await loadOrCreateBurner(store);
    expect(wallet.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it("signs a wire transaction that names it as the signer, with a signature that verifies", async () => {
    const wallet = await loadOrCreateBurner(memoryStore());
    // A one-signer transaction: [1 signature slot][message]; the message's first key is the signer.
    const message = new Uint8Array([0x80, 1, 0, 0, 1, ...getAddressEncoder().encode(wallet.address), ...new Uint8Array(32), 0, 0]);
    const unsigned = getTransactionEncoder().encode({ messageBytes: message as never, signatures: { [wallet.address]: null } as never });
    const signed = await wallet.sign(getBase64Decoder().decode(unsigned));
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signed.transaction));
    const signature = decoded.signatures[wallet.address as never]!;
    expect(signature).not.toBeNull();
    expect(await verifySignature(await getPublicKeyFromAddress(wallet.address), signature!, decoded.messageBytes)).toBe(true);
  });
});
