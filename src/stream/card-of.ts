import type { Card } from "./frames/card-schema.ts";
import type { CardSource } from "./stream-read-model.ts";

/**
 * A launch row's card: the fields copied as they are, so a card is exactly what the REST
 * record shows for them (the continuity tests compare the two). Fields are listed rather
 * than picked by a loop so the order of keys — and so the JSON compared for changes — is
 * fixed.
 */
export function cardOf(row: CardSource): Card {
  return {
    address: row.address,
    primaryMint: row.primaryMint,
    symbol: row.symbol,
    name: row.name,
    imageUri: row.imageUri,
    kind: row.kind as Card["kind"],
    status: row.status as Card["status"],
    progressBps: row.progressBps,
    priceE12: row.priceE12,
    priceUsd: row.priceUsd,
    marketCap: row.marketCap,
    change24Bps: row.change24Bps,
    volume24hUsd: row.volume24hUsd,
    holders: row.holders,
    trades24: row.trades24,
    lastTradeAt: row.lastTradeAt,
  };
}
