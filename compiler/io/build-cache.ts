// The no-op fast path: a per-user cache that maps a fingerprint of every compile input to the bundle it produced.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BundleScope } from "../../core/digest.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { LibraryInput, SourceTree } from "../types.js";
import { validateBuildCacheEntry } from "../../generated/cache-validators.js";
import type { ForgeBuildCacheEntry } from "../../generated/types.js";
import { writeCacheAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { LIMITS } from "../../generated/constants.js";

/**
 * compile() is pure: the same SourceTree and options give the same bundle and diagnostics. So
 * when a fingerprint of all of them (plus the compiler's own code) matches the last successful
 * build, and bundle.json still holds exactly what that build wrote, compiling again would
 * only prove "unchanged". The cache lives outside the repo (never committed, never read as a
 * source) and holds no bundle content, only hashes, counts and diagnostics; the bundle bytes
 * never depend on it. A cache that is missing, unreadable or stale just means a full compile.
 */
/** The validator checks every code against the schema's list, so the entry's diagnostics are forge diagnostics. */
export type CacheEntry = Omit<ForgeBuildCacheEntry, "diagnostics"> & { diagnostics: Diagnostic[] };

export interface FingerprintInputs {
  scope: BundleScope;
  forgeVersion: string;
  /** The exact built-in bundle text whose modes were passed to compile(), or null. */
  builtinText: string | null;
  /** The forge libraries passed to compile(): an upgraded library (a new bundle text) is a new input. */
  libraries?: readonly LibraryInput[];
}

function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export { cacheDir } from "./cache-dir.js";

/**
 * esbuild defines it in dist/: the CLI's entry file (dist/cli.js), beside the chunk this module is bundled into. The
 * entry names every chunk it imports by a content hash that covers the chunks they import in turn (scripts/build.mjs),
 * so its bytes stand for the whole compiler's code; without it (tsx, tests) this module's own file does.
 */
declare const FORGE_CLI_ENTRY: string | undefined;

let codeHash: string | null | undefined;

/** A hash of the running compiler's code, so a rebuilt or upgraded forge never trusts an old entry. */
function compilerCodeHash(): string | null {
  if (codeHash !== undefined) return codeHash;
  try {
    codeHash = sha256(readFileSync(fileURLToPath(typeof FORGE_CLI_ENTRY === "string" ? new URL(FORGE_CLI_ENTRY, import.meta.url) : import.meta.url)));
  } catch {
    codeHash = null;
  }
  return codeHash;
}

/** Fingerprint of everything compile() sees; null when the compiler's own code cannot be hashed. */
export function fingerprintInputs(tree: SourceTree, inputs: FingerprintInputs): string | null {
  const code = compilerCodeHash();
  if (code === null) return null;
  const h = createHash("sha256");
  const field = (s: string): void => {
    h.update(`${s.length}:`);
    h.update(s);
  };
  field("forge-build-cache-v1");
  field(code);
  field(inputs.scope);
  field(inputs.forgeVersion);
  field(inputs.builtinText === null ? "-" : sha256(inputs.builtinText));
  for (const lib of inputs.libraries ?? []) {
    field(`library:${lib.name}:${lib.status}`);
    if (lib.status === "installed") {
      field(lib.version);
      field(lib.bundlePath);
      field(sha256(lib.bundleText));
    } else if (lib.status === "not-forge") field(lib.reason);
  }
  field(String(tree.fileCount));
  for (const link of tree.escapingLinks) field(`link:${link.path}`);
  for (const file of tree.files) {
    field(`file:${file.path}`);
    field(file.symlinkTo ?? "-");
    h.update(`${file.bytes.length}:`);
    h.update(file.bytes);
  }
  // The nested context files are compile inputs like any source: an edited AGENTS.md is a new fingerprint.
  const context = tree.context;
  if (context !== undefined) {
    field(`context:${context.fromForgeRoot}`);
    field(context.problem === null ? "-" : `${context.problem.kind}:${context.problem.detail}`);
    for (const s of context.skipped) field(`skipped:${s.path}:${s.reason}`);
    for (const file of context.files) {
      field(`context-file:${file.path}:${file.tooLarge === true ? "large" : "read"}`);
      h.update(`${file.bytes.length}:`);
      h.update(file.bytes);
    }
  }
  return h.digest("hex");
}

function entryPath(dir: string, forgeRoot: string, scope: BundleScope): string {
  return join(dir, `${sha256(`${scope}\0${forgeRoot}`).slice(0, 32)}.json`);
}

/** The cached entry when it matches `inputHash` and bundle.json still holds that build's output. */
export function lookupCache(dir: string, forgeRoot: string, scope: BundleScope, inputHash: string, existing: string | null): CacheEntry | null {
  if (existing === null) return null;
  try {
    const read = readBoundedText(entryPath(dir, forgeRoot, scope), LIMITS.maxBundleBytes);
    if (!read.ok) return null;
    const text = read.text;
    const entry: unknown = JSON.parse(text);
    if (!validateBuildCacheEntry(entry) || (entry as CacheEntry).inputHash !== inputHash) return null;
    return (entry as CacheEntry).outputHash === sha256(existing) ? (entry as CacheEntry) : null;
  } catch {
    return null;
  }
}

/**
 * Remembers a successful build: `onDisk` is the bundle.json text it left on disk. Best effort: a
 * cache that cannot be written only costs speed next time.
 */
export function storeCache(
  dir: string,
  forgeRoot: string,
  scope: BundleScope,
  inputHash: string,
  onDisk: string,
  result: Pick<CacheEntry, "bundleHash" | "counts" | "diagnostics">,
): void {
  const entry: CacheEntry = { v: 1, inputHash, outputHash: sha256(onDisk), ...result };
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeCacheAtomic(entryPath(dir, forgeRoot, scope), JSON.stringify(entry));
  } catch {
    // read-only home, full disk: ignore
  }
}
