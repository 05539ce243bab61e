// Types of bench/browser-bundle.mjs, for test/package/browser.test.ts.
import type { Message } from 'esbuild';

export declare const BROWSER_PROGRAMS: { readonly check: string; readonly registry: string };

export interface BrowserBundle {
  readonly errors: Message[];
  readonly warnings: Message[];
  /** The bundle; undefined when the build failed. */
  readonly code: string | undefined;
  /** The program's copy that was bundled (its path among `inputs`). */
  readonly entry: string;
  /** The bundle's inputs, as absolute paths (real paths: the package's own files, not a link to them). */
  readonly inputs: string[];
  readonly minified?: number;
  readonly gzipped?: number;
}

export declare function bundleForBrowser(program: string, options?: { readonly packageRoot?: string; readonly externalBuiltins?: boolean }): Promise<BrowserBundle>;
export declare function nodeOnlyInputs(inputs: readonly string[]): string[];
