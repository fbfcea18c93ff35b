// forge diff against git refs: a commit from before forge, HEAD~1 HEAD, a subdirectory project, unknown refs, no repo.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../compiler/review/diff-report.js";
import { REVIEW_TWICE, build, commitAll, diff, initRepo } from "./diff-repo.js";
import { MODE_PLAN, assertBuilt, makeProject, makeTempDir, removeTempDirs, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("forge diff with git refs", () => {
  /** Commit 1: README only (before forge). 2: sources and bundle. 3: review edited and rebuilt. Then plan edited, not rebuilt. */
  function history(sub = ""): { repo: string; root: string; args: string[] } {
    const repo = makeTempDir("forge-diff-git-");
    const root = sub === "" ? repo : join(repo, sub);
    mkdirSync(root, { recursive: true });
    initRepo(repo);
    writeTree(repo, { "README.md": "hello\n" });
    commitAll(repo, "before forge");
    makeProject(root);
    build(root);
    commitAll(repo, "add forge");
    writeTree(root, { ".pi/forge/modes/review.yaml": REVIEW_TWICE });
    build(root);
    commitAll(repo, "review twice");
    writeTree(root, { ".pi/forge/modes/plan.yaml": MODE_PLAN.replace("Think first.", "Think hard.") });
    return { repo, root, args: sub === "" ? [] : ["--root", sub] };
  }

  it("HEAD against the worktree by default, and the same with HEAD given", () => {
    const { repo, args } = history();
    const byDefault = diff(args, repo);
    expect(byDefault.code).toBe(1);
    expect(byDefault.stdout).toContain("-Think first. Keep it short.\n+Think hard. Keep it short.\n");
    expect(byDefault.stdout).toContain("preset daily: affected by mode plan (changed)");
    expect(byDefault.stdout).not.toContain("mode review");
    const explicit = diff(["HEAD", ...args], repo);
    expect(explicit).toEqual(byDefault);
    expect(diff(["HEAD", "worktree", ...args], repo)).toEqual(byDefault);
  });

  it("between two commits (HEAD~1 HEAD), ignoring the worktree edit", () => {
    const { repo, args } = history();
    const r = diff(["HEAD~1", "HEAD", ...args], repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("A = HEAD~1 (HEAD~1:.pi/forge/bundle.json), B = HEAD (HEAD:.pi/forge/bundle.json)");
    expect(r.stdout).toContain("--- HEAD~1:mode/review\n+++ HEAD:mode/review\n@@ -1 +1 @@\n-Review carefully.\n\\ No newline at end of file\n+Review twice.\n");
    expect(r.stdout).not.toContain("mode plan");
    expect(diff(["HEAD", "HEAD", ...args], repo).code).toBe(0);
  });

  it("a project in a subdirectory reads its bundle path relative to the repository top level", () => {
    const { repo, args } = history("packages/app");
    const r = diff(["HEAD~1", "HEAD", ...args, "--json"], repo);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as DiffReport;
    expect(report.a.location).toBe("HEAD~1:packages/app/.pi/forge/bundle.json");
    expect(report.modes.changed.map((m) => m.key)).toEqual(["review"]);
  });

  it("a commit from before forge compares as an empty bundle, with a note", () => {
    const { repo } = history();
    const r = diff(["HEAD~2", "HEAD"], repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("note: HEAD~2 has no .pi/forge/bundle.json; comparing against an empty bundle");
    expect(r.stdout).toContain("mode plan: added");
    expect(r.stdout).toContain("preset daily: added (overlays: [plan, review])");
  });

  it("an unknown ref is exit 2 with a clear message", () => {
    const { repo } = history();
    const r = diff(["no-such-branch"], repo);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("forge diff: cannot compare: 'no-such-branch' is neither a bundle file nor a commit in the git repository");
  });

  it("a ref outside any git work tree is exit 2", () => {
    const root = makeTempDir("forge-diff-");
    makeProject(root);
    const r = diff(["HEAD"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not inside a git work tree");
  });
});
