// The CLI's help texts, from one table per command and per option: `forge --help`, `forge <command> --help`, and
// the usage a usage error prints (the command's own, or every command's when none was recognized).

export const COMMANDS = [
  "build",
  "init",
  "preview",
  "explain",
  "diff",
  "test",
  "import",
  "export",
  "studio",
  "preset",
  "source",
  "key",
  "verify",
  "outdated",
] as const;
export type SubCommand = (typeof COMMANDS)[number];

/** Every flag a command may take besides --json and --help (parse-cli-args.ts parses them). */
export type FlagName =
  | "check"
  | "watch"
  | "format"
  | "root"
  | "global"
  | "builtin"
  | "library"
  | "all"
  | "overlay"
  | "dry-run"
  | "force"
  | "preset"
  | "modes"
  | "path"
  | "rename"
  | "port"
  | "open"
  | "sign"
  | "key"
  | "out"
  | "name"
  | "signed-by"
  | "policy"
  | "offline"
  | "pi"
  | "update"
  | "against"
  | "host"
  | "reporter"
  | "model"
  | "runs";

/** Flags for forge's own development (`--builtin` compiles this package's presets/): parsed, never shown in help or usage errors. */
export const DEV_FLAGS: ReadonlySet<FlagName> = new Set(["builtin"]);

/** Flags each command accepts besides --json/--help. */
export const ALLOWED: Record<SubCommand, ReadonlySet<FlagName>> = {
  build: new Set(["check", "watch", "format", "root", "global", "builtin", "library", "all", "sign", "key", "policy"]),
  init: new Set(["root", "global"]),
  preview: new Set(["root", "global", "preset", "modes"]),
  explain: new Set(["root", "global", "preset", "modes", "path", "policy"]),
  diff: new Set(["root", "global"]),
  test: new Set(["root", "format", "pi", "update", "against", "host", "reporter", "out", "model", "runs"]),
  import: new Set(["root", "global", "overlay", "dry-run", "force", "rename"]),
  export: new Set(["root", "check", "preset", "force"]),
  studio: new Set(["root", "global", "port", "open", "policy"]),
  preset: new Set(["root", "global", "force"]),
  source: new Set(),
  key: new Set(["out", "name", "force", "key"]),
  verify: new Set(["root", "global", "library", "all", "signed-by", "policy"]),
  outdated: new Set(["root", "offline"]),
};

/** Each command's usage lines, as --help and usage errors print them (the reference page docs/reference/cli.md too). */
export const COMMAND_USAGE: Record<SubCommand, readonly string[]> = {
  build: [
    "forge build [--check] [--watch] [--format human|github|json] [--root DIR | --global] [--library | --all] [--sign [--key FILE]] [--policy PKG|FILE] [--json]",
  ],
  init: ["forge init [--root DIR | --global] [--json]"],
  preview: ["forge preview <preset> | <mode>... | --preset NAME | --modes a,b [--root DIR | --global] [--json]"],
  explain: [
    "forge explain <preset> | <mode>... | --preset NAME | --modes a,b [--path P] [--policy PKG|FILE] [--root DIR | --global] [--json]",
    "forge explain --path P [--root DIR | --global] [--json]",
    "forge explain [--root DIR | --global] [--json]",
  ],
  diff: ["forge diff [A] [B] [--root DIR | --global] [--json]"],
  test: [
    "forge test [NAME | FILE]... [--pi] [--update] [--against REF] [--host pi-0.73|pi-1] [--format human|github|markdown|json] [--reporter junit [--out FILE]] [--root DIR] [--json]",
    "forge test --model PROVIDER/ID [--runs N] [NAME | FILE]... [--root DIR] [--json]",
  ],
  import: [
    "forge import pi-modes|pi-presets|roo|claude-rules|cursor|rulesync <path> [--overlay] [--rename old=new]... [--dry-run] [--force] [--root DIR | --global] [--json]",
  ],
  export: ["forge export claude|cursor|roo|agents-md [--preset NAME] [--check] [--force] [--root DIR] [--json]"],
  studio: ["forge studio [--root DIR | --global] [--port N] [--open] [--policy PKG|FILE]"],
  preset: [
    "forge preset export <name> [file] [--force] [--root DIR | --global] [--json]",
    "forge preset import <file> [--force] [--root DIR | --global] [--json]",
  ],
  source: ["forge source '<request JSON>' [--json]"],
  key: ["forge key new [--out FILE] [--name NAME] [--force] [--json]", "forge key show [--key FILE] [--json]"],
  verify: ["forge verify [FILE]... [--root DIR | --global | --library | --all] [--signed-by FINGERPRINT]... [--policy PKG|FILE] [--json]"],
  outdated: ["forge outdated [--root DIR] [--offline] [--json]"],
};

