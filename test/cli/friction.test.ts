// Issue 32's CLI points, as a new user meets them: every hint forge prints repeats the options that made its files and
// starts with the one prefix (and running it as written does what it says), typos get the nearest word, init writes a
// $schema path every clone resolves, signing finds the default key, and the messages say what happened.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGE_COMMAND } from "../../core/forge-command.js";
import { CLI, REPO, assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, writeTree, type CliResult } from "./helpers.js";
import { spawnSync } from "node:child_process";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

/** Every `npx --no-install forge ...` command in a text (in backquotes, or after "run:" up to the line's end). */
function hintsIn(text: string): string[] {
  const quoted = [...text.matchAll(/`((?:npx --no-install )?forge [^`]*)`/g)].map((m) => m[1]!);
  const after = [...text.matchAll(/run: ((?:npx --no-install )?forge [^\n]*?)(?: -->)?$/gm)].map((m) => m[1]!);
  return [...quoted, ...after];
}

/** A hint's words as a POSIX shell reads them (plain words and single-quoted ones, as core/forge-command.ts writes them). */
function shellWords(command: string): string[] {
  return [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));
}

/** Runs a printed hint as written, from `cwd`: it must start with the one prefix. */
function follow(hint: string, cwd: string, env?: NodeJS.ProcessEnv): CliResult {
  expect(hint.startsWith(`${FORGE_COMMAND} `), `"${hint}" does not start with ${FORGE_COMMAND}`).toBe(true);
  return runCli(shellWords(hint.slice(FORGE_COMMAND.length + 1)), cwd, env);
}

const CURSOR_RULES = {
  ".cursor/rules/always.mdc": "---\nalwaysApply: true\n---\n\nAlways be brief.\n",
  ".cursor/rules/manual.mdc": "Only when asked by name.\n",
  ".cursor/rules/reviews.mdc": "---\ndescription: Reviews\n---\n\nReview the diff.\n",
};

describe("1: hints repeat the options that made the files, with one prefix, and do what they say", () => {
  it("forge export cursor --preset: the banner and --check name the preset; following them changes nothing", () => {
    const root = makeTempDir("forge-friction-export-");
    writeTree(root, CURSOR_RULES);
    expect(runCli(["import", "cursor", ".cursor/rules"], root).code).toBe(0);
    // The rules' own files are the originals; the export writes forge's beside them.
    const out = makeTempDir("forge-friction-export-out-");
    cpSync(join(root, ".pi"), join(out, ".pi"), { recursive: true });
    const first = runCli(["export", "cursor", "--preset", "cursor-rules"], out);
    expect(first.code, first.stderr).toBe(0);
    const always = readFileSync(join(out, ".cursor/rules/always.mdc"), "utf8");
    const [banner] = hintsIn(always);
    expect(banner).toBe(`${FORGE_COMMAND} export cursor --preset cursor-rules`);
    const before = ["always", "manual", "reviews"].map((f) => readFileSync(join(out, `.cursor/rules/${f}.mdc`), "utf8"));
    const again = follow(banner!, out);
    expect(again.stdout).toContain("0 files written, 3 unchanged, 0 removed");
    expect(["always", "manual", "reviews"].map((f) => readFileSync(join(out, `.cursor/rules/${f}.mdc`), "utf8"))).toEqual(before);
    expect(always).toContain("alwaysApply: true");

    // A stale file: --check's hint names the preset and the --root it was given, and running it makes --check fresh.
    writeFileSync(join(out, ".cursor/rules/reviews.mdc"), before[2]!.replace("Review the diff.", "Edited by hand."));
    const check = runCli(["export", "cursor", "--preset", "cursor-rules", "--check", "--root", out], root);
    expect(check.code).toBe(1);
    const [hint] = hintsIn(check.stderr);
    expect(hint).toBe(`${FORGE_COMMAND} export cursor --preset cursor-rules --root ${out}`);
    expect(follow(hint!, root).code).toBe(0);
    expect(runCli(["export", "cursor", "--preset", "cursor-rules", "--check", "--root", out], root).code).toBe(0);
  });

  it("forge build --check --root: the stale and missing hints repeat --root; following them makes --check pass", () => {
    const cwd = makeTempDir("forge-friction-build-");
    const pkg = join(cwd, "pkg");
    makeProject(pkg);
    const missing = runCli(["build", "--check", "--root", "pkg"], cwd);
    expect(missing.code).toBe(1);
    const [hint] = hintsIn(missing.stdout);
    expect(hint).toBe(`${FORGE_COMMAND} build --root pkg`);
    expect(follow(hint!, cwd).code).toBe(0);
    expect(runCli(["build", "--check", "--root", "pkg"], cwd).code).toBe(0);
    const github = runCli(["build", "--check", "--format", "github", "--root", "pkg"], cwd);
    expect(github.code).toBe(0);
  });

  it("every command hint forge prints starts with the one prefix", () => {
    const home = makeTempDir("forge-friction-home-");
    const env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: "" });
    const root = makeTempDir("forge-friction-hints-");
    const texts: string[] = [];
    const keep = (r: CliResult) => texts.push(r.stdout, r.stderr);
    keep(runCli(["init"], root, env));
    keep(runCli(["build", "--check"], root, env));
    keep(runCli(["verify"], root, env));
    keep(runCli(["export", "cursor"], root, env));
    keep(runCli(["explain", "example"], makeTempDir(), env));
    keep(runCli(["key", "new", "--name", "Ada"], home, env));
    keep(runCli(["outdated"], makeTempDir(), env));
    keep(runCli(["test"], root, env));
    const hints = texts.flatMap(hintsIn);
    expect(hints.length).toBeGreaterThanOrEqual(7);
    for (const h of hints) expect(h.startsWith(`${FORGE_COMMAND} `), `hint "${h}"`).toBe(true);
    for (const t of texts) expect(t).not.toMatch(/run `?forge /);
  });

  it("forge test's snapshot hint repeats the tests, hosts and --root it ran; followed, it writes only those snapshots", () => {
    const root = makeTempDir("forge-friction-test-");
    expect(runCli(["init"], root).code).toBe(0);
    const elsewhere = makeTempDir("forge-friction-test-cwd-");
    const first = runCli(["test", "example", "--host", "pi-1", "--root", root], elsewhere);
    expect(first.code).toBe(1);
    const [hint] = hintsIn(first.stdout);
    expect(hint).toBe(`${FORGE_COMMAND} test example --host pi-1 --update --root ${root}`);
    expect(follow(hint!, elsewhere).code).toBe(0);
    const snaps = join(root, ".pi/forge/tests/example.snap");
    expect([existsSync(join(snaps, "example.pi-1.txt")), existsSync(join(snaps, "example.pi-0.73.txt"))]).toEqual([true, false]);
    expect(runCli(["test", "example", "--host", "pi-1", "--root", root], elsewhere).code).toBe(0);
  });
});

