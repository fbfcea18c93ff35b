// Finds and loads the three bundle scopes (built-in, global, project) and decides project trust.
import { existsSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Scope } from "../core/digest.js";
import { loadBundleFile, type BundleLoad } from "./bundle-file.js";
import type { ScopedBundles } from "../core/component-catalog.js";
import { isBundleTrusted, readTrustStore } from "./trust-store.js";

export interface ScopePaths {
  agentDir: string;
  builtinFile: string;
  globalFile: string;
  trustFile: string;
  /** Directory holding .pi/forge/bundle.json, the nearest ancestor of cwd; null when none. */
  projectRoot: string | null;
  projectFile: string | null;
}

export interface ProjectTrust {
  /** null when there is no (valid) project bundle to trust. */
  trusted: boolean | null;
  /** Who decided: the host's trust API, or forge's own trust store. */
  decidedBy: "host" | "forge" | null;
  realRoot: string | null;
}

export interface DiscoveredScopes {
  paths: ScopePaths;
  loads: Record<Scope, BundleLoad>;
  /** Only the bundles that are verified and (for the project) trusted. */
  bundles: ScopedBundles;
  trust: ProjectTrust;
  notices: string[];
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

/** Walks from cwd up to the filesystem root; the first directory with .pi/forge/bundle.json wins. */
export function findProjectRoot(cwd: string): string | null {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, ".pi", "forge", "bundle.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function resolveScopePaths(cwd: string, env: NodeJS.ProcessEnv, builtinFile: string): ScopePaths {
  const agentDir = resolveAgentDir(env);
  const projectRoot = findProjectRoot(cwd);
  return {
    agentDir,
    builtinFile,
    globalFile: join(agentDir, "forge", "bundle.json"),
    trustFile: join(agentDir, "forge", "trust.json"),
    projectRoot,
    projectFile: projectRoot === null ? null : join(projectRoot, ".pi", "forge", "bundle.json"),
  };
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Loads every scope. `hostTrust` is the adapter's answer (null: the host has no trust API, so
 * forge's trust store decides, bound to the project bundle's bundleHash).
 */
export function discoverScopes(paths: ScopePaths, hostTrust: boolean | null): DiscoveredScopes {
  const notices: string[] = [];
  const loads: Record<Scope, BundleLoad> = {
    builtin: loadBundleFile(paths.builtinFile, "builtin"),
    global: loadBundleFile(paths.globalFile, "global"),
    project: paths.projectFile === null ? { status: "absent", file: "" } : loadBundleFile(paths.projectFile, "project"),
  };
  const bundles: ScopedBundles = {};
  for (const scope of ["builtin", "global"] as const) {
    const load = loads[scope];
    if (load.status === "ok") bundles[scope] = load.bundle;
    else if (load.status === "refused") notices.push(load.reason);
  }
  const trust: ProjectTrust = { trusted: null, decidedBy: null, realRoot: null };
  const project = loads.project;
  if (project.status === "refused") notices.push(project.reason);
  if (project.status === "ok" && paths.projectRoot !== null) {
    trust.realRoot = safeRealpath(paths.projectRoot);
    if (hostTrust !== null) {
      trust.trusted = hostTrust;
      trust.decidedBy = "host";
    } else {
      trust.trusted = isBundleTrusted(readTrustStore(paths.trustFile), trust.realRoot, project.bundle.bundleHash);
      trust.decidedBy = "forge";
    }
    if (trust.trusted) bundles.project = project.bundle;
    else notices.push(untrustedNotice(project.file, trust.decidedBy, project.bundle.bundleHash));
  }
  return { paths, loads, bundles, trust, notices };
}

export function untrustedNotice(file: string, decidedBy: "host" | "forge" | null, bundleHash: string): string {
  const how =
    decidedBy === "host"
      ? "Trust the project in Pi to use its modes."
      : `Run /forge trust to trust this bundle (bundleHash ${bundleHash.slice(0, 12)}); a rebuilt bundle needs trust again.`;
  return `forge: project bundle ${file} is not trusted; only built-in and global modes are offered. ${how}`;
}

/** Cheap change detector for the files discovery reads (stat only): compared before each turn. */
export function scopeFingerprint(paths: ScopePaths): string {
  const files = [paths.builtinFile, paths.globalFile, paths.trustFile, paths.projectFile ?? ""];
  return files
    .map((file) => {
      if (file === "") return "-";
      try {
        const s = statSync(file);
        return `${s.ino}:${s.size}:${s.mtimeMs}`;
      } catch {
        return "-";
      }
    })
    .join("|");
}
