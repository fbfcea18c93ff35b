// Path rules and edit limits through the real CLI: explain lists each rule and limit, --path judges one path, the bash
// warning, and forge diff / build --check showing changed globs.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const SOURCES = {
  ".pi/forge/modes/docs.yaml":
    'label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: Write docs.\ntools: [read, grep, edit, write]\nedits:\n  allow: [docs/**, "*.md"]\n  deny: [docs/generated/**]\n',
  ".pi/forge/modes/careful.yaml": "label: Careful\ndescription: No secrets.\nstrategy: append\nprompt: Careful.\nedits: { deny: [.env], bash: unchecked }\n",
  ".pi/forge/presets/db-work.yaml":
    "description: Database work.\noverlays: [docs]\nsystemUpdates:\n  - id: db-rules\n    name: DB rules\n    description: Schema rules.\n    when: { paths: [src/db/**], tools: [read, edit] }\n    content: Migrations for every schema change.\n",
  ".pi/forge/rules/api-style.yaml": 'name: API style\ndescription: Handlers.\nwhen: { paths: ["src/api/**/*.ts"] }\ncontent: Keep handlers thin.\n',
};

function project(): string {
  const root = makeTempDir();
  writeTree(root, SOURCES);
  return root;
}

describe("forge explain and paths", () => {
  it("lists each rule with its globs and each limit of the selection; --path says what a path would trigger", () => {
    const root = project();
    const r = runCli(["explain", "db-work", "--path", "src/db/schema.sql", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.rules).toEqual([
      {
        id: "api-style",
        kind: "rule",
        preset: null,
        scope: "project",
        source: ".pi/forge/rules/api-style.yaml",
        description: "Handlers.",
        paths: ["src/api/**/*.ts"],
        tools: null,
        contextFile: null,
      },
      {
        id: "db-rules",
        kind: "block",
        preset: "db-work",
        scope: "project",
        source: ".pi/forge/presets/db-work.yaml",
        description: "Schema rules.",
        paths: ["src/db/**"],
        tools: ["edit", "read"],
        contextFile: null,
      },
    ]);
    expect(report.editLimits).toEqual([{ mode: "docs", allow: ["docs/**", "*.md"], deny: ["docs/generated/**"], bashUnchecked: false }]);
    expect(report.warnings).toEqual([]);
    expect(report.path).toMatchObject({
      path: "src/db/schema.sql",
      relative: "src/db/schema.sql",
      rules: [{ id: "db-rules", kind: "block", preset: "db-work", glob: "src/db/**", tools: ["edit", "read"] }],
      editLimits: [{ mode: "docs", allowed: false, refusal: expect.stringContaining('mode "docs" allows edits only to docs/**, *.md') }],
    });
  });

  it("--path alone judges every rule and every mode's limit, from the directory it runs in; warns when bash is in a limited mode's tools", () => {
    const root = project();
    const r = runCli(["explain", "--path", "users.ts", "--root", root], join(root));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("path users.ts:");
    const inApi = runCli(["explain", "--path", "../src/api/users.ts", "--root", root, "--json"], join(root, ".pi"));
    const report = JSON.parse(inApi.stdout);
    expect(report.selection).toBeNull();
    expect(report.path.relative).toBe("src/api/users.ts");
    expect(report.path.rules.map((x: { id: string }) => x.id)).toEqual(["api-style"]);
    expect(report.path.editLimits).toEqual([
      { mode: "careful", allowed: true, refusal: null },
      { mode: "docs", allowed: false, refusal: expect.stringContaining('"../src/api/users.ts" is not among them') },
    ]);
    expect(report.warnings).toEqual([expect.stringContaining('mode "careful" limits edits, but bash is among its tools')]);
    const human = runCli(["explain", "--path", ".env"], root);
    expect(human.stdout).toContain("refused by mode careful:");
    expect(human.stdout).toContain('warning: mode "careful" limits edits');
    // explain names the hole a mode accepts, and says bash is off under every other limit.
    expect(human.stdout).toContain("allow any path; deny .env; bash on, unchecked (edits.bash: unchecked)");
    expect(human.stdout).toContain("allow docs/**, *.md; deny docs/generated/**; bash off");
  });

  it("in a monorepo package, --path judges a layer above's rules and limits relative to that layer's root", () => {
    const repo = makeTempDir();
    writeTree(repo, {
      ".git/HEAD": "ref: refs/heads/main\n",
      ".pi/forge/rules/root-db.yaml":
        "name: DB\ndescription: House DB rules.\nwhen: { paths: [packages/api/src/db/**] }\ncontent: Reviewed by the data team.\n",
      ".pi/forge/modes/root-docs.yaml":
        "label: Root docs\ndescription: Docs.\nstrategy: append\nprompt: Docs.\ntools: [read]\nedits: { allow: [packages/api/docs/**] }\n",
      "packages/api/.pi/forge/rules/api-db.yaml":
        "name: API DB\ndescription: Package DB rules.\nwhen: { paths: [src/db/**] }\ncontent: Queries live in src/db.\n",
    });
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    const api = join(repo, "packages", "api");
    const r = runCli(["explain", "--path", "src/db/schema.sql", "--json"], api);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.path.relative).toBe("src/db/schema.sql");
    expect(report.path.rules.map((x: { id: string; glob: string }) => [x.id, x.glob])).toEqual([
      ["api-db", "src/db/**"],
      ["root-db", "packages/api/src/db/**"],
    ]);
    expect(report.path.editLimits).toEqual([
      { mode: "root-docs", allowed: false, refusal: expect.stringContaining('mode "root-docs" allows edits only to packages/api/docs/**') },
    ]);
    const docs = JSON.parse(runCli(["explain", "--path", "docs/guide.md", "--json"], api).stdout);
    expect(docs.path.editLimits).toEqual([{ mode: "root-docs", allowed: true, refusal: null }]);
  });

  it("forge diff shows changed globs as written, and build --check names the changed rule", () => {
    const root = project();
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
    git("init", "-q");
    expect(runCli(["build"], root).code).toBe(0);
    git("add", "-A");
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init");
    writeFileSync(
      join(root, ".pi/forge/modes/docs.yaml"),
      SOURCES[".pi/forge/modes/docs.yaml"].replace("deny: [docs/generated/**]", "deny: [docs/generated/**, docs/drafts/**]"),
    );
    writeFileSync(join(root, ".pi/forge/rules/api-style.yaml"), SOURCES[".pi/forge/rules/api-style.yaml"].replace("src/api/**/*.ts", "src/api/**"));
    const diff = runCli(["diff"], root);
    expect(diff.code, diff.stderr).toBe(1);
    expect(diff.stdout).toContain('mode docs: changed (edits.deny: ["docs/generated/**"] -> ["docs/generated/**", "docs/drafts/**"])');
    expect(diff.stdout).toContain('rule api-style: changed (when.paths: ["src/api/**/*.ts"] -> ["src/api/**"])');
    expect(diff.stdout).toContain("1 mode changed, 1 preset affected, 1 rule changed");
    const check = runCli(["build", "--check"], root);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toContain("rule api-style: changed");
  });

  it("a usage error for an empty --path, and --path only on explain", () => {
    const root = project();
    expect(runCli(["explain", "--path", ""], root).code).toBe(2);
    expect(runCli(["preview", "db-work", "--path", "x"], root).stderr).toContain("does not take --path");
  });
});
