// `forge build` and `forge build --check`: read sources, compile, compare with bundle.json, write atomically.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { ForgeBundle } from "../../generated/types.js";
import type { LayerBeneath } from "../types.js";
import { fingerprintInputs, lookupCache, storeCache } from "./build-cache.js";
import { compile, emitBundleText } from "../compile.js";
import type { IncrementalCompiler } from "../incremental-compile.js";
import { sourceLookup, type SourceLookup } from "../output/format-diagnostics.js";
import type { BuildTarget } from "./forge-target.js";
import { readLibraries } from "./read-libraries.js";
import { readTargetTree } from "./read-target-tree.js";
import type { SourceReuse } from "./read-sources.js";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { carryTrust, recordTrustedSources, type TrustOutcome } from "./trust-carry.js";
import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { LIMITS } from "../../generated/constants.js";
import { diffBundles, isBundleCurrent, type BundleChanges } from "../review/bundle-changes.js";
import type { BuildReport, BuildStatus } from "../review/build-report.js";
import { summarize } from "../output/painter.js";
import type { SigningKey } from "../../core/bundle-signature.js";
import { applySignatures } from "./bundle-signing.js";
import type { SignatureReport } from "../review/signature-report.js";
import { openTokenCountCache } from "./token-count-cache.js";
import { readPolicyInput } from "./read-policy.js";

export interface BuildRun {
  report: BuildReport;
  exitCode: number;
  getSource: SourceLookup;
  /** The absolute forge root the diagnostics' files are relative to. */
  forgeRoot: string;
  /** The bundle the sources compiled to (absent after errors, or when the no-op cache answered). */
  bundle?: ForgeBundle;
  /** The directories of the nested context files the build read or skipped (absolute): what `build --watch` watches. */
  contextDirs: string[];
}

export interface BuildSettings {
  check: boolean;
  forgeVersion: string;
  /** The layers beneath the sources (the built-in bundle, the project layers above): CompileOptions.layersBeneath. */
  layersBeneath?: readonly LayerBeneath[];
  /** The text the layers beneath came from (the built-in bundle's, the outer layers' hashes), for the cache fingerprint. */
  builtinText?: string;
  /** forge's trust store (project scope only): a rebuild of the bundle the user trusted keeps trust for their own edits. */
  trustFile?: string;
  /** The environment git runs with (trust attribution reads HEAD); process.env when absent. */
  env?: NodeJS.ProcessEnv;
  /** Where the no-op cache lives (compiler/io/build-cache.ts); null disables it. */
  cacheDir: string | null;
  /** `build --watch`: the compiler that keeps each rebuild's results for the next one (compiler/incremental-compile.ts). */
  incremental?: IncrementalCompiler;
  /** `build --watch`: the bytes of unchanged sources, kept across rebuilds (compiler/io/read-sources.ts). */
  sourceReuse?: SourceReuse;
  /** forge build --sign: the key that signs the bundle's bundleHash (compiler/io/bundle-signing.ts). */
  signingKey?: SigningKey;
  /** forge build --policy: the team policy (a package or a bundle file) to check the sources against. */
  policy?: string;
  /** The command's current directory (a --policy file is relative to it); the target's when absent. */
  cwd?: string;
}

