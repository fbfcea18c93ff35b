// Command-line parsing with node:util parseArgs: commands, flags, the usage text and usage errors (exit 2).
import { parseArgs } from "node:util";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";

export { HELP, USAGE } from "./help-text.js";

export class UsageError extends Error {
  override name = "UsageError";
}

export const COMMANDS = ["build", "init", "preview", "explain", "diff", "import", "export", "studio", "preset", "source"] as const;
export type SubCommand = (typeof COMMANDS)[number];
export type Command = SubCommand | "help" | "version";
export type OutputFormat = "human" | "github" | "json";
export const IMPORT_FORMATS = ["pi-modes", "pi-presets", "roo", "claude-rules", "cursor", "rulesync"] as const;
export const EXPORT_TARGETS = ["claude", "cursor", "roo", "agents-md"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface CliArgs {
  command: Command;
  check: boolean;
  watch: boolean;
  /** True for --json or --format json. */
  json: boolean;
  format: OutputFormat;
  global: boolean;
  /** Internal: compile this package's presets/ into presets/bundle.json (scope builtin). */
  builtin: boolean;
  /** build: a forge library package (scope library, the bundle its package.json names). */
  library: boolean;
  /** build: every forge root under the repository. */
  all: boolean;
  overlay: boolean;
  dryRun: boolean;
  force: boolean;
  /** studio: open the page in a browser. */
  open: boolean;
  /** studio: the port to listen on (absent: a random free port). */
  port?: number;
  root?: string;
  /** preview/explain: --preset NAME (the preset, even when a mode has the same key). */
  preset?: string;
  /** preview/explain: --modes a,b (mode keys in order, even when a preset has the same name). */
  modes?: string[];
  /** explain: --path P, the path whose rules and edit limits to judge. */
  path?: string;
  /** import: --rename old=new (repeatable), the forge keys the user chose for imported modes. */
  renames: Record<string, string>;
  positionals: string[];
}

const OPTIONS = {
  check: { type: "boolean" },
  watch: { type: "boolean" },
  format: { type: "string" },
  root: { type: "string" },
  global: { type: "boolean" },
  json: { type: "boolean" },
  builtin: { type: "boolean" },
  library: { type: "boolean" },
  all: { type: "boolean" },
  overlay: { type: "boolean" },
  "dry-run": { type: "boolean" },
  force: { type: "boolean" },
  preset: { type: "string" },
  modes: { type: "string" },
  path: { type: "string" },
  rename: { type: "string", multiple: true },
  port: { type: "string" },
  open: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

type FlagName =
  | "check" | "watch" | "format" | "root" | "global" | "builtin" | "library" | "all" | "overlay" | "dry-run" | "force" | "preset" | "modes" | "path" | "rename" | "port" | "open";
const FLAGS: readonly FlagName[] = ["check", "watch", "format", "root", "global", "builtin", "library", "all", "overlay", "dry-run", "force", "preset", "modes", "path", "rename", "port", "open"];

/** Flags each command accepts besides --json/--help. */
const ALLOWED: Record<SubCommand, ReadonlySet<FlagName>> = {
  build: new Set(["check", "watch", "format", "root", "global", "builtin", "library", "all"]),
  init: new Set(["root", "global"]),
  preview: new Set(["root", "global", "preset", "modes"]),
  explain: new Set(["root", "global", "preset", "modes", "path"]),
  diff: new Set(["root", "global"]),
  import: new Set(["root", "global", "overlay", "dry-run", "force", "rename"]),
  export: new Set(["root", "check", "preset", "force"]),
  studio: new Set(["root", "global", "port", "open"]),
  preset: new Set(["root", "global", "force"]),
  source: new Set(),
};

/** Checks the positional arguments of one command; throws a UsageError that says what was expected. */
function checkPositionals(command: SubCommand, rest: string[], named: { preset?: string; modes?: string; path?: string }): void {
  switch (command) {
    case "preview":
    case "explain":
      if (named.preset !== undefined && named.modes !== undefined) throw new UsageError(`'forge ${command}' takes --preset or --modes, not both`);
      if ((named.preset !== undefined || named.modes !== undefined) && rest.length > 0) {
        throw new UsageError(`'forge ${command}' takes --preset/--modes or names, not both; got '${rest[0]}' as well`);
      }
      // explain --path alone judges the path against every rule and limit.
      if (named.preset === undefined && named.modes === undefined && rest.length === 0 && !(command === "explain" && named.path !== undefined)) {
        throw new UsageError(`'forge ${command}' needs a preset name or mode keys, e.g. forge ${command} audit, forge ${command} --preset audit or forge ${command} --modes plan,review`);
      }
      return;
    case "diff":
      if (rest.length > 2) throw new UsageError(`'forge diff' takes at most two bundles (A and B), got ${rest.length}`);
      return;
    case "import": {
      const [format, path, extra] = rest;
      if (format === undefined) throw new UsageError(`'forge import' needs a format (${IMPORT_FORMATS.join(", ")}) and a path, e.g. forge import roo .roomodes`);
      if (!(IMPORT_FORMATS as readonly string[]).includes(format)) {
        throw new UsageError(`unknown import format '${format}'; expected one of ${IMPORT_FORMATS.join(", ")}`);
      }
      if (path === undefined) throw new UsageError(`'forge import ${format}' needs the path of a file or directory to import`);
      if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' for 'forge import'`);
      return;
    }
    case "export": {
      const [target, extra] = rest;
      if (target === undefined) throw new UsageError(`'forge export' needs a target (${EXPORT_TARGETS.join(", ")}), e.g. forge export cursor`);
      if (!(EXPORT_TARGETS as readonly string[]).includes(target)) throw new UsageError(`unknown export target '${target}'; expected one of ${EXPORT_TARGETS.join(", ")}`);
      if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' for 'forge export'`);
      if (target === "agents-md" && named.preset === undefined) throw new UsageError("'forge export agents-md' needs --preset NAME: the preset whose overlays are the always-on text, e.g. forge export agents-md --preset team");
      if (target === "roo" && named.preset !== undefined) throw new UsageError("'forge export roo' does not take --preset: .roomodes holds modes, which Roo selects one at a time");
      return;
    }
    case "preset": {
      const [sub, first, second, extra] = rest;
      if (sub !== "export" && sub !== "import") throw new UsageError(`'forge preset' takes export or import, e.g. forge preset export review-flow flow.json`);
      if (first === undefined) throw new UsageError(sub === "export" ? "'forge preset export' needs a preset name" : "'forge preset import' needs the file to import");
      const surplus = sub === "export" ? extra : second;
      if (surplus !== undefined) throw new UsageError(`unexpected argument '${surplus}' for 'forge preset ${sub}'`);
      return;
    }
    case "source":
      if (rest.length !== 1) throw new UsageError(`'forge source' takes one JSON request (schema/source-request.schema.json), e.g. forge source '{"kind":"mode-template","key":"notes","strategy":"append"}' --json`);
      return;
    default:
      if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' for 'forge ${command}'`);
  }
}

/** --port: a TCP port number (0 asks for a random free one, as no --port does). */
function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be a port number from 0 to 65535, e.g. --port 4173 (got '${value}')`);
  return port;
}

function parseFormat(value: string | undefined, json: boolean): OutputFormat {
  if (value === undefined) return json ? "json" : "human";
  if (value !== "human" && value !== "github" && value !== "json") {
    throw new UsageError(`--format must be human, github or json, e.g. --format github (got '${value}')`);
  }
  if (json && value !== "json") throw new UsageError(`--json and --format ${value} cannot be combined`);
  return value;
}

/** --rename old=new, each side a forge key (^[a-z][a-z0-9-]*$). */
function parseRenames(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const [from, to, extra] = value.split("=");
    const key = (k: string | undefined) => k !== undefined && KEY_PATTERN.test(k) && k.length <= LIMITS.maxKeyLength;
    if (extra !== undefined || !key(from) || !key(to)) throw new UsageError(`--rename takes old=new with two forge keys, e.g. --rename plan=plan-roo (got '${value}')`);
    if (Object.hasOwn(out, from!)) throw new UsageError(`--rename names "${from}" twice`);
    Object.defineProperty(out, from!, { value: to, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

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
  const format = parseFormat(v.format, v.json === true);
  let base: Omit<CliArgs, "command"> = {
    check: v.check === true,
    watch: v.watch === true,
    json: format === "json",
    format,
    global: v.global === true,
    builtin: v.builtin === true,
    library: v.library === true,
    all: v.all === true,
    overlay: v.overlay === true,
    dryRun: v["dry-run"] === true,
    force: v.force === true,
    open: v.open === true,
    ...(v.root !== undefined ? { root: v.root } : {}),
    ...(v.preset !== undefined ? { preset: v.preset } : {}),
    ...(v.modes !== undefined ? { modes: v.modes.split(",").map((k) => k.trim()).filter((k) => k !== "") } : {}),
    ...(v.path !== undefined ? { path: v.path } : {}),
    renames: parseRenames(v.rename ?? []),
    positionals: rest,
  };
  if (v.help) return { ...base, command: "help" };
  if (v.version) return { ...base, command: "version" };
  if (first === undefined) throw new UsageError("missing command");
  if (!(COMMANDS as readonly string[]).includes(first)) throw new UsageError(`unknown command '${first}'`);
  const command = first as SubCommand;
  checkPositionals(command, rest, { ...(v.preset !== undefined ? { preset: v.preset } : {}), ...(v.modes !== undefined ? { modes: v.modes } : {}), ...(v.path !== undefined ? { path: v.path } : {}) });
  if (v.path !== undefined && v.path.trim() === "") throw new UsageError("--path needs a path, e.g. --path src/db/schema.sql");
  for (const name of FLAGS) {
    if (v[name] !== undefined && !ALLOWED[command].has(name)) throw new UsageError(`'forge ${command}' does not take --${name}`);
  }
  if (v.root !== undefined && v.root.trim() === "") throw new UsageError("--root needs a directory");
  const scopes = [v.root !== undefined, base.global, base.builtin].filter(Boolean).length;
  if (scopes > 1) throw new UsageError("--root, --global and --builtin are mutually exclusive");
  if (base.library && (base.global || base.builtin)) throw new UsageError("--library builds a library package (with --root DIR or the current one); it cannot be combined with --global or --builtin");
  if (base.all && (base.global || base.builtin || base.library || base.watch)) {
    throw new UsageError("--all builds every project forge root under the repository; it cannot be combined with --global, --builtin, --library or --watch");
  }
  if (command === "studio" && base.json) throw new UsageError("'forge studio' does not take --json: it serves a page");
  const port = parsePort(v.port);
  if (port !== undefined) base = { ...base, port };
  if (base.check && base.watch) throw new UsageError("--check and --watch cannot be combined");
  if (base.watch && format === "github") throw new UsageError("--watch and --format github cannot be combined");
  return { ...base, command };
}
