// Resolves where a forge command works (project, global or built-in forge root) and loads the shipped built-in bundle.
import { existsSync, statSync } from "node:fs";
import { describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { homeDirOf } from "./home-dir.js";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { BundleScope, Scope } from "../../core/digest.js";
import type { ForgeBundle } from "../../generated/types.js";
import { manifestBundlePath, readLibraryManifest } from "./read-libraries.js";
import { BUNDLE_FILE, posixRelative } from "./read-sources.js";
import { displayDir, displayPath } from "../output/display-path.js";
import { forgeCommand } from "../../core/forge-command.js";

/** The version esbuild defines in dist/cli.js; running from source (tests) falls back to a dev marker. */
export { DEV_VERSION, forgeVersion } from "../../core/forge-version.js";

/**
 * The package directory: the nearest ancestor of this module that holds forge's package.json. From source
 * (compiler/io/forge-target.ts) that is two levels up, from the bundled CLI (dist/cli.js) one.
 */
function findPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "schema"))) return dir;
    dir = dirname(dir);
  }
  return fileURLToPath(new URL("../", import.meta.url));
}
const packageDir: string = findPackageDir();

export function packagePath(...parts: string[]): string {
  return join(packageDir, ...parts);
}

/** Where a command reads sources and writes the bundle. */
export interface ForgeTarget {
  scope: Scope;
  /** The project root, the agent dir, or the package: what the target's globs and library lookups are relative to. */
  root: string;
  /** The directory holding modes/, presets/, partials/ and bundle.json. */
  forgeRoot: string;
  bundlePath: string;
  /** The command's current directory: every path it prints is relative to it (output/display-path.ts). */
  cwd: string;
  /** Posix path of bundle.json relative to cwd, for messages and --json. */
  displayPath: string;
  /** Posix path of the forge root relative to cwd, with a trailing slash. */
  displayForgeRoot: string;
}

/** What `forge build` writes: a runtime scope's bundle, or a forge library's (`--library`). */
export type BuildTarget = Omit<ForgeTarget, "scope"> & { scope: BundleScope };

