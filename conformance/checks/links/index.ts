import type { Check } from "../../engine/check.ts";
import { linksClientServed, linksPreviewLaunchCard, linksPreviewMintNotFound, linksPreviewTags } from "./preview-checks.ts";

/**
 * Every check of the `links` phase: the specification's Web client links that a server can
 * be judged on over HTTP (`--client-url`). The hash routes are read in the browser; the web
 * client's own end-to-end tests cover them.
 */
export const LINKS_CHECKS: readonly Check[] = [linksClientServed, linksPreviewLaunchCard, linksPreviewMintNotFound, linksPreviewTags];