/** What each command does, as `forge --help` and `forge <command> --help` say it. */
export const COMMAND_ABOUT: Record<SubCommand, string> = {
  build: `validate .pi/forge/** and write .pi/forge/bundle.json (only when there are no errors);
the forge libraries .pi/forge/forge.yaml lists are read from node_modules and pinned`,
  init: "scaffold .pi/forge/ with an example mode, preset, partial and prompt test (never overwrites)",
  preview: `print the prompt a preset, or modes in the given order, composes against a sample
host prompt (compiles the sources in memory; writes nothing)`,
  explain: `print how a preset (or modes in order) resolves: components in order, where each
comes from, the contracts that held, digests, sizes, cache-sensitive slots and
the effective model/thinking/tools preferences, path rules and edit limits, and
the always-on tokens (o200k_base) with each part's share and each block's cost.
With no names: every preset, mode and rule the sources offer (tools, MCP servers,
limits), who signed the bundle and whether you trust it: a review before trusting`,
  diff: `compare two bundles per component, with a unified diff of each changed prompt
and the token change (o200k_base) of each changed component and affected preset.
A and B are each a bundle file, a git ref (its committed .pi/forge/bundle.json)
or "worktree" (a fresh in-memory build of the sources). Default: A is the
committed bundle (HEAD, or bundle.json outside git), B is "worktree".
Exit 0: no semantic change, 1: changes, 2: could not compare`,
  test: `run the prompt tests in .pi/forge/tests/*.yaml: each names a preset (or modes in order),
the hosts (pi-0.73, pi-1; default both), fixed inputs and assertions (contains, notContains,
order, tokens, sections, tools, edits, rules, snapshot). Without Pi: the runtime's own
composition and each host's layout. --pi: the Pi installed here, started with the extension
against a loopback capture server forge ships; the exact request body is checked.
--against REF: also run every test on REF's sources (built in a temporary git worktree) and
list the prompts that changed. --model: behaviour of a real model (expect:), --runs times.
Exit 0: all passed, 1: a test failed or could not run, or errors in the files, 2: usage error`,
  import: `convert another tool's definitions into forge sources under .pi/forge/, then build:
  pi-modes      ~/.pi/agent/modes/*.json (original and schema-v2 mode files)
  pi-presets    presets.json of Pi's example preset extension
  roo           Roo Code .roomodes / custom_modes.yaml
  claude-rules  Claude Code .claude/rules/**/*.md (paths: scopes a rule to files)
  cursor        Cursor .cursor/rules/**/*.mdc (description, globs, alwaysApply)
  rulesync      rulesync .rulesync/rules/**/*.md (root, targets, description, globs)
<path> is a file or a directory of such files (for the rule formats: a rules
directory, read at every depth, or the project holding it). Path-scoped rules become
rules/<id>.yaml; always-on rules append modes collected by a preset (<format>-rules);
agent-requested and manual rules dormant blocks of that preset`,
  export: `write what another agent can express of the built bundle (never the sources): claude
(.claude/rules, .claude/output-styles), cursor (.cursor/rules/*.mdc), roo (.roomodes),
agents-md (a marked region of AGENTS.md). --preset NAME is the always-on selection (required
for agents-md). Each file carries a banner; a file without one is not overwritten (--force).
Generated files the bundle no longer yields are removed; --check exits 1 when any is stale`,
  preset: `portable presets: keys, order, drift policy and digests, never prompt text
  export <name> [file]  write the preset as the layers resolve it (built-in, global,
                        project) to file, or to standard output
  import <file>         check its keys against your layers (target scope and built-in),
                        name the components whose definitions differ from the
                        exporter's, write presets/<name>.yaml and build`,
  studio: `serve a local, read-only web page on 127.0.0.1 to see what every composition sends
(library, compose against both hosts, diff, live diagnostics while editing); prints
the URL, which carries a random access token; Ctrl-C stops`,
  source: `print a mode or preset source's text, written with yaml's Document API (comments kept);
the Pi extension's authoring asks for it (schema/source-request.schema.json)`,
  key: `signing keys (Ed25519) for forge build --sign
  new   write a key pair outside every repository (default ~/.config/forge/signing-key.pem
        and its .pub) and print its fingerprint, which teammates trust with /forge trust --key
  show  print the fingerprint and public line of --key FILE or FORGE_SIGNING_KEY`,
  verify: `check bundles without Pi, for CI: the format, every digest, the bundleHash and every
signature (a bad one is a tampered bundle). FILE: bundle files; default the project's
bundle (--all: every forge root under the repository). --signed-by: also require a valid
signature by one of these keys. Exit 0: verified, 1: a bundle failed, 2: usage error`,
  outdated: `list each forge library forge.yaml names: the version the lock pins, the version
installed in node_modules and the registry's latest (npm view; --offline skips it), and
the presets taking the installed version would change (the comparison forge diff makes)`,
};

