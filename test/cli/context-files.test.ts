// forge.yaml `contextFiles: nested` through the real CLI: build finds the nested AGENTS.md and CLAUDE.md files git does
// not ignore (never the root's, nor node_modules'), build --check fails after one is edited until the next build, and
// explain lists them.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";
import { bareEnv } from "../support/home-guard.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const PROJECT = {
  "AGENTS.md": "Root: Pi loads this one itself.\n",
  "packages/api/AGENTS.md": "# API\n\nValidate input first.\n",
  "packages/web/CLAUDE.md": "Function components only.\n",
  "packages/ignored/AGENTS.md": "git ignores this directory.\n",
  "packages/new/AGENTS.md": "Untracked, not ignored: git lists it.\n",
  "node_modules/dep/AGENTS.md": "A dependency's file.\n",
  ".gitignore": "packages/ignored/\n",
  ".pi/forge/forge.yaml": "contextFiles: nested\n",
};

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    encoding: "utf8",
    env: bareEnv(),
  });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

/** A repository holding PROJECT, everything committed except packages/new/ (untracked). */
function repository(): string {
  const root = makeTempDir();
  writeTree(root, PROJECT);
  git(root, "init", "-q");
  git(root, "add", "AGENTS.md", "packages/api", "packages/web", ".gitignore", ".pi");
  git(root, "commit", "-qm", "one");
  return root;
}

const bundleOf = (root: string) => JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8"));

describe("forge build with contextFiles: nested", () => {
  it("compiles each nested context file git does not ignore into a rule for its directory, a heading naming the file", () => {
    const root = repository();
    const r = runCli(["build"], root);
    expect(r.code, r.stderr).toBe(0);
    const rules = bundleOf(root).rules;
    // Not the root's AGENTS.md (Pi loads it), not git-ignored packages/ignored/, not node_modules (which git lists
    // here: the search skips it by name).
    expect(Object.keys(rules)).toEqual(["context-packages-api", "context-packages-new", "context-packages-web"]);
    expect(rules["context-packages-api"]).toMatchObject({
      name: "packages/api/AGENTS.md",
      contextFile: "packages/api/AGENTS.md",
      source: "../../packages/api/AGENTS.md",
      description: "packages/api/AGENTS.md: instructions for work in packages/api/",
      content: [{ text: "# packages/api/AGENTS.md\n\n# API\n\nValidate input first." }],
      when: { paths: [expect.objectContaining({ kind: "glob", source: "packages/api/**" })] },
    });
    expect(rules["context-packages-web"].content).toEqual([{ text: "# packages/web/CLAUDE.md\n\nFunction components only." }]);
  });

  it("an edited, new or deleted context file makes build --check fail, naming its rule, until the next build", () => {
    const root = repository();
    expect(runCli(["build"], root).code).toBe(0);
    expect(runCli(["build", "--check"], root).code).toBe(0);
    writeFileSync(join(root, "packages/api/AGENTS.md"), "# API\n\nValidate input first, then log.\n");
    const stale = runCli(["build", "--check"], root);
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toContain("rule context-packages-api: changed");
    // A new one is a change too; an ignored one is not.
    expect(runCli(["build"], root).code).toBe(0);
    writeFileSync(join(root, "packages/ignored/AGENTS.md"), "Still ignored, edited.\n");
    expect(runCli(["build", "--check"], root).code).toBe(0);
    writeTree(root, { "packages/cli/AGENTS.md": "Parse arguments with parseArgs.\n" });
    const added = runCli(["build", "--check"], root);
    expect(added.code).toBe(1);
    expect(added.stdout + added.stderr).toContain("rule context-packages-cli: added");
    expect(runCli(["build"], root).code).toBe(0);
    expect(runCli(["build", "--check"], root).code).toBe(0);
    rmSync(join(root, "packages/web/CLAUDE.md"));
    const removed = runCli(["build", "--check"], root);
    expect(removed.code).toBe(1);
    expect(removed.stdout + removed.stderr).toContain("rule context-packages-web: removed");
  });

  it("forge explain lists each as a nested context file with its glob, and --path names the rule a path switches on", () => {
    const root = repository();
    expect(runCli(["build"], root).code).toBe(0);
    const human = runCli(["explain", "--path", "packages/api/src/x.ts"], root);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/context-packages-api +nested context file \(packages\/api\/AGENTS\.md\): packages\/api\/\*\*/);
    expect(human.stdout).toContain("switches on rule context-packages-api: matches packages/api/**");
    expect(human.stdout).not.toContain("switches on rule context-packages-web");
    const json = JSON.parse(runCli(["explain", "--path", "packages/api/src/x.ts", "--json"], root).stdout);
    expect(json.rules.map((r: { id: string; contextFile: string | null }) => [r.id, r.contextFile])).toEqual([
      ["context-packages-api", "packages/api/AGENTS.md"],
      ["context-packages-new", "packages/new/AGENTS.md"],
      ["context-packages-web", "packages/web/CLAUDE.md"],
    ]);
  });
});
