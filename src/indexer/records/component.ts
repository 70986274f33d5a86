import { type Static, Type } from "@sinclair/typebox";
import { Address, Amount, Bool, Bps, Int, Iso, Num, Text } from "./record-fields.ts";

/** A component's token check: our own registry vouches for every component mint. */
export const ComponentCheckSchema = Type.Object(
  {
    pass: Bool("Always true: every component is a mint of the simulator's own registry (the genesis world)."),
    code: Type.Null({ description: "Failure code of the check; null because the check passed." }),
    reason: Type.Null({ description: "Failure sentence of the check; null because the check passed." }),
    checkedAt: Iso("When the check ran: the launch's creation, when the recipe was indexed."),
    source: Type.Literal("ourRegistry", { description: "Who checked: `ourRegistry`, the simulator's component catalogue." }),
    warnings: Type.Array(Type.String(), { description: "Warnings of the check; always empty here." }),
    tokenProgram: Address("The token program that owns the mint: the classic SPL Token program."),
  },
  { additionalProperties: false, description: "The token check of a component." },
);

/** One component of a launch's recipe (element of a launch row's `components`). */
export const ComponentSchema = Type.Object(
  {
    mint: Address("The component's mint."),
    symbol: Text("The component's ticker (from the component catalogue; the mint's first 4 characters when unlisted)."),
    name: Text("The component's name (the mint itself when unlisted)."),
    decimals: Int("Decimals of the component mint.", { minimum: 0, maximum: 255 }),
    quantity: Amount("Component base units per 10^9 DNA units (one whole DNA): the recipe quantity fixed at creation."),
    logoUri: Text("Logo of the component (an absolute URL; `/v1/media/...` paths are served by this service)."),
    category: Text("The component's category in the catalogue (e.g. `stablecoin`, `defi`, `meme`)."),
    check: ComponentCheckSchema,
    valueBps: Bps(
      "This component's share of the value of one DNA now, at the last sampled venue prices (largest-remainder rounding, the shares sum to 10000); equal to `targetBps` while the component is unpriced.",
    ),
    launchBps: Bps(
      "This component's share of the value of one DNA at the venue prices when the launch was created (its realised weight at creation); equal to `targetBps` when it was unpriced then.",
    ),
    targetBps: Bps("The weight the creator asked for; a recipe's targets sum to 10000."),
    valueSol: Num(
      "SOL value of `quantity` (this component's part of one whole DNA) at the last sampled venue price; the components' values sum to 10^9 × `dnaUnitSol`. 0 when unpriced.",
    ),
  },
  { $id: "Component", additionalProperties: false, description: "A component of a launch's recipe." },
);

export type Component = Static<typeof ComponentSchema>;
