// Nested context files (AGENTS.md, CLAUDE.md below the project root) as path rules: which file Pi would load in a
// directory, the rule each becomes (id, glob, heading), and when Pi has loaded it itself, so the rule must not repeat it.
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { LIMITS } from "../generated/constants.js";
import { sha256Hex } from "./digest.js";

/**
 * The names Pi looks for in a directory, in its order (`loadContextFileFromDir` in both hosts' resource-loader.js); it
 * loads the first one there. Pi 1.x also reads `AGENTS.override.md` before these: a personal override that 0.73.1
 * does not know, so forge leaves it out.
 */
export const CONTEXT_FILE_NAMES: readonly string[] = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

/** Directories the search never enters: dependencies (node_modules) and hidden directories (.git, .pi, .venv...). */
export function isSkippedDirectory(name: string): boolean {
  return name === "node_modules" || name.startsWith(".");
}

/** The directory part of a project-relative posix path ("" for a file at the root). */
export function contextDirectory(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

/**
 * The context files forge compiles, from the candidate paths a listing found (project-relative, posix): one per
 * directory, the first of CONTEXT_FILE_NAMES there (the one Pi loads); never at the project root (Pi loads that one in
 * every session this bundle reaches), nor under node_modules or a hidden directory. Sorted by path.
 */
export function pickContextFiles(paths: Iterable<string>): string[] {
  const best = new Map<string, { rank: number; path: string }>();
  for (const path of paths) {
    const slash = path.lastIndexOf("/");
    if (slash < 0) continue;
    const rank = CONTEXT_FILE_NAMES.indexOf(path.slice(slash + 1));
    if (rank < 0) continue;
    const dir = path.slice(0, slash);
    if (dir.split("/").some((segment) => segment === "" || segment === ".." || isSkippedDirectory(segment))) continue;
    const kept = best.get(dir);
    if (kept === undefined || rank < kept.rank) best.set(dir, { rank, path });
  }
  return [...best.values()].map((b) => b.path).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The rule id for a directory: `context-` and the directory's path in lower case, every run of other characters a
 * hyphen (`packages/api` -> `context-packages-api`). A name past the key length keeps its start and gets a hash of
 * the whole path, so two long directories never share an id.
 */
export function contextRuleId(dir: string): string {
  const slug = dir
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const id = slug === "" ? "context" : `context-${slug}`;
  if (id.length <= LIMITS.maxKeyLength && slug !== "") return id;
  const hash = sha256Hex(dir).slice(0, 12);
  const room = LIMITS.maxKeyLength - hash.length - 1;
  return `${id.slice(0, room).replace(/-+$/, "")}-${hash}`;
}

/** The glob of everything under `dir` (glob characters in the name escaped, so `pkg[1]` is matched as written). */
export function contextRuleGlob(dir: string): string {
  return `${dir.replace(/[\\*?[\]{}()!+@]/g, "\\$&")}/**`;
}

/** The text a context rule delivers: a heading naming the file, then the file's text as written. */
export function contextRuleText(path: string, text: string): string {
  return `# ${path}\n\n${text}`;
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Whether Pi loaded this context file itself: it loads the context file of the working directory and of each directory
 * above it, so a rule for a directory that holds `cwd` would tell the model the same text twice. `layerRoot` is the
 * root its path is relative to (the project layer's root).
 */
export function loadedByPi(contextFile: string, layerRoot: string, cwd: string): boolean {
  return isInside(dirname(join(layerRoot, contextFile)), cwd);
}

/** The absolute path of a rule's context file, the key under which two layers' rules for one file count once. */
export function contextFileKey(contextFile: string, layerRoot: string): string {
  return join(layerRoot, contextFile);
}

/** What filtering needs of an offered rule (core/rule-catalog.ts RuleRef). */
export interface ContextRuleRef {
  /** The project layer's root; null outside the project scope (then `root`). */
  layer: string | null;
  rule: { contextFile?: string };
}

/**
 * The offered rules less the context rules Pi made needless: one for a file Pi loaded itself (its directory holds the
 * working directory), and all but the deepest layer's rule for one file two layers compiled (a monorepo's root and a
 * package both asking for nested files). Order kept; other rules pass as they are.
 */
export function offeredContextRules<T extends ContextRuleRef>(rules: readonly T[], cwd: string, root: string): T[] {
  const deepest = new Map<string, T>();
  for (const r of rules) {
    const file = r.rule.contextFile;
    if (file === undefined) continue;
    const layerRoot = r.layer ?? root;
    if (loadedByPi(file, layerRoot, cwd)) continue;
    const key = contextFileKey(file, layerRoot);
    const kept = deepest.get(key);
    if (kept === undefined || layerRoot.length > (kept.layer ?? root).length) deepest.set(key, r);
  }
  const keep = new Set(deepest.values());
  return rules.filter((r) => r.rule.contextFile === undefined || keep.has(r));
}