export interface TargetFlags {
  root?: string;
  global?: boolean;
  builtin?: boolean;
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The nearest ancestor of cwd (cwd included) that contains `.pi/forge/`, else cwd itself. */
export function findProjectRoot(cwd: string): string {
  let dir = resolve(cwd);
  for (;;) {
    if (isDirectory(join(dir, ".pi", "forge"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(cwd);
    dir = parent;
  }
}

/** `$PI_CODING_AGENT_DIR`, else `~/.pi/agent` (a leading `~/` is expanded like Pi does). */
export function agentDir(env: NodeJS.ProcessEnv): string {
  const fromEnv = env.PI_CODING_AGENT_DIR;
  if (fromEnv && fromEnv.trim() !== "") {
    if (fromEnv === "~") return homeDirOf(env);
    if (fromEnv.startsWith("~/")) return join(homeDirOf(env), fromEnv.slice(2));
    return resolve(fromEnv);
  }
  return join(homeDirOf(env), ".pi", "agent");
}

function makeTarget(scope: Scope, root: string, forgeDirParts: string[], cwd: string): ForgeTarget {
  const forgeRoot = join(root, ...forgeDirParts);
  const bundlePath = join(forgeRoot, BUNDLE_FILE);
  return { scope, root, forgeRoot, bundlePath, cwd, displayPath: displayPath(cwd, bundlePath), displayForgeRoot: displayDir(cwd, forgeRoot) };
}

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv, cwd: string): ForgeTarget {
  if (flags.builtin) return makeTarget("builtin", packageDir, ["presets"], cwd);
  if (flags.global) return makeTarget("global", agentDir(env), ["forge"], cwd);
  const root = flags.root !== undefined ? resolve(cwd, flags.root) : findProjectRoot(cwd);
  return makeTarget("project", root, [".pi", "forge"], cwd);
}

/**
 * `forge build --library`: a library package keeps its sources in `.pi/forge/` like a project, and its bundle goes
 * where its package.json's "forge": { "bundle" } says (that is what consumers read).
 */
export function resolveLibraryTarget(flags: TargetFlags, cwd: string): BuildTarget | { problem: string } {
  const root = flags.root !== undefined ? resolve(cwd, flags.root) : findProjectRoot(cwd);
  const manifest = readLibraryManifest(root);
  const example = 'add e.g. "forge": { "bundle": "forge-bundle.json" } to its package.json';
  if ("problem" in manifest) return { problem: `${displayPath(cwd, root)} is not a forge library package: ${manifest.problem}; ${example}` };
  const bundlePath = manifestBundlePath(root, manifest.bundle);
  const forgeRoot = join(root, ".pi", "forge");
  if (bundlePath === null)
    return {
      problem: `"forge": { "bundle": ${JSON.stringify(manifest.bundle)} } in ${displayPath(cwd, join(root, "package.json"))} leaves the package directory; ${example}`,
    };
  // Inside the forge root only bundle.json is never read as a source.
  const inRoot = posixRelative(forgeRoot, bundlePath);
  if (!inRoot.startsWith("..") && inRoot !== BUNDLE_FILE) {
    return {
      problem: `"forge": { "bundle": ${JSON.stringify(manifest.bundle)} } points inside .pi/forge/, where only bundle.json is forge's output; ${example}`,
    };
  }
  return { scope: "library", root, forgeRoot, bundlePath, cwd, displayPath: displayPath(cwd, bundlePath), displayForgeRoot: displayDir(cwd, forgeRoot) };
}

export interface BuiltinBundleResult {
  /** The built-in bundle as parsed: only its scope and modes are checked here (the runtime verifies bundles). */
  bundle: ForgeBundle | undefined;
  /** Its text (part of the build-cache fingerprint). */
  text?: string;
  /** Why the built-in bundle could not be used, when it could not. */
  problem?: string;
}

/**
 * The built-in bundle, whose modes project and global presets may reference. It ships in the
 * package as presets/bundle.json; a missing or malformed one is reported, not fatal.
 */
export function loadBuiltinBundle(path: string = packagePath("presets", BUNDLE_FILE)): BuiltinBundleResult {
  const read = readBoundedText(path, LIMITS.maxBundleBytes);
  if (!read.ok)
    return { bundle: undefined, problem: read.reason === "absent" ? `the built-in bundle ${path} is missing` : `the built-in bundle ${path} ${read.detail}` };
  // The same verification the runtime refuses a bundle by: an edited built-in library is not linked against.
  const { bundle, problems } = verifyBundleText(read.text, "builtin");
  if (bundle === null || problems.length > 0) {
    return { bundle: undefined, problem: `the built-in bundle ${path} is not a valid builtin-scope forge bundle (${describeBundleProblem(problems[0]!)})` };
  }
  return { bundle, text: read.text };
}

/**
 * Why a command finds no sources at `target`, with what to run: a --root that names no directory says so (forge init
 * would not help); otherwise `forge init`, repeating where (--global, or --root when the root is not the cwd).
 * `what`: a clause after the reason, e.g. ", so there is no worktree to build".
 */
export function noSourcesProblem(target: Pick<BuildTarget, "scope" | "root" | "cwd" | "displayForgeRoot">, what = ""): string {
  if (target.scope === "project" && !isDirectory(target.root))
    return `no forge sources: ${missingDirectory(target.cwd, target.root)} is not a directory${what}`;
  const where =
    target.scope === "global"
      ? ["--global"]
      : target.scope === "project" && resolve(target.root) !== resolve(target.cwd)
        ? ["--root", displayPath(target.cwd, target.root)]
        : [];
  const hint = target.scope === "builtin" || target.scope === "library" ? "" : `; run \`${forgeCommand("init", ...where)}\` to create it`;
  return `no forge sources: ${target.displayForgeRoot} is not a directory${what}${hint}`;
}

/**
 * A directory that does not exist, as a message names it: relative to cwd like every path, unless that form would
 * only climb to the file-system root and down again (`--root /nonexistent` run in `/home/me/repo`).
 */
function missingDirectory(cwd: string, dir: string): string {
  const first = (p: string) => p.split(sep).filter((s) => s !== "")[0];
  return first(cwd) === first(dir) ? displayPath(cwd, dir) : dir.split(sep).join("/");
}
