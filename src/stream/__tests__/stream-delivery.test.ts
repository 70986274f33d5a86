import { describe, expect, it } from "vitest";
import { encodeFrame } from "../encode-frame.ts";
import type { StreamConnection } from "../stream-connection.ts";
import { StreamDelivery } from "../stream-delivery.ts";

/** A socket that records the kinds of the frames it is handed. */
function recordingConnection(): { connection: StreamConnection; kinds: string[] } {
  const kinds: string[] = [];
  const connection = {
    send(frame: Buffer) {
      kinds.push((JSON.parse(frame.toString()) as { kind: string }).kind);
      return "sent" as const;
    },
  } as unknown as StreamConnection;
  return { connection, kinds };
}

const blockhash = encodeFrame({ kind: "blockhash", blockhash: "11111111111111111111111111111111", lastValidBlockHeight: 150 } as never);
const ping = encodeFrame({ kind: "ping" } as never);
const cards = Buffer.from('{"kind":"cards","full":false,"seq":2,"prev":1,"data":{"cards":[],"removed":[]}}');

describe("injected stream faults", () => {
  it("with kinds, pass every other frame untouched and take the next frames of those kinds", () => {
    const delivery = new StreamDelivery(() => {});
    const { connection, kinds } = recordingConnection();
    delivery.injectFault({ kind: "duplicate", frames: 1, kinds: ["cards"] });
    for (const frame of [blockhash, ping, cards, cards, blockhash]) delivery.send(connection, frame);
    expect(kinds).toEqual(["blockhash", "ping", "cards", "cards", "cards", "blockhash"]);
  });

  it("without kinds, take the very next frames, whatever their kind", () => {
    const delivery = new StreamDelivery(() => {});
    const { connection, kinds } = recordingConnection();
    delivery.injectFault({ kind: "drop", frames: 2 });
    for (const frame of [blockhash, cards, ping, cards]) delivery.send(connection, frame);
    expect(kinds).toEqual(["ping", "cards"]);
  });

  it("never touch an exempt frame (hello), kinds or not", () => {
    const delivery = new StreamDelivery(() => {});
    const { connection, kinds } = recordingConnection();
    delivery.injectFault({ kind: "drop", frames: 1, kinds: ["cards"] });
    delivery.send(connection, cards, true);
    delivery.send(connection, cards);
    delivery.send(connection, cards);
    expect(kinds).toEqual(["cards", "cards"]);
  });
});
