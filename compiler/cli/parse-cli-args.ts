// Command-line parsing with node:util parseArgs: commands, flags, the usage text and usage errors (exit 2).
import { parseArgs } from "node:util";
import { suggestClosest } from "../../core/suggest.js";
import { ALLOWED, COMMANDS, DEV_FLAGS, type FlagName, type SubCommand } from "./cli-help.js";
import { checkSigningFlags, parseFingerprints } from "./signing-args.js";
import { UsageError } from "./usage-error.js";
import { checkPositionals, parseFormat, parsePort, parseRenames } from "./argument-values.js";
import { checkTestFlags, parseTestFlags, type TestFlags } from "./test-args.js";

export { COMMANDS, HELP, USAGE, commandHelp, usageOf, type SubCommand } from "./cli-help.js";
export { UsageError } from "./usage-error.js";

export type Command = SubCommand | "help" | "version";
import type { OutputFormat } from "./argument-values.js";
export type { OutputFormat };
export { EXPORT_TARGETS, IMPORT_FORMATS, type ImportFormat } from "./transfer-args.js";

export interface CliArgs {
  command: Command;
  /** `forge <command> --help`: the command whose help to print. */
  helpFor?: SubCommand;
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
  open: boolean; // studio: open the page in a browser
  port?: number; // studio: the port to listen on (absent: a random free port)
  root?: string;
  /** preview/explain: --preset NAME (the preset, even when a mode has the same key). */
  preset?: string;
  /** preview/explain: --modes a,b (mode keys in order, even when a preset has the same name). */
  modes?: string[];
  /** explain: --path P, the path whose rules and edit limits to judge. */
  path?: string;
  /** build: sign the bundle (--sign), with --key FILE (else FORGE_SIGNING_KEY). */
  sign: boolean;
  key?: string;
  /** key new: --out FILE and --name NAME. */
  out?: string;
  name?: string;
  /** verify: --signed-by FINGERPRINT (repeatable). */
  signedBy: string[];
  /** build, verify, explain: --policy PKG|FILE, the team policy to check against. */
  policy?: string;
  offline: boolean; // outdated: skip the registry
  /** test: the options of forge test (compiler/cli/test-args.ts checks them). */
  test: TestFlags;
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
  sign: { type: "boolean" },
  key: { type: "string" },
  out: { type: "string" },
  name: { type: "string" },
  "signed-by": { type: "string", multiple: true },
  policy: { type: "string" },
  offline: { type: "boolean" },
  pi: { type: "boolean" },
  update: { type: "boolean" },
  against: { type: "string" },
  host: { type: "string" },
  reporter: { type: "string" },
  model: { type: "string" },
  runs: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

const FLAGS: readonly FlagName[] = [
  "check",
  "watch",
  "format",
  "root",
  "global",
  "builtin",
  "library",
  "all",
  "overlay",
  "dry-run",
  "force",
  "preset",
  "modes",
  "path",
  "rename",
  "port",
  "open",
  "sign",
  "key",
  "out",
  "name",
  "signed-by",
  "policy",
  "offline",
  "pi",
  "update",
  "against",
  "host",
  "reporter",
  "model",
  "runs",
];

/** The command word, read leniently before the strict parse, so every usage error can show that command's usage. */
function commandWord(argv: string[]): { word: string | undefined; command: SubCommand | null } {
  let word: string | undefined;
  try {
    word = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false }).positionals[0];
  } catch {
    word = undefined;
  }
  return { word, command: word !== undefined && (COMMANDS as readonly string[]).includes(word) ? (word as SubCommand) : null };
}

/** "unknown option '--chek'; did you mean '--check'?" among what the command takes (every option without one). */
function unknownOption(message: string, command: SubCommand | null): string {
  const name = /Unknown option '(-{1,2}[^']*)'/.exec(message)?.[1];
  if (name === undefined) return (message.split(". To specify")[0] ?? "bad arguments").trim();
  const takes = (command === null ? [...FLAGS, "json", "help", "version"] : [...ALLOWED[command], ...(command === "studio" ? [] : ["json"]), "help"]).filter(
    (f) => !DEV_FLAGS.has(f as FlagName),
  );
  const near = suggestClosest(name.replace(/^-+/, ""), takes);
  return `unknown option '${name}'${near === null ? "" : `; did you mean '--${near}'?`}`;
}

/** The flags among `names` that were given, as `--a and --b` / `--a, --b and --c`. */
function given(names: Array<[string, boolean]>): string {
  const on = names.filter(([, set]) => set).map(([n]) => `--${n}`);
  return on.length <= 1 ? (on[0] ?? "") : `${on.slice(0, -1).join(", ")} and ${on[on.length - 1]}`;
}

export function parseCliArgs(argv: string[]): CliArgs {
  const { word, command } = commandWord(argv);
  try {
    return parseStrict(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message.startsWith("Unknown option")) throw new UsageError(unknownOption(err.message, command), command);
    const missing = /^Option '(-{1,2}[\w-]+)(?:, -\w)? <value>' argument missing/.exec(err.message)?.[1];
    if (missing !== undefined) throw new UsageError(`${missing} needs a value, e.g. ${missing} ${missing === "--root" ? "DIR" : "<value>"}`, command);
    // An unknown command word gets every command's usage; any other error, the usage of the command it was given to.
    throw new UsageError(err.message, word !== undefined && command === null ? null : (err.command ?? command));
  }
}