/** Every option's help line, in the order --help lists them. */
export const OPTION_HELP: ReadonlyArray<[FlagName | "json" | "help" | "version", string]> = [
  ["check", "--check        write nothing; exit 1 and list what changed when bundle.json (export: the target's files) is stale"],
  ["watch", "--watch        rebuild on every change under the forge root; Ctrl-C stops"],
  ["format", "--format F     build, test output: human (default), github (GitHub Actions annotations), json; test also markdown (a PR comment)"],
  ["pi", "--pi           test: run each test through the Pi installed here (both hosts), capturing the request body"],
  ["update", "--update       test: write the snapshots that are missing or differ (review them in the diff, then commit)"],
  ["against", "--against REF  test: also run the tests on REF's sources (a git ref) and report the prompts that changed"],
  ["host", "--host H       test: only this host (pi-0.73 or pi-1; comma list)"],
  ["reporter", "--reporter R   test: also write a junit XML report (to --out FILE, else standard output)"],
  ["model", "--model P/ID   test: run each test's expect: against this model through Pi (its provider's key from your Pi setup)"],
  ["runs", "--runs N       test --model: run each test N times and report the pass rate (default 1)"],
  [
    "all",
    `--all          build: every forge root under the repository (root layer first), e.g. a monorepo's packages;
               with --check, check them all. Skips node_modules and hidden directories other than .pi`,
  ],
  [
    "library",
    `--library      build: this package is a forge library; write the bundle its package.json names
               ("forge": { "bundle": "<path>" }), with scope library, for projects to list in forge.yaml`,
  ],
  ["preset", "--preset NAME  preview/explain: the preset NAME (also when a mode has that key); export: the always-on preset"],
  ["modes", "--modes a,b    preview/explain: these mode keys in order (also when a preset has such a name)"],
  ["path", "--path P       explain: which rules and edit limits the path P would trigger (alone: every rule and limit)"],
  ["overlay", "--overlay      import: Roo roleDefinition becomes an append overlay instead of a replace_base mode"],
  [
    "rename",
    `--rename a=b   import: give the imported mode "a" the key "b" (repeatable); a mode whose key is a built-in
               mode's is otherwise renamed with a suffix (plan -> plan-roo) so built-in presets stay intact`,
  ],
  ["dry-run", "--dry-run      import: print what would be written, write nothing, do not build"],
  ["force", "--force        import, preset, key new: overwrite existing files; export: also files without forge's banner"],
  [
    "sign",
    `--sign         build: sign the bundle's bundleHash with --key FILE or FORGE_SIGNING_KEY (the key
               file's text, or its path); signatures of the same bundle are kept, of another dropped`,
  ],
  ["key", "--key FILE     build --sign, key show: the private key file (forge key new writes one)"],
  ["out", "--out FILE     key new: where to write the private key (FILE.pub: the public line); never in a repository; test: the junit file"],
  ["name", "--name NAME    key new: the name shown beside the key's fingerprint (default: git's user.name <user.email>)"],
  ["signed-by", "--signed-by F  verify: require a valid signature by the key with fingerprint F (repeatable: any one of them)"],
  [
    "policy",
    `--policy P     build, verify, explain, studio: check against the team policy P, an npm package (from the project's
               node_modules) or a built policy bundle file; default: forge.yaml's expectPolicy`,
  ],
  ["offline", "--offline      outdated: do not ask the npm registry for the latest versions"],
  ["port", "--port N       studio: listen on this port (default: a random free port)"],
  ["open", "--open         studio: open the page in the desktop's browser"],
  ["root", "--root DIR     project root (default: the nearest ancestor with .pi/forge/, else the current directory)"],
  ["global", "--global       use the global scope: $PI_CODING_AGENT_DIR/forge (default ~/.pi/agent/forge)"],
  ["json", "--json         machine-readable output on stdout (for build, the same as --format json)"],
  ["help", "-h, --help     show this help (forge <command> --help or forge help <command>: that command's)"],
  ["version", "-v, --version  print the forge version"],
];

