import { Keypair, VersionedTransaction } from "@solana/web3.js";
import { address, generateKeyPairSigner, signBytes } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeWireTransaction, encodeUnsignedTransaction } from "../../chain/unsigned-transaction.ts";
import { deriveTradeAccounts, getBuyExactOutInstruction } from "../../programs/index.ts";
import type { GenesisWorld } from "../genesis-world.ts";
import { tokenBalance } from "../token-balance.ts";
import { type LaunchedLaunch, launch, primaryAccountSetup, startWorld } from "./world-fixture.ts";

describe("a web3.js v1 client signs what the server builds", () => {
  let world: GenesisWorld;
  let launched: LaunchedLaunch;

  beforeAll(async () => {
    ({ world } = await startWorld("web3js", 2));
    const creator = await generateKeyPairSigner();
    await world.fund(creator.address, { lamports: 10n ** 10n });
    launched = await launch(world, creator, { count: 2 });
  });

  async function unsignedBuyFor(wallet: Keypair): Promise<string> {
    const trader = address(wallet.publicKey.toBase58());
    await world.fund(trader, { lamports: 10n ** 10n, components: launched.componentMints.map((mint) => ({ mint, amount: 10n ** 12n })) });
    const accounts = await deriveTradeAccounts(trader, launched.accounts.launch, launched.componentMints);
    const setup = primaryAccountSetup({ address: trader } as never, accounts);
    return encodeUnsignedTransaction({
      feePayer: trader,
      instructions: [setup, getBuyExactOutInstruction({ ...accounts, amount: 1_000_000n, maxDnaIn: 10n ** 12n })],
      lifetime: world.devnet.latestBlockhash(),
    });
  }

  it("lands a curve buy built with kit and signed with VersionedTransaction.sign", async () => {
    const wallet = Keypair.generate();
    const unsigned = await unsignedBuyFor(wallet);

    const clientSide = VersionedTransaction.deserialize(Buffer.from(unsigned, "base64"));
    expect(clientSide.message.staticAccountKeys[0]!.toBase58()).toBe(wallet.publicKey.toBase58());
    clientSide.sign([wallet]);
    const signed = Buffer.from(clientSide.serialize()).toString("base64");

    const transaction = decodeWireTransaction(signed);
    expect(transaction).not.toBeNull();
    const result = world.devnet.send(transaction!);
    expect(result.landed && result.transaction.ok).toBe(true);
    const accounts = await deriveTradeAccounts(address(wallet.publicKey.toBase58()), launched.accounts.launch, launched.componentMints);
    expect(tokenBalance(world.devnet, accounts.traderPrimaryAccount)).toBe(1_000_000n);
  });

  it("refuses the same bytes unsigned, and signed by another wallet", async () => {
    const wallet = Keypair.generate();
    const unsigned = await unsignedBuyFor(wallet);
    expect(world.devnet.send(decodeWireTransaction(unsigned)!)).toMatchObject({ landed: false, error: { name: "MissingSignatureForFee" } });

    // Valid signature bytes over the right message, by the wrong key.
    const forged = VersionedTransaction.deserialize(Buffer.from(unsigned, "base64"));
    const mallory = await generateKeyPairSigner();
    forged.signatures[0] = new Uint8Array(await signBytes(mallory.keyPair.privateKey, forged.message.serialize()));
    expect(world.devnet.send(decodeWireTransaction(Buffer.from(forged.serialize()).toString("base64"))!)).toMatchObject({
      landed: false,
      error: { name: "SignatureFailure" },
    });
  });

  it("reads garbage as no transaction at all", () => {
    expect(decodeWireTransaction("not base64 at all!")).toBeNull();
    expect(decodeWireTransaction("AAAA")).toBeNull();
  });
});
