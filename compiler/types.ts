// Types shared by the compiler phases, the CLI edge and the tests.
import type { Diagnostic } from "../core/diagnostic.js";
import type { BundleScope } from "../core/digest.js";
import type { ForgeBundle, Mode, Preset } from "../generated/types.js";

/** The compiled output lives beside the sources; it is never a source. */
export const BUNDLE_FILE = "bundle.json";

/** Our own output at the forge root: bundle.json and the atomic writer's temp files (io/atomic-write.ts). Never a source. */
export function isOwnOutput(relPath: string): boolean {
  if (relPath.includes("/")) return false;
  return relPath === BUNDLE_FILE || (relPath.startsWith(".bundle.json.") && relPath.endsWith(".tmp"));
}

/** One file under the forge root, as read by the I/O edge (compiler/io/read-sources.ts). */
export interface SourceFile {
  /** Posix path relative to the forge root, e.g. `modes/plan.yaml`. */
  path: string;
  /** Raw bytes: decoding (UTF-8, BOM, CRLF) is a compiler phase, so bad bytes become diagnostics. */
  bytes: Uint8Array;
  /** When the file is reached through a symlink that stays inside the root: the resolved posix path. */
  symlinkTo?: string;
  /** Set by the reader when the file is over LIMITS.maxFileBytes: its bytes were never read. */
  tooLarge?: true;
}

/** A symlink whose target leaves the forge root (or dangles); its content is never read. */
export interface EscapingLink {
  path: string;
}

/** One nested context file (AGENTS.md, CLAUDE.md) below the project root, as compiler/io/read-context-files.ts read it. */
export interface ContextSourceFile {
  /** Posix path relative to the project root, e.g. `packages/api/AGENTS.md`. */
  path: string;
  bytes: Uint8Array;
  /** Over LIMITS.maxFileBytes: its bytes were never read. */
  tooLarge?: true;
}

/** What the search for nested context files found (forge.yaml `contextFiles: nested`, a project build only). */
export interface ContextScan {
  /** The project root seen from the forge root, posix, with a trailing slash (`../../`): diagnostics name files from there. */
  fromForgeRoot: string;
  /** One file per directory, the one Pi would load there, in path order. */
  files: ContextSourceFile[];
  /** Files found and not read, with why (a symbolic link out of the project, not a regular file, unreadable). */
  skipped: Array<{ path: string; reason: string }>;
  /** Why the search could not finish (git failed, a bound): the build then refuses, since it cannot know what it left out. */
  problem: { kind: "too-many" | "unreadable"; detail: string } | null;
}

/** Everything the pure compiler sees: no absolute paths, no timestamps. */
export interface SourceTree {
  files: SourceFile[];
  escapingLinks: EscapingLink[];
  /** Symlinks (inside the root) to forge's own output, bundle.json: never read, always an error. */
  outputLinks?: EscapingLink[];
  /** Set by the reader when it stopped early at the file-count bound. */
  fileCount: number;
  /** The nested context files, read when forge.yaml says `contextFiles: nested` (absent otherwise). */
  context?: ContextScan;
}

/**
 * One library listed in forge.yaml, as the I/O edge found it in node_modules (compiler/io/read-libraries.ts). The
 * pure compile verifies the bundle text and reports every problem as a diagnostic at its forge.yaml entry.
 */
export type LibraryInput =
  | { name: string; status: "installed"; version: string; bundleText: string; bundlePath: string }
  /** Not resolvable from the project (not installed). */
  | { name: string; status: "missing" }
  /** Installed, but not a forge library: no "forge": {"bundle"} in its package.json, or that file cannot be read. */
  | { name: string; status: "not-forge"; reason: string };

/**
 * The team policy a build is checked against (forge build --policy, or forge.yaml's expectPolicy), as the I/O edge
 * found it (compiler/io/read-policy.ts). `from`: who named it, for where its problems point.
 */
export type PolicyInput = { name: string; from: "cli" | "config"; signedBy?: readonly string[] } & (
  | { status: "installed"; version: string | null; bundleText: string; bundlePath: string }
  | { status: "missing" }
  | { status: "not-forge"; reason: string }
);

export interface CompileOptions {
  scope: BundleScope;
  forgeVersion: string;
  /**
   * The layers Pi offers beside the bundle being built, shallow to deep: the built-in bundle, then (for a monorepo
   * package) each project layer above it, the deeper winning per key (core/layering.ts). A preset may use their modes
   * and a mode may extend one; a mode that takes one of their keys must not break one of their presets.
   */
  layersBeneath?: readonly LayerBeneath[];
  /** The libraries forge.yaml lists, resolved by the I/O edge; a listed name without an entry counts as missing. */
  libraries?: readonly LibraryInput[];
  /** The team policy the sources are checked against (phases/11-policy.ts); none: no check. */
  policy?: PolicyInput;
  /**
   * Replaced by `layersBeneath`. Declared `never` so that an old call spreading them (`{ ...options, builtinModes }`),
   * which TypeScript's excess-property check does not catch, fails to type-check instead of compiling without them.
   */
  /** Counts kept from earlier processes (compiler/io/token-count-cache.ts): a count is the same function of its text either way. */
  tokenCounts?: TokenCountCache;
  builtinModes?: never;
  builtinPresets?: never;
  inheritedOrigins?: never;
}

/** Token counts by text that a compile may reuse and add to; without one, every text is counted. */
export interface TokenCountCache {
  get(text: string): number | undefined;
  set(text: string, count: number): void;
}

/** One layer beneath the bundle being built: its components, and how messages name it. */
export interface LayerBeneath {
  /** null: the built-in bundle; otherwise how a message names the layer, e.g. `the layer ../../.pi/forge`. */
  name: string | null;
  modes: Readonly<Record<string, Mode | undefined>>;
  presets: Readonly<Record<string, Preset | undefined>>;
}

export interface CompileResult {
  /** null when any diagnostic is an error: nothing may be written then. */
  bundle: ForgeBundle | null;
  diagnostics: Diagnostic[];
}

/** Documented bounds, enforced with coded diagnostics: schema/common.schema.json is their source. */
export { LIMITS } from "../generated/constants.js";
