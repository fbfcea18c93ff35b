// Where /mode and /preset authoring writes: the project's .pi/forge (only when the project is trusted) or the agent
// dir's forge/ (--global, needs nothing), the CLI arguments that build it, and the source file of a key there.
import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { ForgeBundle } from "../../generated/types.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { LoadedScopes } from "../scope-loader.js";
import { writeEscape } from "../../io/project-layers.js";

export type AuthoringScope = "project" | "global";

export interface AuthoringTarget {
  scope: AuthoringScope;
  /** The directory holding modes/, presets/ and bundle.json. */
  forgeRoot: string;
  /** Where the CLI runs, and the scope flags it builds with. */
  cwd: string;
  scopeArgs: string[];
  /** The bundle before the change (null: none yet), for the 0.73.1 trust follow-up. */
  previous: ForgeBundle | null;
  /** What no write may leave through a symbolic link: the repository (else the project) root; null for --global. */
  boundary: string | null;
}

/** Why authoring may not write, read or remove `file` of `target` (a symlink out of the repository), or null. */
export function escapeOf(target: AuthoringTarget, file: string): string | null {
  return target.boundary === null ? null : writeEscape(file, target.boundary);
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The nearest ancestor of cwd with .pi/forge/ (sources not built yet count), as `forge build` finds it; else null. */
function nearestForgeProject(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (isDir(join(dir, ".pi", "forge"))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The target of a write in `scope`. The project needs trust: writing sources forge would then offer is a decision about
 * the repository. A project without a bundle yet is writable unless the host says it is untrusted (its first bundle is
 * then trusted like any other: see rebuild.ts).
 */
export function resolveTarget(loaded: LoadedScopes, ctx: CtxPort, scope: AuthoringScope): { ok: true; target: AuthoringTarget } | { ok: false; error: string } {
  const d = loaded.discovered;
  if (scope === "global") {
    const forgeRoot = join(d.paths.agentDir, "forge");
    const load = d.loads.global;
    return {
      ok: true,
      target: { scope, forgeRoot, cwd: d.paths.agentDir, scopeArgs: ["--global"], previous: load.status === "ok" ? load.bundle : null, boundary: null },
    };
  }
  const project = d.loads.project;
  const untrusted = (how: string) => ({
    ok: false as const,
    error: `the project is not trusted, so forge writes nothing there: ${how}; or add --global to write to your agent dir`,
  });
  if (project.status === "refused") return { ok: false, error: `${project.reason}; fix or rebuild it first, or add --global` };
  // What trusts it on this host and in this mode: Pi's /trust or --approve, or /forge trust.
  const inPi = `trust it in Pi (${ctx.hasUI ? "/trust, or start Pi with --approve" : "start Pi with --approve"})`;
  if (project.status === "ok" && d.trust.trusted !== true) {
    return untrusted(d.trust.decidedBy === "host" ? inPi : "run /forge trust (after reviewing its bundle)");
  }
  if (project.status === "absent" && ctx.isProjectTrusted?.() === false) return untrusted(inPi);
  const root = d.paths.projectRoot ?? nearestForgeProject(ctx.cwd) ?? ctx.cwd;
  const previous = project.status === "ok" ? project.bundle : null;
  const boundary = d.paths.repositoryRoot ?? root;
  return { ok: true, target: { scope, forgeRoot: join(root, ".pi", "forge"), cwd: root, scopeArgs: ["--root", root], previous, boundary } };
}

/**
 * The source file of `key` in `folder` (modes or presets): the bundle's recorded `source` when it stays inside the forge
 * root and exists (a key may live in any file name the compiler accepted), else the conventional <key>.yaml|yml|json.
 */
export function findSource(target: AuthoringTarget, folder: "modes" | "presets", key: string, recorded?: string): string | null {
  if (recorded !== undefined) {
    const file = resolve(target.forgeRoot, recorded);
    const rel = relative(target.forgeRoot, file);
    if (rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) && existsSync(file)) return file;
  }
  for (const ext of ["yaml", "yml", "json"]) {
    const file = join(target.forgeRoot, folder, `${key}.${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
}

/** A path as messages show it: relative to cwd when inside it, else absolute. */
export function shownPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}

/**
 * The offered keys whose source authoring can change: a global one, or one of the deepest project layer when it is
 * trusted (authoring writes only there: runtime/authoring/authoring-target.ts). Sorted.
 */
export function writableKeys(loaded: LoadedScopes | null, kind: "modes" | "presets"): string[] {
  if (loaded === null) return [];
  const { projectRoot } = loaded.discovered.paths;
  const projectWritable = loaded.discovered.trust.trusted === true;
  const entries = [...(kind === "modes" ? loaded.catalog.modes.values() : loaded.catalog.presets.values())];
  return entries
    .filter((e) => e.scope === "global" || (e.scope === "project" && projectWritable && e.layer === projectRoot))
    .map((e) => e.key)
    .sort();
}
