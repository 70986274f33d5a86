import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Int, Num, Text, Unix } from "./record-fields.ts";

const NullableNum = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** A component token and its SOL venue, as `GET /v1/assets` lists it. */
export const AssetSchema = Type.Object(
  {
    mint: Address("The component mint."),
    symbol: Text("Ticker."),
    name: Text("Name."),
    decimals: Int("Decimals of the mint.", { minimum: 0, maximum: 255 }),
    logoUri: Text("Logo URL."),
    category: Text("Catalogue category (e.g. `stablecoin`, `defi`, `meme`)."),
    priceSol: NullableNum(
      "SOL per whole token: the venue's spot price (lamports reserve / component reserve) at the last sample; null when unpriced.",
    ),
    priceUsd: NullableNum("`priceSol` × solUsd; null when unpriced."),
    venue: Type.Union(
      [
        Type.Object(
          {
            pool: Address("The wrapped-SOL ↔ component pool."),
            lamportsReserve: Amount("Wrapped-SOL lamports in the pool at the last sample."),
            componentReserve: Amount("Component base units in the pool at the last sample."),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: "The SOL venue that prices the component, as sampled; null when it has none (unpriced)." },
    ),
  },
  { $id: "Asset", additionalProperties: false, description: "A component token with its sampled price." },
);

/** The body of `GET /v1/assets` (re-read after a `prices` stream frame). */
export const AssetsResponseSchema = Type.Object(
  {
    assets: Type.Array(AssetSchema, { description: "Every component of the world, in catalogue order." }),
    solUsd: Num("USD per SOL (a world setting)."),
    sampledAt: Unix("When the venue prices were last sampled (unix seconds of virtual time)."),
  },
  { $id: "AssetsResponse", additionalProperties: false, description: "Component prices." },
);

export type Asset = Static<typeof AssetSchema>;
export type AssetsResponse = Static<typeof AssetsResponseSchema>;
