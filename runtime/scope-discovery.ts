// Finds and loads the bundle scopes: built-in, global, and every project layer from the repository root down to cwd
// (a monorepo's house rules plus a package's own modes), each verified and trusted on its own.
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CatalogSource } from "../core/component-catalog.js";
import type { Scope } from "../core/digest.js";
import { isBundleTrusted, readTrustStore, type TrustStore } from "../io/trust-store.js";
import { signersOf, type Signer } from "../core/bundle-signature.js";
import { bundleServers } from "../core/mcp-servers.js";
import type { ForgeBundle } from "../generated/types.js";
import type { TrustSetting } from "../core/trust-setting.js";
import { describeRollback, judgeSigners, type Rollback, type SeenUpdate } from "./signer-trust.js";
import { trustHint } from "./trust-hint.js";
import { loadBundleFile, refusedLoad, type BundleLoad } from "../io/bundle-file.js";
import { findProjectLayers, layerEscape, safeRealpath, type LayerPath } from "../io/project-layers.js";

export type { LayerPath };

export interface ScopePaths {
  agentDir: string;
  builtinFile: string;
  globalFile: string;
  trustFile: string;
  /** The global scope's forge.yaml: its `trust` setting decides who trusts project bundles on Pi 1.x. */
  settingsFile: string;
  /** The nearest ancestor of cwd with .git (within MAX_LEVELS), or null: then the filesystem root bounds the walk. */
  repositoryRoot: string | null;
  /** Every project layer, the repository root's first, cwd's nearest last. */
  layers: LayerPath[];
  /** The deepest layer (null when none): what single-project messages name. */
  projectRoot: string | null;
  projectFile: string | null;
}

export interface ProjectTrust {
  /** null when there is no (valid) project bundle to trust. */
  trusted: boolean | null;
  /** Who decided: the host's trust API, or forge's own trust store. */
  decidedBy: "host" | "forge" | null;
  realRoot: string | null;
  /** Why forge trusted it: the host said so, the user trusted this bundleHash, or a key the user trusts signed it. */
  via?: "host" | "hash" | "signer";
  /** The trusted key that vouched for it (via signer). */
  signer?: Signer;
}

/** A project layer as loaded: its bundle (verified) and whether it is trusted. */
export interface LayerLoad extends LayerPath, ProjectTrust {
  load: BundleLoad;
  /**
   * Whether the MCP servers its modes bring may start: forge's own trust covers the bundle (its bundleHash trusted, or a
   * key the user trusts signed it). Host trust alone is not enough: Pi 1.x reports a folder holding only .pi/forge/
   * trusted without asking. False for an untrusted layer, true for one that brings no server.
   */
  serversTrusted: boolean;
  /** The keys whose signatures of the bundle verified (every signature must, or the bundle is refused). */
  signers: Signer[];
  /** A trusted key signed it before the newest bundle from that key the user used here: asked about, not applied. */
  rollback?: Rollback;
}

export interface DiscoveredScopes {
  paths: ScopePaths;
  /** builtin and global, plus `project` = the deepest layer's load (single-project reports). */
  loads: Record<Scope, BundleLoad>;
  layers: LayerLoad[];
  /** Every verified bundle in shallow-to-deep order, trusted or not (untrusted ones are withheld by the catalog). */
  sources: CatalogSource[];
  /** The deepest layer's trust. */
  trust: ProjectTrust;
  notices: string[];
  /** Layers loaded trusted by a signer whose bundle the user had not seen: the store records them (scope-loader.ts). */
  seen: SeenUpdate[];
}

/** $PI_CODING_AGENT_DIR (with ~ expanded) or ~/.pi/agent, as Pi itself resolves it. */
export function resolveAgentDir(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const configured = env.PI_CODING_AGENT_DIR;
  if (configured && configured.length > 0) {
    if (configured === "~") return home;
    if (configured.startsWith("~/")) return join(home, configured.slice(2));
    return resolve(configured);
  }
  return join(home, ".pi", "agent");
}

/** The shipped built-in bundle: presets/bundle.json beside dist/ (or beside runtime/ in the repo). */
export function defaultBuiltinFile(): string {
  return fileURLToPath(new URL("../presets/bundle.json", import.meta.url));
}

export function resolveScopePaths(cwd: string, env: NodeJS.ProcessEnv, builtinFile: string): ScopePaths {
  const agentDir = resolveAgentDir(env);
  const { layers, repositoryRoot } = findProjectLayers(cwd);
  const deepest = layers[layers.length - 1] ?? null;
  return {
    agentDir,
    builtinFile,
    globalFile: join(agentDir, "forge", "bundle.json"),
    trustFile: join(agentDir, "forge", "trust.json"),
    settingsFile: join(agentDir, "forge", "forge.yaml"),
    repositoryRoot,
    layers,
    projectRoot: deepest?.root ?? null,
    projectFile: deepest?.file ?? null,
  };
}

/**
 * Loads every scope. `hostTrust` is the adapter's answer for the project (null: the host has no trust API, so forge's
 * trust store decides each layer: its bundleHash trusted, or a signature by a key the user trusts). With `trust: forge`
 * (`setting`), a layer the host trusts must also be trusted by forge's store; the host's "no" always stands. `hasUI`:
 * whether this Pi shows dialogs, for what the "not trusted" notices say works here.
 */
