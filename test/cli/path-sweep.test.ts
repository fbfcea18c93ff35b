// One rule for paths: every path any forge command prints, human or --json, is relative to the current directory.
// The sweep runs every command from a package's subdirectory and with --root, and checks each path in the output:
// none is absolute (only --json's `absolute*` fields, which must be), and each names an existing file from the cwd.
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, startStudio } from "../studio/studio-process.js";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const mode = (label: string, prompt: string, extra = "") =>
  `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${JSON.stringify(prompt)}\n${extra}`;

/**
 * A monorepo: the root layer (a mode with an info and two warnings, a partial, a rule, a preset), a package with its
 * own layer over it, a forge library package, a Roo file to import; committed, so diff has a HEAD.
 */
function makeRepo(): string {
  const repo = makeTempDir("forge-sweep-");
  writeTree(repo, {
    ".pi/forge/modes/planning.yaml": mode("Planning", "Think. Today is {{date}}. {{> shared}}", "conflictsWith: [chaos, chaos]\n"),
    ".pi/forge/partials/shared.md": "Keep it short.\n",
    ".pi/forge/presets/daily.yaml": "description: Daily.\noverlays: [planning]\n",
    ".pi/forge/rules/db.yaml": 'name: DB\ndescription: Database rules.\nwhen:\n  paths: ["src/db/**"]\ncontent: Use migrations.\n',
    "packages/api/.pi/forge/modes/api-style.yaml": mode("API style", "Follow the API guide.", 'edits:\n  allow: ["src/**"]\n'),
    "packages/api/.pi/forge/presets/api.yaml": "description: API work.\noverlays: [planning, api-style]\n",
    "packages/api/src/index.ts": "export {};\n",
    "packages/api/.pi/forge/tests/api.yaml":
      "tests:\n  - name: api\n    preset: api\n    inputs: { touched: [src/db/x.sql] }\n    assert: { contains: [Follow the API guide], rules: { off: [db] }, snapshot: true }\n",
    "mylib/package.json": JSON.stringify({ name: "mylib", version: "1.0.0", forge: { bundle: "forge-bundle.json" } }),
    "mylib/.pi/forge/modes/lib-mode.yaml": mode("Lib", "Library text."),
    ".roomodes": "customModes:\n  - slug: docs\n    name: Docs\n    roleDefinition: You write docs.\n    groups: [read]\n",
  });
  git(repo, "init", "-q");
  expect(runCli(["build", "--all"], repo).code).toBe(0);
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "forge sources");
  return repo;
}

// A path token: ./ and ../ steps, then segments, ending in a file forge reads or writes, or in .pi/forge.
const PATH_TOKEN = /(?<![\w@./-])(?:\.{1,2}\/)*(?:[\w@-][\w@.-]*\/)*(?:[\w@-][\w@.-]*\.(?:ya?ml|json|md)|\.roomodes|\.pi\/forge)\b\/?/g;

/** The problems with the paths in one piece of text, as seen from `cwd`. */
function checkText(cwd: string, text: string, tempRoots: readonly string[]): string[] {
  const problems: string[] = [];
  for (const root of tempRoots) if (text.includes(root)) problems.push(`an absolute path (${root}...) in: ${text.slice(0, 300)}`);
  for (const [token] of text.matchAll(PATH_TOKEN)) {
    if (!existsSync(resolve(cwd, token))) problems.push(`"${token}" names nothing from the current directory, in: ${text.slice(0, 200)}`);
  }
  return problems;
}

/** Walks --json output: `absolute*` fields must be absolute and exist; every other string is checked as text. */
function checkJson(cwd: string, value: unknown, tempRoots: readonly string[], key = ""): string[] {
  if (typeof value === "string") {
    if (/^absolute/.test(key)) return isAbsolute(value) && existsSync(value) ? [] : [`${key} is not an existing absolute path: ${value}`];
    return checkText(cwd, value, tempRoots);
  }
  if (Array.isArray(value)) return value.flatMap((v) => checkJson(cwd, v, tempRoots, key));
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  // A diagnostic's `path` is a JSON pointer into its file; prompt text is the composed prompt, not a path.
  const skip = new Set(["prompt", ...("code" in record && "severity" in record ? ["path"] : [])]);
  return Object.entries(record).flatMap(([k, v]) => [
    ...(k.includes("/") ? checkText(cwd, k, tempRoots) : []),
    ...(skip.has(k) ? [] : checkJson(cwd, v, tempRoots, k)),
  ]);
}

