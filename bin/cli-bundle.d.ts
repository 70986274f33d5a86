// Types of cli-bundle.js (plain JavaScript: it runs before any TypeScript loader), for its tests.
export declare const REPO_DIR: string;
export declare const CLI_ENTRY: string;
export declare const BUNDLE_ROOT: string;
export interface CliBundle {
  /** The bundle's entry file (absolute path). */
  readonly entry: string;
  /** The hash of its inputs' contents: its folder's name. */
  readonly key: string;
}
export declare function bundleKey(repoDir: string, inputs: readonly string[]): string | null;
export declare function currentBundle(root?: string, repoDir?: string): CliBundle | null;
export declare function buildBundle(root?: string, repoDir?: string, entry?: string): Promise<CliBundle>;
export declare function codeCacheOf(entry: string): string;
export declare function loadBundle(entry: string): { exports: Record<string, unknown>; codeCache: "used" | "rejected" | "absent" };
export declare function runCli(): Promise<void>;