export function discoverScopes(paths: ScopePaths, hostTrust: boolean | null, setting: TrustSetting = { mode: "host" }, hasUI = true): DiscoveredScopes {
  const notices: string[] = [];
  const sources: CatalogSource[] = [];
  const loads: Record<Scope, BundleLoad> = {
    builtin: loadBundleFile(paths.builtinFile, "builtin"),
    global: loadBundleFile(paths.globalFile, "global"),
    project: { status: "absent", file: "" },
  };
  for (const scope of ["builtin", "global"] as const) {
    const load = loads[scope];
    if (load.status === "ok") sources.push({ scope, layer: null, bundle: load.bundle, trusted: true, file: load.file });
    else if (load.status === "refused") notices.push(load.reason);
  }
  const forgeDecides = hostTrust === null || (setting.mode === "forge" && hostTrust === true);
  const store: TrustStore | null = forgeDecides && paths.layers.length > 0 ? readTrustStore(paths.trustFile) : null;
  const seen: SeenUpdate[] = [];
  let serverStore: TrustStore | null = null;
  /** A host-trusted layer that brings MCP servers: do forge's own records cover it (read only when one does)? */
  const serversTrustedByForge = (realRoot: string, file: string, bundle: ForgeBundle, signers: Signer[]): boolean => {
    if (bundleServers(bundle).length === 0) return true;
    serverStore ??= readTrustStore(paths.trustFile);
    const hash = isBundleTrusted(serverStore, realRoot, bundle.bundleHash);
    return hash || judgeSigners(serverStore, realRoot, file, bundle, signers, hash).signer !== null;
  };
  const layers: LayerLoad[] = paths.layers.map((layer) => {
    const escape = layerEscape(layer, paths.repositoryRoot);
    const load: BundleLoad = escape !== null ? refusedLoad(layer.file, escape) : loadBundleFile(layer.file, "project");
    const out: LayerLoad = { ...layer, load, trusted: null, decidedBy: null, realRoot: null, signers: [], serversTrusted: false };
    if (load.status === "refused") notices.push(load.reason);
    if (load.status !== "ok") return out;
    out.realRoot = safeRealpath(layer.root);
    out.signers = signersOf(load.bundle);
    if (!forgeDecides) {
      out.decidedBy = "host";
      out.trusted = hostTrust === true;
      out.via = "host";
    } else {
      out.decidedBy = "forge";
      const hash = isBundleTrusted(store!, out.realRoot, load.bundle.bundleHash);
      const judged = judgeSigners(store!, out.realRoot, load.file, load.bundle, out.signers, hash);
      out.trusted = hash || judged.signer !== null;
      if (out.trusted) out.via = hash ? "hash" : "signer";
      if (judged.signer !== null && !hash) out.signer = judged.signer;
      notices.push(...judged.notices);
      if (judged.seen !== null) seen.push(judged.seen);
      if (judged.rollback !== null) out.rollback = judged.rollback;
    }
    out.serversTrusted = out.trusted === true && (out.via !== "host" || serversTrustedByForge(out.realRoot, load.file, load.bundle, out.signers));
    const outer = layer.root === paths.projectRoot ? null : layer.root;
    const hint = trustHint(out.decidedBy, hasUI, load.bundle.bundleHash, outer);
    sources.push({
      scope: "project",
      layer: layer.root,
      bundle: load.bundle,
      trusted: out.trusted,
      file: load.file,
      ...(out.trusted ? {} : { how: hint.short }),
    });
    if (!out.trusted) notices.push(untrustedNotice(load.file, hint.notice, out.rollback));
    return out;
  });
  const deepest = layers[layers.length - 1];
  if (deepest) loads.project = deepest.load;
  const trust: ProjectTrust = deepest
    ? { trusted: deepest.trusted, decidedBy: deepest.decidedBy, realRoot: deepest.realRoot }
    : { trusted: null, decidedBy: null, realRoot: null };
  if (deepest?.via) trust.via = deepest.via;
  if (deepest?.signer) trust.signer = deepest.signer;
  return { paths, loads, layers, sources, trust, notices, seen };
}

/** The one "not trusted" notice of a layer: why (a rollback says so) and what trusts it here (runtime/trust-hint.ts). */
export function untrustedNotice(file: string, how: string, rollback?: Rollback): string {
  const said = rollback === undefined ? "" : describeRollback(rollback);
  const why = said === "" ? "" : ` ${said[0]!.toUpperCase()}${said.slice(1)}.`;
  return `forge: project bundle ${file} is not trusted; its modes and presets are not offered.${why} ${how}`;
}

/** Cheap change detector for the files discovery reads (stat only): compared before each turn. */
/** The files whose change changes what the scopes offer: every bundle, the trust store and the global settings. */
export function scopeFiles(paths: ScopePaths): string[] {
  return [paths.builtinFile, paths.globalFile, paths.trustFile, paths.settingsFile, ...paths.layers.map((l) => l.file)];
}

/** A file's identity for a change check: its inode, size and modified time, or absent. */
export function fileStatKey(file: string): string {
  // An absent file (no trust store yet, no global bundle, no policy) is asked without an exception: its stack trace
  // made this check most of a turn's cost (bench/runtime-compose.mjs).
  try {
    const s = statSync(file, { throwIfNoEntry: false });
    return s === undefined ? `${file}:-` : `${file}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return `${file}:-`;
  }
}

export function scopeFingerprint(paths: ScopePaths): string {
  return scopeFiles(paths).map(fileStatKey).join("|");
}