describe("2: typos get the nearest word", () => {
  it("export and import formats, key subcommands, forge help, and {{modle}} ranking model first", () => {
    const root = makeTempDir("forge-friction-typos-");
    const cases: Array<[string[], string]> = [
      [["export", "cursr"], "unknown export target 'cursr'; did you mean 'cursor'?"],
      [["import", "cursorr", "x"], "unknown import format 'cursorr'; did you mean 'cursor'?"],
      [["key", "nwe"], "unknown 'forge key' subcommand 'nwe'; did you mean 'new'?"],
      [["help", "biuld"], "unknown command 'biuld'; did you mean 'build'?"],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, root);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const help = runCli(["help"], root);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(runCli(["--help"], root).stdout);
    expect(runCli(["help", "export"], root).stdout).toBe(runCli(["export", "--help"], root).stdout);
    makeProject(root, { ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: Plan.\nstrategy: append\nprompt: Use {{modle}}.\n" });
    const build = runCli(["build"], root);
    expect(build.stderr).toContain('unknown variable {{modle}}; did you mean "model"?');
  });
});

describe("3: forge init with a forge installed globally", () => {
  it("writes the $schema path through the project's node_modules, never the global install's, and says so", () => {
    // A global install: the package as npm install -g lays it out under a prefix.
    const prefix = makeTempDir("forge-friction-prefix-");
    const pkg = join(prefix, "lib", "node_modules", "pi-forge-modes");
    mkdirSync(join(pkg, "presets"), { recursive: true });
    for (const part of ["package.json", "schema", "dist"]) cpSync(join(REPO, part), join(pkg, part), { recursive: true });
    cpSync(join(REPO, "presets", "bundle.json"), join(pkg, "presets", "bundle.json"));
    const repo = makeTempDir("forge-friction-clone-");
    mkdirSync(join(repo, ".git"));
    writeTree(repo, { "package.json": "{}" });
    const r = spawnSync(process.execPath, [join(pkg, "dist", "cli.js"), "init"], { cwd: repo, env: cleanEnv(), encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const line = readFileSync(join(repo, ".pi/forge/modes/small-steps.yaml"), "utf8").split("\n")[0];
    expect(line).toBe("# yaml-language-server: $schema=../../../node_modules/pi-forge-modes/schema/mode.schema.json");
    expect(r.stdout).toContain("$schema lines already point through node_modules/pi-forge-modes");
    expect(existsSync(CLI)).toBe(true);
  });
});