describe("every path a command prints is relative to the current directory", () => {
  let repo: string;
  let sub: string;
  let roots: string[];

  beforeAll(() => {
    repo = makeRepo();
    sub = join(repo, "packages", "api", "src");
    roots = [...new Set([repo, realpathSync(repo)])];
  });

  /** Runs a command human and --json from `cwd` and returns every path problem (its exit code is the command's own). */
  function sweep(cwd: string, args: string[], options: { json?: boolean; humanStdout?: boolean } = {}): string[] {
    const human = runCli(args, cwd);
    // preview's stdout is the composed prompt (it shows Pi's cwd, as Pi would); its header is on stderr.
    const shown = `${options.humanStdout === false ? "" : human.stdout}\n${human.stderr}`;
    const problems = checkText(cwd, shown, roots).map((p) => `forge ${args.join(" ")} (from ${cwd}): ${p}`);
    if (options.json === false) return problems;
    const json = runCli([...args, "--json"], cwd);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json.stdout);
    } catch {
      return [...problems, `forge ${args.join(" ")} --json printed no JSON: ${json.stdout}${json.stderr}`];
    }
    return [...problems, ...checkJson(cwd, parsed, roots).map((p) => `forge ${args.join(" ")} --json (from ${cwd}): ${p}`)];
  }

  it("build, build --check, build --all and build --library, from a package's subdirectory and with --root", () => {
    const problems = [
      ...sweep(sub, ["build"]),
      ...sweep(sub, ["build", "--check"]),
      ...sweep(sub, ["build", "--root", "../../.."]),
      ...sweep(repo, ["build", "--check", "--root", "packages/api"]),
      ...sweep(sub, ["build", "--all"]),
      ...sweep(sub, ["build", "--check", "--all"]),
      ...sweep(sub, ["build", "--library", "--root", "../../../mylib"]),
      ...sweep(sub, ["build", "--root", "../../../nowhere"]).filter((p) => !p.includes('"../../../nowhere/.pi/forge/"')),
    ];
    expect(problems).toEqual([]);
  });

  it("init, preview, explain (with --path) and diff", () => {
    mkdirSync(join(repo, "fresh-a"));
    mkdirSync(join(repo, "fresh-b"));
    const problems = [
      ...sweep(sub, ["init", "--root", "../../../fresh-a"], { json: false }),
      ...checkJson(sub, JSON.parse(runCli(["init", "--root", "../../../fresh-b", "--json"], sub).stdout), roots),
      ...sweep(sub, ["preview", "api"], { humanStdout: false }),
      ...sweep(repo, ["preview", "daily", "--root", "packages/api"], { humanStdout: false }),
      ...sweep(sub, ["explain", "api"]),
      ...sweep(sub, ["explain", "--path", "index.ts"]),
      ...sweep(repo, ["explain", "daily", "--root", "packages/api"]),
      ...sweep(sub, ["diff"]),
      ...sweep(sub, ["diff", "HEAD", "../.pi/forge/bundle.json"]),
    ];
    expect(problems).toEqual([]);
  });

  it("test: human, github, markdown, junit and --json, with --against", () => {
    const junit = relative(sub, join(makeTempDir("forge-sweep-junit-"), "junit.xml"));
    const problems = [
      ...sweep(sub, ["test"]),
      ...sweep(repo, ["test", "--root", "packages/api"]),
      // GitHub resolves annotation paths against the workspace: run from it, as a workflow does.
      ...sweep(repo, ["test", "--root", "packages/api", "--format", "github"], { json: false }),
      ...sweep(sub, ["test", "--format", "markdown"], { json: false }),
      ...sweep(sub, ["test", "--reporter", "junit"], { json: false }),
      ...sweep(sub, ["test", "--reporter", "junit", "--out", junit], { json: false }),
      ...sweep(sub, ["test", "--against", "HEAD"]),
    ];
    expect(problems).toEqual([]);
  });

  it("verify, outdated, key new and key show", () => {
    const keys = makeTempDir("forge-sweep-keys-");
    const key = relative(sub, join(keys, "ada.pem"));
    expect(runCli(["build", "--library", "--root", "mylib"], repo).code).toBe(0);
    const problems = [
      ...sweep(sub, ["verify"]),
      // The roots the init test made have no bundle yet: verify names the file it could not find.
      ...sweep(sub, ["verify", "--all"]).filter((p) => !/fresh-[ab]\/\.pi\/forge\/bundle\.json/.test(p)),
      ...sweep(sub, ["verify", "--root", "../../.."]),
      ...sweep(sub, ["verify", "../.pi/forge/bundle.json", "../../../.pi/forge/bundle.json"]),
      ...sweep(sub, ["verify", "--library", "--root", "../../../mylib"]),
      ...sweep(sub, ["outdated", "--offline"]),
      ...sweep(sub, ["key", "new", "--out", key, "--name", "Ada"], { json: false }),
      ...sweep(sub, ["key", "show", "--key", key]),
    ];
    expect(problems).toEqual([]);
  });

  it("import, export, preset export and preset import", () => {
    const problems = [
      ...sweep(sub, ["import", "roo", "../../../.roomodes", "--root", "../../..", "--force"]),
      ...sweep(sub, ["preset", "export", "daily", "daily-preset.json", "--root", "../../..", "--force"]),
      ...sweep(repo, ["preset", "import", "packages/api/src/daily-preset.json", "--force"]),
      ...sweep(sub, ["export", "cursor", "--root", "../../..", "--force"]),
      ...sweep(sub, ["export", "cursor", "--check", "--root", "../../.."]),
    ];
    expect(problems).toEqual([]);
    expect(existsSync(join(sub, "daily-preset.json"))).toBe(true);
  });

  it("forge studio names the forge root it serves from the current directory", async () => {
    const studio = await startStudio(sub, ["--root", "../../.."]);
    try {
      const lines = studio
        .output()
        .split("\n")
        .filter((l) => !l.startsWith("http://"));
      expect(checkText(sub, lines.join("\n"), roots)).toEqual([]);
      expect(studio.output()).toContain("serving ../../../.pi/forge/");
    } finally {
      await studio.stop();
    }
  });
});
