// `forge build --check --format github`: golden files for the annotations, escaping, and --format json = --json.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeData, escapeProperty } from "../../compiler/output/annotations.js";
import { assertBuilt, cleanEnv, makeTempDir, removeTempDirs, REPO, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const GOLDEN_DIR = join(REPO, "test", "fixtures", "annotations");
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";

/** Compares with test/fixtures/annotations/<name>.txt (UPDATE_SNAPSHOTS=1 rewrites it). */
function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, `${name}.txt`);
  if (UPDATE) writeFileSync(file, actual);
  expect(existsSync(file), `${file} is missing; run with UPDATE_SNAPSHOTS=1`).toBe(true);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const GOOD = {
  ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: Think first.\n",
  ".pi/forge/modes/review.yaml": "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review carefully.\n",
  ".pi/forge/presets/daily.yaml": "description: Daily work.\noverlays: [plan, review]\n",
};

/** A project in a subfolder of the workspace, so paths must be made workspace-relative. */
function project(files: Record<string, string>): { workspace: string; root: string } {
  const workspace = makeTempDir();
  const root = join(workspace, "app");
  writeTree(root, files);
  return { workspace, root };
}

function check(root: string, workspace: string, extra: string[] = []) {
  return runCli(["build", "--check", "--format", "github", ...extra], root, cleanEnv({ GITHUB_WORKSPACE: workspace }));
}

describe("forge build --check --format github", () => {
  it("annotates every diagnostic with file, line and column relative to the workspace", () => {
    const { workspace, root } = project({
      ...GOOD,
      // An unknown field (error), a duplicate contract entry (warning), an unknown preset mode with a "did you mean".
      ".pi/forge/modes/plan.yaml":
        'label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: Think first.\nrequires: [review, review]\npromt: "typo, with: colons"\n',
      ".pi/forge/presets/daily.yaml": "description: Daily work.\noverlays: [plan, reveiw]\n",
    });
    const r = check(root, workspace);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    expectGolden("check-errors", r.stdout);
  });

  it("annotates a stale bundle with the components that changed", () => {
    const { workspace, root } = project(GOOD);
    expect(runCli(["build"], root).code).toBe(0);
    writeTree(root, { ".pi/forge/modes/review.yaml": "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review twice.\n" });
    const r = check(root, workspace);
    expect(r.code).toBe(1);
    expectGolden("check-stale", r.stdout);
  });

  it("annotates a missing bundle", () => {
    const { workspace, root } = project(GOOD);
    const r = check(root, workspace);
    expect(r.code).toBe(1);
    expectGolden("check-missing", r.stdout);
  });

  it("prints only the summary line when the bundle is fresh", () => {
    const { workspace, root } = project(GOOD);
    expect(runCli(["build"], root).code).toBe(0);
    const r = check(root, workspace);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("forge check: fresh (0 errors, 0 warnings, 0 info)\n");
  });

  it("annotates a missing forge root as a file-less error", () => {
    const workspace = makeTempDir();
    const r = check(workspace, workspace);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error title=forge build::no forge sources: .* is not a directory; run `npx --no-install forge init` to create it\n$/);
  });

  it("keeps absolute paths for a project outside the workspace", () => {
    const { root } = project({ ...GOOD, ".pi/forge/modes/plan.yaml": "label: Plan\n" });
    const elsewhere = makeTempDir();
    const r = check(root, elsewhere);
    expect(r.stdout).toContain(`::error file=${join(root, ".pi/forge/modes/plan.yaml")},line=1,col=1`);
  });
});

describe("--format json and usage", () => {
  it("--format json prints the same report as --json", () => {
    const { root } = project(GOOD);
    const a = runCli(["build", "--check", "--format", "json"], root);
    const b = runCli(["build", "--check", "--json"], root);
    expect(a.code).toBe(1);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });

  it("rejects an unknown format and conflicting flags with exit 2", () => {
    const { root } = project(GOOD);
    expect(runCli(["build", "--format", "xml"], root)).toMatchObject({ code: 2, stderr: expect.stringContaining("--format must be human, github or json") });
    expect(runCli(["build", "--json", "--format", "github"], root)).toMatchObject({ code: 2, stderr: expect.stringContaining("cannot be combined") });
    expect(runCli(["preview", "plan", "--format", "github"], root)).toMatchObject({ code: 2, stderr: expect.stringContaining("does not take --format") });
  });
});

describe("workflow command escaping", () => {
  it("escapes %, CR and LF in messages, and also : and , in properties", () => {
    expect(escapeData("50% done\r\nnext: a, b")).toBe("50%25 done%0D%0Anext: a, b");
    expect(escapeProperty("C:\\x,y%")).toBe("C%3A\\x%2Cy%25");
  });
});

describe("hostile file names", () => {
  // A pull request can add files with any name; none may inject a workflow command or a forged diagnostic line.
  const names = [
    "x.yaml:1:1 error fake_code: forged.yaml",
    "a\n::error file=pwned.yaml::injected\n.yaml",
    "esc\u001b[2J\u001b]0;title\u0007.yaml",
    "c::d,e.yaml",
  ];
  function hostile() {
    const files: Record<string, string> = { ...GOOD };
    for (const name of names) files[`.pi/forge/modes/${name}`] = "label: X\n";
    return project(files);
  }

  it("--format github: every line is one of forge's own workflow commands or its summary", () => {
    const { workspace, root } = hostile();
    const r = check(root, workspace);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    for (const line of lines) expect(line).toMatch(/^(::(error|warning|notice) [^:]*title=forge [a-z_ ]+::|forge check: )/);
    expect(r.stdout).not.toMatch(/[\u001b\u0007]/);
    expect(r.stdout).toContain("c%3A%3Ad%2Ce.yaml");
  });

  it("human output: control characters are visible and no line starts like a forged diagnostic", () => {
    const { root } = hostile();
    const r = runCli(["build"], root, cleanEnv({}));
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/[\u001b\u0007]/);
    expect(r.stderr).toContain("\\x1b[2J\\x1b]0;title\\x07");
    const starts = r.stderr.split("\n").filter((l) => /^\S+:\d+:\d+ (error|warning|info) /.test(l));
    for (const line of starts) expect(line.startsWith(".pi/forge/") || line.startsWith('".pi/forge/')).toBe(true);
    expect(r.stderr.split("\n").some((l) => l.startsWith("x.yaml:1:1") || l.startsWith("::error"))).toBe(false);
  });
});