/** One build (or check). Throws SourceReadError / errno errors on I/O failure; the CLI reports them. */
export function runBuild(target: BuildTarget, settings: BuildSettings): BuildRun {
  const tree = readTargetTree(target, settings.env ?? process.env, settings.sourceReuse);
  // The libraries forge.yaml lists, from the node_modules Node resolves them from the (project or library) root.
  const libraries = target.scope === "builtin" ? [] : readLibraries(target.root, tree);
  // The team policy to check against (--policy, else forge.yaml's expectPolicy).
  const policy = target.scope === "builtin" ? undefined : readPolicyInput(target, tree, settings.policy, settings.cwd ?? target.cwd);
  const getSource = sourceLookup(tree.files);
  const contextPaths = [...(tree.context?.files ?? []), ...(tree.context?.skipped ?? [])].map((f) => f.path);
  const contextDirs = [...new Set(contextPaths.map((p) => dirname(join(target.root, ...p.split("/")))))].sort();
  const finish = (
    exitCode: number,
    status: BuildStatus,
    diagnostics: Diagnostic[],
    bundleHash: string | null = null,
    counts: BuildReport["counts"] = null,
    changes: BundleChanges | null = null,
    trust: TrustOutcome | null = null,
    signatures: SignatureReport | null = null,
  ): BuildRun => ({
    // Key order here is the --json output order: what happened first, the details last.
    report: {
      command: "build",
      check: settings.check,
      status,
      scope: target.scope,
      path: target.displayPath,
      absolutePath: target.bundlePath,
      bundleHash,
      counts,
      changes,
      ...(signatures ? { signatures } : {}),
      ...(trust?.kept ? { trustKept: true as const } : {}),
      ...(trust && !trust.kept ? { trustNotKept: { reason: trust.reason, changes: trust.changes } } : {}),
      ...(policy ? { policy: { name: policy.name, from: policy.from } } : {}),
      summary: summarize(diagnostics),
      diagnostics,
    },
    exitCode,
    getSource,
    forgeRoot: target.forgeRoot,
    contextDirs,
  });
  // The existing bundle, bounded and regular only: a bundle.json that is a FIFO or /dev/zero link must not hang the
  // build. Anything unreadable counts as a stale bundle, which a build replaces (the rename swaps the path itself).
  const read = readBoundedText(target.bundlePath, LIMITS.maxBundleBytes);
  const existing = read.ok ? read.text : read.reason === "absent" ? null : "";
  // Counts an earlier build made (any project): the tokenizer loads only for a text none counted yet.
  const tokenCounts = settings.incremental ? null : openTokenCountCache(settings.cacheDir);
  const options = {
    scope: target.scope,
    forgeVersion: settings.forgeVersion,
    ...(settings.layersBeneath ? { layersBeneath: settings.layersBeneath } : {}),
    libraries,
    ...(tokenCounts ? { tokenCounts } : {}),
    ...(policy ? { policy } : {}),
  };
  // A bundle that is exactly the trusted one proves what it was built from: forge's trust record keeps the sources.
  const attest = (bundleHash: string): void => {
    if (settings.trustFile && !settings.check)
      recordTrustedSources(settings.trustFile, realRootOf(target.root), target.forgeRoot, bundleHash, tree, settings.env ?? process.env, new Date());
  };
  // An incremental rebuild keeps its own results: the no-op cache would only hash every file again and write an entry
  // per save (the cache is for the next process). Signing must see the bundle on disk and may add a signature: the
  // no-op cache cannot answer for it either.
  // A check against a team policy is not in the cache's key: it always compiles.
  const cache = settings.incremental || settings.signingKey || policy ? null : settings.cacheDir;
  const inputHash = cache
    ? fingerprintInputs(tree, { scope: target.scope, forgeVersion: settings.forgeVersion, builtinText: settings.builtinText ?? null, libraries })
    : null;
  if (cache && inputHash) {
    const hit = lookupCache(cache, target.forgeRoot, target.scope, inputHash, existing);
    if (hit) {
      if (hit.bundleHash !== null) attest(hit.bundleHash);
      return finish(0, settings.check ? "fresh" : "unchanged", hit.diagnostics, hit.bundleHash, hit.counts);
    }
  }
  const incremental = settings.incremental;
  const compiled = incremental ? incremental.compile(tree, options) : compile(tree, options);
  tokenCounts?.save();
  const { diagnostics } = compiled;
  if (!compiled.bundle) return finish(1, "errors", diagnostics);
  // The signatures on disk that still hold are kept (a signature never changes bundleHash); --sign adds this key's.
  const { bundle, report: signatures } = applySignatures(compiled.bundle, existing, settings.signingKey ?? null, new Date());
  const withBundle = (run: BuildRun): BuildRun => ({ ...run, bundle });
  // What the bundle on disk parses to, when it is exactly what the last rebuild wrote: no need to parse it again.
  const previous = existing === null ? null : (incremental?.bundleOf(existing) ?? null);
  const text = incremental ? incremental.bundleText(bundle) : emitBundleText(bundle);
  const counts = { modes: Object.keys(bundle.modes).length, presets: Object.keys(bundle.presets).length };
  const remember = (onDisk: string): void => {
    if (cache && inputHash) storeCache(cache, target.forgeRoot, target.scope, inputHash, onDisk, { bundleHash: bundle.bundleHash, counts, diagnostics });
  };
  if (existing !== null && isBundleCurrent(existing, text, bundle, emitBundleText, previous)) {
    remember(existing);
    attest(bundle.bundleHash);
    return withBundle(finish(0, settings.check ? "fresh" : "unchanged", diagnostics, bundle.bundleHash, counts, null, null, signatures));
  }
  const changes = diffBundles(existing, bundle, previous);
  if (settings.check) return withBundle(finish(1, existing === null ? "missing" : "stale", diagnostics, bundle.bundleHash, counts, changes, null, signatures));
  writeTextAtomic(target.bundlePath, text);
  remember(text);
  // Your own rebuild of a bundle you trusted (Pi 0.73.1's trust store) stays trusted for your own edits only.
  const trust = settings.trustFile
    ? carryTrust({
        trustFile: settings.trustFile,
        layerRoot: realRootOf(target.root),
        forgeRoot: target.forgeRoot,
        replacedHash: changes.bundleHash.from,
        next: bundle,
        tree,
        env: settings.env ?? process.env,
        now: new Date(),
        buildHash: (other) => compile(other, options).bundle?.bundleHash ?? null,
      })
    : null;
  if (trust === null) attest(bundle.bundleHash);
  return withBundle(finish(0, "written", diagnostics, bundle.bundleHash, counts, changes, trust, signatures));
}

function realRootOf(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}
