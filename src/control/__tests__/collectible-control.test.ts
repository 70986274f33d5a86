/** `/devnet/collectibles/*` over HTTP: a raising collectible pushed to tradable step by step, refusals at the wrong stage. */
import { generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { OpenApiValidator } from "../../api/__tests__/openapi-validator.ts";
import { type SeededApi, get, startSeededApi } from "../../api/__tests__/seeded-api.ts";
import { generateOpenApiDocument } from "../../api/openapi-document.ts";
import { collectibleStageOf, findAssociatedTokenAddress } from "../../programs/index.ts";
import { type ChainCollectible, readChainCollectibles } from "../../world/chain-launches.ts";
import { tokenBalance } from "../../world/token-balance.ts";

let api: SeededApi;
let validator: OpenApiValidator;

/** POSTs `payload` to a collectible control and checks the response against the generated document. */
async function post(url: string, payload: unknown) {
  const response = await api.app.inject({ method: "POST", url, payload: payload as object });
  const body = response.json();
  expect(validator.errorsOf("POST", url, response.statusCode, String(response.headers["content-type"]), body)).toEqual([]);
  return { status: response.statusCode, body };
}

const stageOf = (collectible: ChainCollectible) => collectibleStageOf(collectible.launch.status, collectible.record);
const collectibleAt = (stage: string) => readChainCollectibles(api.devnet).find((collectible) => stageOf(collectible) === stage)!;

beforeAll(async () => {
  api = await startSeededApi({ seed: "collectible-control", launchCount: 8, control: true });
  validator = new OpenApiValidator((await generateOpenApiDocument()) as never);
}, 120_000);

describe("/devnet/collectibles", () => {
  it("refuses a crank while the curve is raising, and a release before the card is in custody", async () => {
    // Run first: the next test takes the world's one raising collectible to tradable.
    const raising = collectibleAt("raising");
    const swapping = collectibleAt("swapping");
    const crank = await post("/devnet/collectibles/crank", { launch: raising.launch.address });
    expect(crank.status).toBe(409);
    expect(crank.body.error).toContain("is still raising: its curve must sell out before a crank step runs");
    const release = await post("/devnet/collectibles/release", { launch: swapping.launch.address });
    expect(release.status).toBe(409);
    expect(release.body.error).toBe(
      `the devnet cannot do that now: collectible ${swapping.launch.address} is at stage swapping: its card enters custody at stage pooling, and only then can leave it`,
    );
  });

  it("pushes a raising collectible to tradable step by step, each step answering what it did", async () => {
    const launch = collectibleAt("raising").launch.address;
    const record = async () => (await get(api.app, `/v1/collectibles/${launch}`)).body;

    const completed = await post("/devnet/collectibles/complete", { launch });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ launch, stage: "funding", stillHeld: false, steps: [{ step: "complete", stage: "funding" }] });
    expect(completed.body.steps[0].did).toMatch(/bought the curve's last [0-9]+ base units/);

    const expected = [
      ["fund", "swapping"],
      ["swap", "acquiring"],
      ["acquire", "pooling"],
      ["migrate", "tradable"],
    ] as const;
    for (const [step, stage] of expected) {
      const response = await post("/devnet/collectibles/crank", { launch });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ launch, stage, steps: [{ step, stage }] });
      expect(response.body.steps).toHaveLength(1);
      expect(response.body.stillHeld).toBe(stage === "pooling" || stage === "tradable");
      // The read model already shows the stage the control answered.
      expect((await record()).stage).toBe(stage);
    }
    const landed = (await get(api.app, `/v1/collectibles/${launch}`)).body;
    expect(landed.status).toBe("graduated");

    const again = await post("/devnet/collectibles/crank", { launch });
    expect(again).toMatchObject({ status: 409, body: { code: "DEVNET_REFUSED" } });
    expect(again.body.error).toContain(`collectible ${launch} is already tradable`);
    const completeAgain = await post("/devnet/collectibles/complete", { launch });
    expect(completeAgain.status).toBe(409);
    expect(completeAgain.body.error).toContain("is at stage tradable: only a collectible still raising has a curve to complete");
  });

  it("runs every crank step left with steps: all", async () => {
    const collectible = collectibleAt("funding");
    const response = await post("/devnet/collectibles/crank", { launch: collectible.launch.address, steps: "all" });
    expect(response.status).toBe(200);
    expect(response.body.steps.map((step: { step: string; stage: string }) => [step.step, step.stage])).toEqual([
      ["fund", "swapping"],
      ["swap", "acquiring"],
      ["acquire", "pooling"],
      ["migrate", "tradable"],
    ]);
    expect(response.body).toMatchObject({ stage: "tradable", stillHeld: true });
  });

  it("releases a card from custody into a wallet, once", async () => {
    const pooling = collectibleAt("pooling");
    const wallet = (await generateKeyPairSigner()).address;
    // A program's address can sign for nothing: refused, and the card stays in custody.
    const toProgram = await post("/devnet/collectibles/release", {
      launch: pooling.launch.address,
      wallet: "11111111111111111111111111111111",
    });
    expect(toProgram).toMatchObject({ status: 400, body: { code: "INVALID_BODY", error: expect.stringContaining("is a program") } });
    expect(tokenBalance(api.devnet, pooling.record.custody)).toBe(1n);
    const response = await post("/devnet/collectibles/release", { launch: pooling.launch.address, wallet });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ stage: "pooling", stillHeld: false, steps: [{ step: "release", stage: "pooling" }] });
    expect(tokenBalance(api.devnet, findAssociatedTokenAddress(wallet, pooling.record.cardMint)[0])).toBe(1n);
    expect(tokenBalance(api.devnet, pooling.record.custody)).toBe(0n);
    // The read model already knows: the vault's card is no longer held.
    expect((await get(api.app, `/v1/collectibles/${pooling.launch.address}`)).body.cardImage.stillHeld).toBe(false);
    const again = await post("/devnet/collectibles/release", { launch: pooling.launch.address, wallet });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("card has already left custody");
  });

  it("names a crank step's failure on chain by its program error, not the chain's raw record", async () => {
    const swapping = collectibleAt("swapping");
    const usdc = api.world.components.find((component) => component.listing.symbol === "USDC")!;
    // USDC at a hundredth of its price: the swap's floor, set from the card's listed price, cannot be met.
    const moved = await api.app.inject({ method: "POST", url: "/devnet/prices", payload: { mint: usdc.mint, priceSol: 0.01 } });
    expect(moved.statusCode).toBe(200);
    const response = await post("/devnet/collectibles/crank", { launch: swapping.launch.address });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(
      /the swap step of collectible \w+ failed on chain at stage swapping: custom program error \d+ \(\w+\): /,
    );
    expect(response.body.error).not.toContain("{");
  });

  it("graduates a collectible through /devnet/graduate by cranking its stages", async () => {
    const acquiring = collectibleAt("acquiring");
    const response = await api.app.inject({ method: "POST", url: "/devnet/graduate", payload: { launch: acquiring.launch.address } });
    expect(response.json()).toEqual({ launch: acquiring.launch.address, status: "graduated" });
    expect((await get(api.app, `/v1/collectibles/${acquiring.launch.address}`)).body.stage).toBe("tradable");
  });

  it("answers 404 for a launch that is not a collectible and for no launch at all", async () => {
    const basket = api.population.launches.find((launch) => launch.kind === "pairs")!.address;
    const notCollectible = await post("/devnet/collectibles/crank", { launch: basket });
    expect(notCollectible).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    const nowhere = (await generateKeyPairSigner()).address;
    expect(await post("/devnet/collectibles/complete", { launch: nowhere })).toMatchObject({
      status: 404,
      body: { code: "LAUNCH_NOT_FOUND" },
    });
    expect(await post("/devnet/collectibles/release", { launch: nowhere })).toMatchObject({ status: 404 });
  });

  it.each([
    ["/devnet/collectibles/complete", {}],
    ["/devnet/collectibles/complete", { launch: "not-an-address" }],
    ["/devnet/collectibles/crank", { launch: "So11111111111111111111111111111111111111112", steps: "some" }],
    ["/devnet/collectibles/release", { launch: "So11111111111111111111111111111111111111112", wallet: 7 }],
  ])("refuses a malformed body to %s with 400 and a sentence", async (url, payload) => {
    const response = await post(url, payload);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_BODY");
    expect(response.body.error).toMatch(/^body/);
  });

  it("exercised every documented /devnet/collectibles success, its stage refusal and its unknown launch", () => {
    const documented = validator
      .documented()
      .filter((entry) => entry.includes(" /devnet/collectibles/") && [" 200", " 404", " 409"].some((status) => entry.endsWith(status)));
    expect(documented.length).toBeGreaterThanOrEqual(3);
    expect(documented.filter((entry) => !validator.exercised.has(entry))).toEqual([]);
  });
});
