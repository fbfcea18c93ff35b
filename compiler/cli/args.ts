// Command-line parsing with node:util parseArgs: commands, flags, the usage text and usage errors (exit 2).
import { parseArgs } from "node:util";

export const USAGE = `usage: forge build [--check] [--watch] [--root DIR | --global] [--json]
       forge init [--root DIR | --global] [--json]
       forge preview <preset> | <mode>... [--root DIR | --global] [--json]
       forge --help | --version`;

export const HELP = `forge: compile Pi prompt modes and presets into a verified, content-hashed bundle.

${USAGE}

commands:
  build          validate .pi/forge/** and write .pi/forge/bundle.json (only when there are no errors)
  init           scaffold .pi/forge/ with an example mode, preset and partial (never overwrites)
  preview        print the prompt a preset, or modes in the given order, composes against a sample
                 host prompt (compiles the sources in memory; writes nothing)

options:
  --check        write nothing; exit 1 and list what changed when bundle.json is missing or stale
  --watch        rebuild on every change under the forge root; Ctrl-C stops
  --root DIR     project root (default: the nearest ancestor with .pi/forge/, else the current directory)
  --global       use the global scope: $PI_CODING_AGENT_DIR/forge (default ~/.pi/agent/forge)
  --json         machine-readable output on stdout
  -h, --help     show this help
  -v, --version  print the forge version

environment:
  NO_COLOR, FORCE_COLOR   color control (default: color only on a terminal)
  PI_CODING_AGENT_DIR     the global scope's agent directory
  FORGE_CACHE_DIR         where the no-op build cache lives (default $XDG_CACHE_HOME/forge or ~/.cache/forge)
  FORGE_NO_CACHE=1        always compile in full (the cache only skips recompiling unchanged sources)

exit codes: 0 ok, 1 errors in sources / stale --check / I/O error, 2 usage error`;

export class UsageError extends Error {
  override name = "UsageError";
}

export type Command = "build" | "init" | "preview" | "help" | "version";

export interface CliArgs {
  command: Command;
  check: boolean;
  watch: boolean;
  json: boolean;
  global: boolean;
  /** Internal: compile this package's presets/ into presets/bundle.json (scope builtin). */
  builtin: boolean;
  root?: string;
  positionals: string[];
}

const OPTIONS = {
  check: { type: "boolean" },
  watch: { type: "boolean" },
  root: { type: "string" },
  global: { type: "boolean" },
  json: { type: "boolean" },
  builtin: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Flags each command accepts besides --json/--help. */
const ALLOWED: Record<"build" | "init" | "preview", ReadonlySet<string>> = {
  build: new Set(["check", "watch", "root", "global", "builtin"]),
  init: new Set(["root", "global"]),
  preview: new Set(["root", "global"]),
};

export function parseCliArgs(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs messages name the flag, e.g. "Unknown option '--frobnicate'".
    throw new UsageError(((err as Error).message.split(". To specify")[0] ?? "bad arguments").trim());
  }
  const v = parsed.values;
  const [first, ...rest] = parsed.positionals;
  const base = {
    check: v.check === true,
    watch: v.watch === true,
    json: v.json === true,
    global: v.global === true,
    builtin: v.builtin === true,
    ...(v.root !== undefined ? { root: v.root } : {}),
    positionals: rest,
  };
  if (v.help) return { ...base, command: "help" };
  if (v.version) return { ...base, command: "version" };
  if (first === undefined) throw new UsageError("missing command");
  if (first !== "build" && first !== "init" && first !== "preview") throw new UsageError(`unknown command '${first}'`);
  if (first === "preview" && rest.length === 0) throw new UsageError("'forge preview' needs a preset name or mode keys, e.g. forge preview audit");
  if (first !== "preview" && rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' for 'forge ${first}'`);
  for (const name of ["check", "watch", "root", "global", "builtin"] as const) {
    if (v[name] !== undefined && !ALLOWED[first].has(name)) throw new UsageError(`'forge ${first}' does not take --${name}`);
  }
  if (v.root !== undefined && v.root.trim() === "") throw new UsageError("--root needs a directory");
  const scopes = [v.root !== undefined, base.global, base.builtin].filter(Boolean).length;
  if (scopes > 1) throw new UsageError("--root, --global and --builtin are mutually exclusive");
  if (base.check && base.watch) throw new UsageError("--check and --watch cannot be combined");
  return { ...base, command: first };
}
