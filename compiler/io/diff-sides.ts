// The I/O edge of `forge diff`: turns a spec (`worktree`, a bundle file, a git ref) into a loaded bundle.
import { realpathSync, statSync } from "node:fs";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { join, resolve } from "node:path";
import { hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import type { ForgeBundle } from "../../generated/types.js";
import { readCompileContext } from "./compile-context.js";
import { describeFailure } from "./describe-failure.js";
import { compile } from "../compile.js";
import { sourceLookup, type SourceLookup } from "../output/format-diagnostics.js";
import { forgeVersion, isDirectory, noSourcesProblem, type BuiltinBundleResult, type ForgeTarget } from "./forge-target.js";
import { posixRelative } from "./read-sources.js";
import { readTargetTree } from "./read-target-tree.js";
import { displayDir, displayPath } from "../output/display-path.js";
import { readLibraries } from "./read-libraries.js";
import type { DiffSide } from "../review/diff-report.js";
import { gitToplevel, readBlobAt, resolveCommit } from "./git.js";
import { readBundleText } from "../review/read-bundle.js";

export const WORKTREE_SPEC = "worktree";

export interface SpecContext {
  target: ForgeTarget;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The built-in bundle, whose modes a worktree build links against (loaded only when one is built). */
  builtin: () => BuiltinBundleResult;
}

export interface LoadedSide {
  side: DiffSide;
  /** null: nothing there (a commit before forge was set up): compared as an empty bundle. */
  bundle: ForgeBundle | null;
  notes: string[];
}

export type SpecLoad =
  | { ok: true; loaded: LoadedSide }
  /** Could not compare (exit 2); `diagnostics` when the sources of a worktree build have errors. */
  | { ok: false; message: string; diagnostics?: Diagnostic[]; getSource?: SourceLookup };

function fail(message: string): SpecLoad {
  return { ok: false, message };
}

function loaded(side: Omit<DiffSide, "bundleHash">, bundle: ForgeBundle | null, notes: string[]): SpecLoad {
  return { ok: true, loaded: { side: { ...side, bundleHash: bundle?.bundleHash ?? null }, bundle, notes } };
}

/** A fresh in-memory build of the target's sources, linked like `forge build` (built-in modes, the layers above). */
function loadWorktree(ctx: SpecContext): SpecLoad {
  const { target } = ctx;
  if (!isDirectory(target.forgeRoot)) {
    return fail(noSourcesProblem(target, ", so there is no worktree to build"));
  }
  let tree;
  try {
    tree = readTargetTree(target);
  } catch (err) {
    return fail(describeFailure(err));
  }
  const notes: string[] = [];
  // The same links as `forge build`: the built-in bundle and, in a monorepo package, the layers above it.
  const context = target.scope === "builtin" ? null : readCompileContext(target, ctx.builtin());
  if (context?.builtinProblem) notes.push(`${context.builtinProblem}; the worktree build cannot use built-in modes`);
  for (const warning of context?.outerWarnings ?? []) notes.push(`${warning.replace(/^forge: /, "")}; the worktree build cannot use its modes`);
  const libraries = target.scope === "builtin" ? [] : readLibraries(target.root, tree);
  const result = compile(tree, { scope: target.scope, forgeVersion, ...context?.link, libraries });
  if (hasErrors(result.diagnostics) || result.bundle === null) {
    return {
      ok: false,
      message: `the sources in ${target.displayForgeRoot} have errors, so the worktree cannot be built; fix them first`,
      diagnostics: result.diagnostics,
      getSource: sourceLookup(tree.files),
    };
  }
  const warnings = result.diagnostics.length;
  if (warnings > 0) notes.push(`the worktree build reported ${warnings} warning(s); \`npx --no-install forge build\` shows them`);
  return loaded(
    { spec: WORKTREE_SPEC, kind: "worktree", label: WORKTREE_SPEC, location: `sources in ${target.displayForgeRoot}, built in memory` },
    result.bundle,
    notes,
  );
}

/** A bundle file; `missingIsEmpty` only for the defaulted on-disk bundle outside git (nothing built yet). */
function loadFile(spec: string, path: string, missingIsEmpty: boolean): SpecLoad {
  const side = { spec, kind: "file" as const, label: spec, location: spec };
  const file = readBoundedText(path, LIMITS.maxBundleBytes);
  if (!file.ok) {
    if (missingIsEmpty && file.reason === "absent") return loaded(side, null, [`${spec} does not exist yet; comparing against an empty bundle`]);
    return fail(`cannot read bundle ${spec}: it ${file.detail}`);
  }
  const read = readBundleText(file.text, spec);
  return read.ok ? loaded(side, read.bundle, read.notes) : fail(read.message);
}

/**
 * The bundle as `<commit>:<path>` names it for people: from the current directory, as git reads it there (`git show
 * HEAD:../.pi/forge/bundle.json` works from where forge ran): at the work tree's top a plain path, below it one with
 * git's `./` or `../` prefix, which git resolves from the current directory.
 */
function gitPathFromCwd(top: string, ctx: SpecContext): string {
  const shown = ctx.target.displayPath;
  if (shown.startsWith("../") || posixRelative(realOr(top), realOr(ctx.cwd)) === "") return shown;
  return `./${shown}`;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Posix path of the target's bundle.json relative to the work tree's top level, as `<commit>:<path>` needs. */
function bundlePathInRepo(top: string, target: ForgeTarget): string {
  let root = target.root;
  try {
    // git reports the top level with symlinks resolved (macOS /tmp is /private/tmp): compare like with like.
    root = realpathSync(target.root);
  } catch {
    // keep the path as given; git -C already accepted it
  }
  // git's `<commit>:<path>` names a file from the work tree's top level (git's notation, whatever the current directory).
  return posixRelative(top, join(root, ...posixRelative(target.root, target.bundlePath).split("/")));
}

function loadGitRef(spec: string, ctx: SpecContext): SpecLoad {
  const top = gitToplevel(ctx.target.root, ctx.env);
  if (top.status === "git-missing") return fail(`'${spec}' is not a file, and git is not installed to read it as a git ref`);
  if (top.status === "not-a-repo") {
    return fail(`'${spec}' is neither a bundle file nor a git ref: ${displayDir(ctx.cwd, ctx.target.root)} is not inside a git work tree`);
  }
  const commit = resolveCommit(top.dir, spec, ctx.env);
  if (commit === null) {
    return fail(
      `'${spec}' is neither a bundle file nor a commit in the git repository at ${displayDir(ctx.cwd, top.dir)} (e.g. HEAD, HEAD~1, main, a tag or a commit id)`,
    );
  }
  return loadBundleAt(spec, top.dir, commit, ctx);
}

/** The target's bundle.json as committed at `commit` of the repository whose top level is `top`. */
function loadBundleAt(spec: string, top: string, commit: string, ctx: SpecContext): SpecLoad {
  const path = bundlePathInRepo(top, ctx.target);
  const location = `${spec}:${gitPathFromCwd(top, ctx)}`;
  const side = { spec, kind: "git" as const, label: spec, location };
  const blob = readBlobAt(top, commit, path, ctx.env);
  if (blob.status === "absent") {
    // The commit before forge was set up: everything in the other side shows as added.
    return loaded(side, null, [`${spec} has no ${ctx.target.displayPath}; comparing against an empty bundle`]);
  }
  if (blob.status === "failed") return fail(`cannot read ${location}: ${blob.message}`);
  const read = readBundleText(blob.text, location);
  return read.ok ? loaded(side, read.bundle, read.notes) : fail(read.message);
}

/** Resolves a spec: `worktree`, else an existing path (relative to cwd), else a git ref. */
export function loadSpec(spec: string, ctx: SpecContext): SpecLoad {
  if (spec === WORKTREE_SPEC) return loadWorktree(ctx);
  if (spec === "" || spec.startsWith("-")) {
    return fail(`'${spec}' is not a bundle: give a bundle file, a git ref or "worktree"`);
  }
  const path = resolve(ctx.cwd, spec);
  let isDir: boolean | null = null;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // not a path: try it as a git ref
  }
  if (isDir === true) return fail(`${spec} is a directory; give the bundle file itself, e.g. ${spec.replace(/[\\/]$/, "")}/bundle.json`);
  // The file is named from the current directory, also when it was given as an absolute path.
  return isDir === false ? loadFile(displayPath(ctx.cwd, path), path, false) : loadGitRef(spec, ctx);
}

/**
 * The default A: the committed bundle. That is HEAD inside a git work tree; elsewhere (no git, the
 * global scope outside a repo) the bundle.json on disk, with a note saying so.
 */
export function loadDefaultA(ctx: SpecContext): SpecLoad {
  const top = gitToplevel(ctx.target.root, ctx.env);
  if (top.status === "ok") {
    // Already inside the repository: read HEAD directly rather than through loadSpec, which would look for it again.
    const head = resolveCommit(top.dir, "HEAD", ctx.env);
    if (head !== null) return loadBundleAt("HEAD", top.dir, head, ctx);
    const side = { spec: "HEAD", kind: "git" as const, label: "HEAD", location: `HEAD:${gitPathFromCwd(top.dir, ctx)}` };
    return loaded(side, null, ["the repository has no commits yet; comparing against an empty bundle"]);
  }
  const result = loadFile(ctx.target.displayPath, ctx.target.bundlePath, true);
  if (result.ok) result.loaded.notes.unshift(`${displayDir(ctx.cwd, ctx.target.root)} is not in a git work tree: A is the bundle.json on disk`);
  return result;
}
