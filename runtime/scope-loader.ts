// The session's view of the bundle scopes: re-read only when a scope file or the host's trust answer changed.
import { buildLayeredCatalog, emptyCatalog, type Catalog } from "../core/component-catalog.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { OnceTeller } from "./notify.js";
import { discoverScopes, resolveScopePaths, scopeFiles, scopeFingerprint, type DiscoveredScopes, type ScopePaths } from "./scope-discovery.js";
import { dirname } from "node:path";
import type { TrustSetting } from "../core/trust-setting.js";
import { readTrustSetting } from "../io/forge-settings.js";
import { withSeen } from "../io/signer-trust.js";
import { readTrustStore, writeTrustStore } from "../io/trust-store.js";
import { compileBundlePatterns } from "../core/path-match.js";

/** One read of the scopes: what was found (files, trust, notices) and the catalog it offers. */
export interface LoadedScopes {
  discovered: DiscoveredScopes;
  catalog: Catalog;
  /** The global forge.yaml's trust setting (host on 0.73.1, where forge always decides). */
  trustSetting: TrustSetting;
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
}

export interface ScopeLoaderDeps {
  env: NodeJS.ProcessEnv;
  builtinFile: string;
  adapter: HostAdapter;
  tell: OnceTeller;
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

export function createScopeLoader({ env, builtinFile, adapter, tell }: ScopeLoaderDeps): ScopeLoader {
  const empty = emptyCatalog();
  let loaded: LoadedScopes | null = null;
  let fingerprint = "";
  let cwd = "";

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
      // The layer walk (at most 32 directories, stat only) runs every time: a deeper layer that appears mid-session
      // must show, as drift of what it shadows.
      const paths = resolveScopePaths(ctx.cwd, env, builtinFile);
      const next = fingerprintOf(paths, trust);
      if (!force && loaded !== null && cwd === ctx.cwd && next === fingerprint) return loaded;
      cwd = ctx.cwd;
      fingerprint = next;
      // The trust setting matters only where the host has a trust answer (1.x); 0.73.1 always uses forge's own trust.
      const setting: TrustSetting = trust === null ? { mode: "host" } : readTrustSetting(dirname(paths.settingsFile));
      const discovered = discoverScopes(paths, trust, setting, ctx.hasUI);
      loaded = { discovered, catalog: buildLayeredCatalog(discovered.sources), trustSetting: setting };
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
    projectTrusted: (layer) => {
      if (loaded === null) return false;
      if (layer === undefined || layer === null) return loaded.discovered.trust.trusted === true;
      return loaded.discovered.layers.some((l) => l.root === layer && l.trusted === true);
    },
  };
}
