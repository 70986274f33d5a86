import type { Devnet } from "../chain/devnet.ts";
import type { ReadModel } from "../indexer/read-model.ts";
import type { DevnetControl } from "../control/devnet-control.ts";
import type { LaunchBuilder } from "../trading/launch-builder.ts";
import type { TradeDesk } from "../trading/trade-desk.ts";
import type { MediaLibrary } from "../world/media-library.ts";

/** What the API reads from: the read model (indexed records), the chain (balances) and the media library. */
export interface ApiDeps {
  readonly readModel: ReadModel;
  readonly devnet: Devnet;
  readonly media: MediaLibrary;
  /** The trade flow (quote, build, submit, status, build-create); its routes are absent without it. */
  readonly trading?: { readonly desk: TradeDesk; readonly builder: LaunchBuilder };
  /** The simulator's `/devnet/` controls; absent, the routes are too. */
  readonly control?: DevnetControl;
  /** `{client_url}` when the web client lives elsewhere (`--client-url`); default the server's own base URL. */
  readonly clientUrl?: string;
  /** Fastify's request log; default off. */
  readonly logger?: boolean;
  /**
   * Milliseconds of wall-clock time for the legacy list cache; default `Date.now`. The cache
   * spares the server repeated work per real second, so it ages with real time even when the
   * virtual clock is stopped (manual mode). Tests pass their own.
   */
  readonly wallClock?: () => number;
}
