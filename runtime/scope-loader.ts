// The session's view of the bundle scopes: re-read only when a scope file or the host's trust answer changed, and looked
// for (a walk and a stat per file) only when fs.watch said something moved (runtime/scope-watch.ts).
import { buildLayeredCatalog, emptyCatalog, type Catalog } from "../core/component-catalog.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { OnceTeller } from "./notify.js";
import { discoverScopes, resolveScopePaths, scopeFiles, scopeFingerprint, type DiscoveredScopes, type ScopePaths } from "./scope-discovery.js";
import { createScopeWatch, type ScopeWatch } from "./scope-watch.js";
import { dirname } from "node:path";
import type { TrustSetting } from "../core/trust-setting.js";
import { readTrustSetting } from "../io/forge-settings.js";
import { withSeen } from "../io/signer-trust.js";
import { readTrustStore, writeTrustStore } from "../io/trust-store.js";
import { compileBundlePatterns } from "../core/path-match.js";
import { policyIdentity, type PolicyState } from "../core/policy.js";
import type { PolicyLoader } from "./policy-loader.js";
import { restrictScopes } from "./policy-scopes.js";

/** One read of the scopes: what was found (files, trust, notices) and the catalog it offers. */
export interface LoadedScopes {
  discovered: DiscoveredScopes;
  catalog: Catalog;
  /** The global forge.yaml's trust setting (host on 0.73.1, where forge always decides). */
  trustSetting: TrustSetting;
  /** The team policy in force when these scopes were read (it withholds bundles: runtime/policy-scopes.ts). */
  policy: PolicyState;
}

export interface ScopeLoader {
  /** Re-reads the bundles when any scope file changed (stat check) or when forced; tells new notices once. */
  refresh(ctx: CtxPort, force?: boolean): LoadedScopes;
  /** The catalog of the last read (empty before the first): for completions, which get no ctx. */
  catalog(): Catalog;
  /** The files the last read depends on (bundles, trust store, settings); none before the first read. */
  files(): string[];
  /** Whether the last read trusted the project layer `layer` (the deepest one when omitted). */
  projectTrusted(layer?: string | null): boolean;
  /** The team policy of the last read (none before the first): the tool gate holds each turn to it. */
  policy(): PolicyState;
}

export interface ScopeLoaderDeps {
  env: NodeJS.ProcessEnv;
  builtinFile: string;
  adapter: HostAdapter;
  tell: OnceTeller;
  /** The team policy (runtime/policy-loader.ts); none when absent. */
  policies?: PolicyLoader;
  /** What says a scope file may have changed (default: fs.watch); tests pass their own. */
  watch?: ScopeWatch;
}

/** What discovery depends on besides cwd: the scope files (stat only) and the host's trust answer. */
function fingerprintOf(paths: ScopePaths, hostTrust: boolean | null): string {
  return `${scopeFingerprint(paths)}|${String(hostTrust)}`;
}

/** Records the signer-trusted bundles just told about as seen, so the next change's notice lists only what changed since. */
function recordSeen(discovered: DiscoveredScopes): void {
  if (discovered.seen.length === 0) return;
  try {
    let store = readTrustStore(discovered.paths.trustFile);
    for (const s of discovered.seen) store = withSeen(store, s.root, s.bundle, s.signer, new Date());
    writeTrustStore(discovered.paths.trustFile, store);
  } catch {
    // Best effort: without the record the same notice is told again next time.
  }
}

export function createScopeLoader({ env, builtinFile, adapter, tell, policies, watch = createScopeWatch() }: ScopeLoaderDeps): ScopeLoader {
  const empty = emptyCatalog();
  let loaded: LoadedScopes | null = null;
  let fingerprint = "";
  let cwd = "";
  let trustSeen: boolean | null = null;
  let policySeen: string | null = null;

  /** The host's trust answer (1.x can change it mid-session), null without a trust API. */
  function hostTrust(ctx: CtxPort): boolean | null {
    try {
      return adapter.projectTrust(ctx);
    } catch {
      return false; // a failing trust API must not trust a project
    }
  }

  return {
    refresh(ctx, force = false) {
      const trust = hostTrust(ctx);
      // The team policy is read every turn (its own bounded read): a new version applies from the next turn, even when
      // no scope file moved.
      const policy: PolicyState = policies?.refresh() ?? { kind: "none" };
      const policyId = policyIdentity(policy);
      // Nothing moved since the last look (fs.watch on every directory it read), same cwd, same trust answer, same
      // policy: the same scopes, with no system call for them.
      if (!force && loaded !== null && cwd === ctx.cwd && trust === trustSeen && policyId === policySeen && watch.quiet()) return loaded;
      // The layer walk (at most 32 directories, stat only): a deeper layer that appears mid-session must show, as
      // drift of what it shadows. The watchers are armed before the files are read, so a change while reading them is
      // seen next turn; a layer that appeared between the walk and the arming is found by the walk after it.
      let paths = resolveScopePaths(ctx.cwd, env, builtinFile);
      watch.arm(ctx.cwd, paths);
      const again = resolveScopePaths(ctx.cwd, env, builtinFile);
      if (again.repositoryRoot !== paths.repositoryRoot || again.layers.map((l) => l.file).join("|") !== paths.layers.map((l) => l.file).join("|")) {
        paths = again;
        watch.arm(ctx.cwd, paths);
      }
      trustSeen = trust;
      policySeen = policyId;
      const next = `${fingerprintOf(paths, trust)}|${policyId}`;
      if (!force && loaded !== null && cwd === ctx.cwd && next === fingerprint) return loaded;
      cwd = ctx.cwd;
      fingerprint = next;
      // The trust setting matters only where the host has a trust answer (1.x); 0.73.1 always uses forge's own trust.
      const setting: TrustSetting = trust === null ? { mode: "host" } : readTrustSetting(dirname(paths.settingsFile));
      const discovered = restrictScopes(discoverScopes(paths, trust, setting, ctx.hasUI), policy);
      loaded = { discovered, catalog: buildLayeredCatalog(discovered.sources), trustSetting: setting, policy };
      // Every offered bundle's path patterns are compiled now, once per load (verification bounded their cost), so no
      // tool call pays for compiling: the first edit under a limit costs what every other does.
      for (const source of discovered.sources) if (source.trusted) compileBundlePatterns(source.bundle);
      if (setting.problem) tell.tell(ctx, `forge: ${setting.problem}`);
      for (const notice of discovered.notices) tell.tell(ctx, notice);
      recordSeen(discovered);
      return loaded;
    },
    catalog: () => loaded?.catalog ?? empty,
    files: () => (loaded === null ? [] : scopeFiles(loaded.discovered.paths)),
    policy: () => loaded?.policy ?? { kind: "none" },
    projectTrusted: (layer) => {
      if (loaded === null) return false;
      if (layer === undefined || layer === null) return loaded.discovered.trust.trusted === true;
      return loaded.discovered.layers.some((l) => l.root === layer && l.trusted === true);
    },
  };
}
