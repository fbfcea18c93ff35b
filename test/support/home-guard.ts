// The run's isolation: every process of a test run (the workers, and every child they spawn) has its HOME, agent dir,
// cache dirs and TMPDIR inside the run's own temp root, so the user's real home and temp folder cannot be written.
import { readdirSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";

/** Names the run's root in every process of the run (set by test/support/global-setup.ts). */
export const RUN_ROOT_VAR = "FORGE_TEST_RUN_ROOT";

/** The directories a run keeps under its root: the temp folder, the user's home, the build cache, native prompts. */
export function runDirs(root: string) {
  const home = join(root, "home");
  return { tmp: join(root, "tmp"), home, cache: join(root, "cache"), native: join(root, "native-prompts") };
}

/** What the run sets in its own environment before any worker starts: the home, temp folder and build cache. */
export function runVars(root: string): Record<string, string> {
  const { tmp, home, cache } = runDirs(root);
  return { [RUN_ROOT_VAR]: root, TMPDIR: tmp, HOME: home, FORGE_CACHE_DIR: cache };
}

/**
 * What the run removes from its environment: the user's agent dir and XDG dirs, so each one is its default under
 * HOME. Set to the run's own, they would follow a child that is given a HOME of its own and leave it sharing them.
 */
export const RUN_UNSET_VARS = ["PI_CODING_AGENT_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] as const;

/** Whether `path` lies inside `root` (or is it). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

/**
 * Why an environment is not isolated in the run rooted at `root`: HOME and TMPDIR must be set (a child without HOME
 * takes the password file's home) and inside the root; the build cache, the agent dir and the XDG dirs, when set,
 * inside it too (unset, they are their defaults under HOME).
 */
export function isolationProblems(env: NodeJS.ProcessEnv, root: string): string[] {
  const problems: string[] = [];
  for (const name of ["HOME", "TMPDIR"]) if (!env[name]) problems.push(`${name} is not set`);
  for (const name of ["HOME", "TMPDIR", "FORGE_CACHE_DIR", ...RUN_UNSET_VARS]) {
    const value = env[name];
    if (value && !isInside(root, value)) problems.push(`${name}=${value} is outside the run's temp root ${root}`);
  }
  return problems;
}

/**
 * A child's environment with nothing of the user's: PATH, the worker's temp folder, and a home that does not exist
 * (a child that creates it leaves it in the temp folder, where the run reports it). `extra` adds or replaces variables.
 */
export function bareEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, TMPDIR: tmpdir(), HOME: join(tmpdir(), "absent-home"), ...extra };
}

/** Throws unless `env` is isolated in this run (see isolationProblems): for children started past node:child_process. */
export function assertIsolated(env: NodeJS.ProcessEnv, what: string, root = process.env[RUN_ROOT_VAR]): void {
  if (!root) throw new Error(`${RUN_ROOT_VAR} is not set: test/support/global-setup.ts gives every run its own temp root`);
  const problems = isolationProblems(env, root);
  if (problems.length > 0) throw new Error(`a test's child process (${what}) is not isolated: ${problems.join("; ")}`);
}

/** The options object of a child_process call: the first plain object after the command (args arrays skipped). */
function optionsOf(args: readonly unknown[]): { env?: NodeJS.ProcessEnv } | undefined {
  for (const arg of args.slice(1)) if (arg !== null && typeof arg === "object" && !Array.isArray(arg)) return arg as { env?: NodeJS.ProcessEnv };
  return undefined;
}

const SPAWNERS = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;
const GUARDED = Symbol.for("forge.test.childGuard");

/**
 * Wraps node:child_process in this process so that a child whose environment is not isolated (see isolationProblems)
 * is refused before it starts: the call throws, and the test that made it fails. Installed once per process; ESM named
 * imports see the wrapped functions too (syncBuiltinESMExports). Returns the function that undoes it.
 */
export function guardChildProcesses(root: string): () => void {
  const cp = createRequire(import.meta.url)("node:child_process") as Record<string, unknown> & { [GUARDED]?: () => void };
  if (cp[GUARDED]) return cp[GUARDED];
  const originals = new Map<string, unknown>();
  for (const name of SPAWNERS) {
    const original = cp[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    cp[name] = function guarded(this: unknown, ...args: unknown[]) {
      assertIsolated(optionsOf(args)?.env ?? process.env, String(args[0]), root);
      return original.apply(this, args);
    };
  }
  const restore = () => {
    for (const [name, original] of originals) cp[name] = original;
    delete cp[GUARDED];
    syncBuiltinESMExports();
  };
  cp[GUARDED] = restore;
  syncBuiltinESMExports();
  return restore;
}

/** The names in `dir`, sorted (an absent directory has none). */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * What tools keep in the temp folder as caches for later processes (jiti's transpile cache, Node's compile cache that
 * Pi 1.x enables, tsx's cache): made once per worker, removed with the run's root, not a fixture's leftovers.
 */
export const TOOL_CACHES = /^(jiti|node-compile-cache|tsx-\d+)$/;

/** What a run left in its temp folder (inside the workers' own folders too) and wrote to its home, one line each. */
export function runLeftovers(root: string): string[] {
  const { tmp, home } = runDirs(root);
  const temp = namesIn(tmp).flatMap((name) =>
    /^worker-\d+$/.test(name)
      ? namesIn(join(tmp, name))
          .filter((n) => !TOOL_CACHES.test(n))
          .map((n) => `${name}/${n}`)
      : [name],
  );
  // Two levels of the home (`.cache/fontconfig`), so the line names who wrote it.
  const inHome = namesIn(home).flatMap((name) => [name, ...namesIn(join(home, name)).map((n) => `${name}/${n}`)]);
  return [...inHome.map((n) => `home: ${n}`), ...temp.map((n) => `temp: ${n}`)];
}
