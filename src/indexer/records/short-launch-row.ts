import { type Static, Type } from "@sinclair/typebox";
import { Address, Bps, Iso, LaunchStatusField, Text } from "./record-fields.ts";

/** A launch as `GET /v1/wallets/{wallet}/created` lists it (newest first). */
export const ShortLaunchRowSchema = Type.Object(
  {
    address: Address("The launch address."),
    symbol: Text("Ticker of the launch token."),
    name: Text("Name of the launch token."),
    imageUri: Text("Image URL (as the launch row's `imageUri`)."),
    status: LaunchStatusField("Lifecycle status (as the launch row's `status`)."),
    progressBps: Bps("Share of the curve inventory sold (as the launch row's `progressBps`)."),
    createdAt: Iso("Creation time."),
  },
  { $id: "ShortLaunchRow", additionalProperties: false, description: "A launch created by a wallet." },
);

export type ShortLaunchRow = Static<typeof ShortLaunchRowSchema>;