/** The environment variables forge reads, as --help lists them. */
export const ENVIRONMENT: ReadonlyArray<[name: string, text: string]> = [
  ["NO_COLOR, FORCE_COLOR", "color control (default: color only on a terminal)"],
  ["PI_CODING_AGENT_DIR", "the global scope's agent directory"],
  ["FORGE_CACHE_DIR", "where the no-op build cache and kept token counts live (default $XDG_CACHE_HOME/forge or ~/.cache/forge)"],
  ["FORGE_NO_CACHE=1", "always compile in full (the cache only skips recompiling unchanged sources)"],
  ["GITHUB_WORKSPACE", "--format github reports paths relative to it (default: the current directory)"],
  ["FORGE_SIGNING_KEY", "build --sign: the private key file's text (a CI secret), or its path; never printed"],
];

export const EXIT_CODES = "0 ok, 1 errors in sources / stale --check / I/O error (diff: changes), 2 usage error (diff: could not compare)";

const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((l) => by + l)
    .join("\n");

/** `usage: ...` with every command's lines. */
export const USAGE = `usage: ${[...COMMANDS.flatMap((c) => COMMAND_USAGE[c]), "forge help [command] | --help | --version"].join("\n       ")}`;

/** One command's usage lines. */
export function usageOf(command: SubCommand): string {
  return `usage: ${COMMAND_USAGE[command].join("\n       ")}\n(forge ${command} --help for its options)`;
}

export const HELP = `forge: compile Pi prompt modes and presets into a verified, content-hashed bundle.

${USAGE}

commands:
${COMMANDS.map((c) => `  ${c.padEnd(13)}${indent(COMMAND_ABOUT[c], " ".repeat(15)).slice(15)}`).join("\n")}

options:
${OPTION_HELP.map(([, text]) => indent(text, "  ")).join("\n")}

environment:
${ENVIRONMENT.map(([name, text]) => `  ${name.padEnd(24)}${text}`).join("\n")}

exit codes: ${EXIT_CODES}`;

/** `forge <command> --help`: its usage, what it does and the options it takes. */
export function commandHelp(command: SubCommand): string {
  return `usage: ${COMMAND_USAGE[command].join("\n       ")}

${indent(COMMAND_ABOUT[command], "  ")}

options:
${optionsOf(command)
  .map(([, text]) => indent(text, "  "))
  .join("\n")}`;
}

/** The help lines of the options `command` takes (--json but for studio, and --help), in --help's order. */
export function optionsOf(command: SubCommand): ReadonlyArray<[string, string]> {
  const takes = (flag: string) => (flag === "json" ? command !== "studio" : flag === "help" || (ALLOWED[command] as ReadonlySet<string>).has(flag));
  return OPTION_HELP.filter(([flag]) => takes(flag));
}