function parseStrict(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs messages name the flag, e.g. "Unknown option '--frobnicate'".
    throw new UsageError(((err as Error).message.split(". To specify")[0] ?? "bad arguments").trim());
  }
  const v = parsed.values;
  const [first, ...rest] = parsed.positionals;
  const format = parseFormat(v.format, v.json === true, first === "test");
  const signedBy = parseFingerprints(v["signed-by"] ?? []);
  if (!Array.isArray(signedBy)) throw new UsageError(signedBy.usage);
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
    ...(v.modes !== undefined
      ? {
          modes: v.modes
            .split(",")
            .map((k) => k.trim())
            .filter((k) => k !== ""),
        }
      : {}),
    ...(v.path !== undefined ? { path: v.path } : {}),
    renames: parseRenames(v.rename ?? []),
    sign: v.sign === true,
    ...(v.key !== undefined ? { key: v.key } : {}),
    ...(v.out !== undefined ? { out: v.out } : {}),
    ...(v.name !== undefined ? { name: v.name } : {}),
    signedBy,
    ...(v.policy !== undefined ? { policy: v.policy } : {}),
    offline: v.offline === true,
    test: parseTestFlags(v),
    positionals: rest,
  };
  const known = first !== undefined && (COMMANDS as readonly string[]).includes(first);
  if (v.help && (first === undefined || known)) return { ...base, command: "help", ...(known ? { helpFor: first as SubCommand } : {}) };
  // `forge help [command]` is `forge [command] --help`, as git and npm read it.
  if (first === "help") return helpWord(base, rest);
  if (v.version) return { ...base, command: "version" };
  if (first === undefined) throw new UsageError("missing command");
  if (!known) {
    const near = suggestClosest(first, COMMANDS);
    throw new UsageError(`unknown command '${first}'${near === null ? "" : `; did you mean '${near}'?`}`);
  }
  const command = first as SubCommand;
  checkPositionals(command, rest, { preset: v.preset, modes: v.modes, path: v.path, policy: v.policy });
  if (v.path !== undefined && v.path.trim() === "") throw new UsageError("--path needs a path, e.g. --path src/db/schema.sql");
  for (const name of FLAGS) {
    if (v[name] !== undefined && !ALLOWED[command].has(name)) {
      const takes = [...ALLOWED[command]]
        .filter((f) => !DEV_FLAGS.has(f))
        .map((f) => `--${f}`)
        .join(", ");
      throw new UsageError(`'forge ${command}' does not take --${name}; it takes ${takes}${command === "studio" ? "" : " and --json"}`);
    }
  }
  if (v.root !== undefined && v.root.trim() === "") throw new UsageError("--root needs a directory");
  // Errors name only the flags that were given.
  const scopes: Array<[string, boolean]> = [
    ["root", v.root !== undefined],
    ["global", base.global],
    ["builtin", base.builtin],
  ];
  if (scopes.filter(([, set]) => set).length > 1) throw new UsageError(`${given(scopes)} cannot be combined: each names where forge works`);
  if (base.library && (base.global || base.builtin)) {
    throw new UsageError(
      `--library builds a library package (with --root DIR or the current one); it cannot be combined with ${given([
        ["global", base.global],
        ["builtin", base.builtin],
      ])}`,
    );
  }
  if (base.all && (base.global || base.builtin || base.library || base.watch)) {
    const other = given([
      ["global", base.global],
      ["builtin", base.builtin],
      ["library", base.library],
      ["watch", base.watch],
    ]);
    throw new UsageError(`--all builds every project forge root under the repository; it cannot be combined with ${other}`);
  }
  if (command === "studio" && base.json) throw new UsageError("'forge studio' does not take --json: it serves a page");
  const port = parsePort(v.port);
  if (port !== undefined) base = { ...base, port };
  if (base.check && base.watch) throw new UsageError("--check and --watch cannot be combined");
  const signing = checkSigningFlags(command, rest, base);
  if (signing !== null) throw new UsageError(signing);
  if (base.watch && format === "github") throw new UsageError("--watch and --format github cannot be combined");
  if (command === "test") {
    const problem = checkTestFlags(base.test, format);
    if (problem !== null) throw new UsageError(problem, command);
  }
  return { ...base, command };
}

/** `forge help` and `forge help <command>`; a mistyped command gets the nearest one. */
function helpWord(base: Omit<CliArgs, "command">, rest: readonly string[]): CliArgs {
  const [about, extra] = rest;
  if (about === undefined) return { ...base, command: "help" };
  if (!(COMMANDS as readonly string[]).includes(about)) {
    const near = suggestClosest(about, COMMANDS);
    throw new UsageError(`unknown command '${about}'${near === null ? "" : `; did you mean '${near}'?`}`);
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' for 'forge help'`);
  return { ...base, command: "help", helpFor: about as SubCommand };
}
