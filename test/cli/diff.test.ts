// forge diff end to end: reformatting, an edited prompt, a removed mode, --json, bad input (exit 2), colors. Git refs:
// diff-git.test.ts.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../compiler/review/diff-report.js";
import { REVIEW_TWICE, build, committedProject, diff, gitEnv } from "./diff-repo.js";
import { MODE_PLAN, PRESET_DAILY, assertBuilt, makeProject, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

/** MODE_PLAN and PRESET_DAILY rewritten: flow vs block, quoting, indentation, key order, comments. Same meaning. */
const PLAN_REFORMATTED = `# planning mode, reformatted
strategy: append      # unchanged
prompt: "Think first. {{> shared}}\\n"
description: >-
  Plan before editing.
label: 'Plan'
`;
const DAILY_REFORMATTED = `overlays:
    - plan
    - review
description: "Plan then review."
`;

interface Case {
  name: string;
  /** Prepares a temp dir and returns it with the `forge diff` arguments to run there. */
  setup: () => { root: string; args: string[] };
  code: number;
  stdout?: string[];
  notStdout?: string[];
  stderr?: string[];
}

const cases: Case[] = [
  {
    name: "whitespace and YAML reformatting only: no semantic change (HEAD vs worktree)",
    setup: () => {
      expect(PLAN_REFORMATTED).not.toBe(MODE_PLAN);
      expect(DAILY_REFORMATTED).not.toBe(PRESET_DAILY);
      const root = committedProject();
      writeTree(root, { ".pi/forge/modes/plan.yaml": PLAN_REFORMATTED, ".pi/forge/presets/daily.yaml": DAILY_REFORMATTED });
      return { root, args: [] };
    },
    code: 0,
    stdout: ["A = HEAD (HEAD:.pi/forge/bundle.json), B = worktree", "forge diff: no semantic change"],
    notStdout: ["mode plan", "preset daily"],
  },
  {
    name: "reformatting outside git: the bundle on disk against the worktree, with a note",
    setup: () => {
      const root = makeTempDir("forge-diff-");
      makeProject(root);
      build(root);
      writeTree(root, { ".pi/forge/modes/plan.yaml": PLAN_REFORMATTED });
      return { root, args: [] };
    },
    code: 0,
    stdout: ["is not in a git work tree: A is the bundle.json on disk", "forge diff: no semantic change"],
  },
  {
    name: "one prompt edited: the -old/+new lines, and the preset using the mode is affected",
    setup: () => {
      const root = committedProject();
      writeTree(root, { ".pi/forge/modes/review.yaml": REVIEW_TWICE });
      return { root, args: [] };
    },
    code: 1,
    stdout: [
      "mode review: changed\n--- HEAD:mode/review\n+++ worktree:mode/review\n@@ -1 +1 @@\n-Review carefully.\n\\ No newline at end of file\n+Review twice.\n",
      "preset daily: affected by mode review (changed)",
      "forge diff: 1 mode changed, 1 preset affected",
    ],
    notStdout: ["mode plan"],
  },
  {
    name: "a field edited: old and new values in the header",
    setup: () => {
      const root = committedProject();
      writeTree(root, {
        ".pi/forge/modes/review.yaml": "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review carefully.\nthinking: high\n",
      });
      return { root, args: [] };
    },
    code: 1,
    stdout: ["mode review: changed (thinking: (none) -> high)"],
  },
  {
    name: "two bundle files: a mode removed that the preset used (the preset stops using it)",
    setup: () => {
      const root = makeTempDir("forge-diff-");
      makeProject(root);
      build(root);
      copyFileSync(join(root, ".pi/forge/bundle.json"), join(root, "old.json"));
      rmSync(join(root, ".pi/forge/modes/review.yaml"));
      writeTree(root, { ".pi/forge/presets/daily.yaml": "description: Plan then review.\noverlays: [plan]\n" });
      build(root);
      copyFileSync(join(root, ".pi/forge/bundle.json"), join(root, "new.json"));
      return { root, args: ["old.json", "new.json"] };
    },
    code: 1,
    stdout: [
      "A = old.json, B = new.json",
      "mode review: removed\n--- old.json:mode/review\n+++ /dev/null\n@@ -1 +0,0 @@\n-Review carefully.\n",
      "preset daily: changed (overlays: [plan, review] -> [plan])\n  affected by mode review (removed)",
      "forge diff: 1 mode removed, 1 preset changed, 1 preset affected",
    ],
  },
  {
    name: "a bundle file against the worktree: a mode removed, the preset switched to another mode",
    setup: () => {
      const root = makeTempDir("forge-diff-");
      makeProject(root);
      build(root);
      copyFileSync(join(root, ".pi/forge/bundle.json"), join(root, "old.json"));
      rmSync(join(root, ".pi/forge/modes/review.yaml"));
      writeTree(root, {
        ".pi/forge/modes/audit.yaml": "label: Audit\ndescription: Audit.\nstrategy: append\nprompt: Audit it.\n",
        ".pi/forge/presets/daily.yaml": "description: Plan then review.\noverlays: [plan, audit]\n",
      });
      return { root, args: ["old.json"] };
    },
    code: 1,
    stdout: [
      "mode review: removed",
      "mode audit: added (append)\n--- /dev/null\n+++ worktree:mode/audit\n@@ -0,0 +1 @@\n+Audit it.\n",
      "preset daily: changed (overlays: [plan, review] -> [plan, audit])\n  affected by mode audit (added), mode review (removed)",
    ],
  },
  {
    name: "a hand-edited bundle whose digests were not updated still shows the change",
    setup: () => {
      const root = makeTempDir("forge-diff-");
      makeProject(root);
      build(root);
      const bundle = JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8"));
      bundle.modes.review.prompt = [{ text: "Review by hand." }];
      writeFileSync(join(root, "edited.json"), JSON.stringify(bundle, null, 2));
      return { root, args: [".pi/forge/bundle.json", "edited.json"] };
    },
    code: 1,
    stdout: [
      "-Review carefully.",
      "+Review by hand.",
      "preset daily: affected by mode review (changed)",
      "note: edited.json: mode review does not match its digest",
    ],
  },
];

describe("forge diff", () => {
  it.each(cases)("$name", ({ setup, code, stdout = [], notStdout = [], stderr = [] }) => {
    const { root, args } = setup();
    const r = diff(args, root);
    expect(r.code, r.stderr + r.stdout).toBe(code);
    for (const s of stdout) expect(r.stdout).toContain(s);
    for (const s of notStdout) expect(r.stdout).not.toContain(s);
    for (const s of stderr) expect(r.stderr).toContain(s);
  });
});

describe("forge diff --json", () => {
  it("prints the documented report shape", () => {
    const root = committedProject();
    writeTree(root, { ".pi/forge/modes/review.yaml": REVIEW_TWICE });
    const r = diff(["--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as DiffReport;
    expect(Object.keys(report)).toEqual([
      "command",
      "a",
      "b",
      "semantic",
      "scope",
      "modes",
      "presets",
      "rules",
      "builtinModes",
      "affectedPresets",
      "affectedModes",
      "libraries",
      "notes",
      "summary",
      "tokens",
    ]);
    expect(report.a).toMatchObject({ spec: "HEAD", kind: "git", label: "HEAD", location: "HEAD:.pi/forge/bundle.json" });
    expect(report.a.bundleHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.b).toMatchObject({ spec: "worktree", kind: "worktree", label: "worktree" });
    expect(report.b.bundleHash).not.toBe(report.a.bundleHash);
    expect(report.semantic).toBe(true);
    expect(report.modes.added).toEqual([]);
    expect(report.modes.removed).toEqual([]);
    expect(report.modes.changed).toHaveLength(1);
    expect(report.modes.changed[0]).toMatchObject({ key: "review", fields: [], promptChanged: true });
    expect(report.modes.changed[0]!.diff).toContain("-Review carefully.\n");
    expect(report.presets.changed.map((p) => [p.key, p.ownChange])).toEqual([["daily", false]]);
    expect(report.affectedPresets).toEqual([{ preset: "daily", modes: [{ key: "review", change: "changed", builtin: false }] }]);
    expect(report.summary).toEqual({
      modesAdded: 0,
      modesRemoved: 0,
      modesChanged: 1,
      presetsAdded: 0,
      presetsRemoved: 0,
      presetsChanged: 0,
      presetsAffected: 1,
      rulesAdded: 0,
      rulesRemoved: 0,
      rulesChanged: 0,
      modesAffected: 0,
      librariesChanged: 0,
    });
  });

  it("says semantic: false and exits 0 when nothing changed", () => {
    const root = committedProject();
    const r = diff(["--json"], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ semantic: false, modes: { added: [], removed: [], changed: [] }, affectedPresets: [], notes: [] });
  });

  it("prints a failure object when the bundles cannot be compared", () => {
    const root = committedProject();
    const r = diff(["nope", "--json"], root);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: "diff", status: "failed", diagnostics: [] });
  });
});

describe("forge diff: cannot compare (exit 2)", () => {
  const bad: Array<{ name: string; files: Record<string, string>; args: string[]; message: string }> = [
    {
      name: "a JSON file that is not a bundle",
      files: { "x.json": '{"hello": 1}\n' },
      args: ["x.json"],
      message: 'x.json is not a forge bundle this forge reads: it has no "format" field',
    },
    { name: "a file that is not JSON", files: { "notes.txt": "just text\n" }, args: ["notes.txt"], message: "notes.txt is not a forge bundle: invalid JSON" },
    {
      name: "a format-1 file that fails the schema",
      files: { "half.json": '{"format": 1, "modes": {}}\n' },
      args: ["half.json"],
      message: "half.json is not a valid forge bundle: does not match schema/bundle.schema.json at /",
    },
    { name: "a directory", files: { "dir/a.txt": "x" }, args: ["dir"], message: "dir is a directory; give the bundle file itself, e.g. dir/bundle.json" },
    { name: "a spec that looks like an option", files: {}, args: ["--", "-x"], message: "'-x' is not a bundle" },
  ];
  it.each(bad)("$name", ({ files, args, message }) => {
    const root = makeTempDir("forge-diff-");
    makeProject(root);
    writeTree(root, files);
    const r = diff(args, root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe("");
  });

  it("sources with errors: their diagnostics, then why", () => {
    const root = committedProject();
    writeTree(root, { ".pi/forge/modes/plan.yaml": "label: Plan\n" });
    const r = diff([], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/modes\/plan\.yaml:1:1 error missing_field/);
    expect(r.stderr).toContain("forge diff: cannot compare: the sources in .pi/forge/ have errors");
  });
});

describe("forge diff colors", () => {
  it("colors removals red and additions green only when color is on", () => {
    const root = committedProject();
    writeTree(root, { ".pi/forge/modes/review.yaml": REVIEW_TWICE });
    const colored = runCli(["diff"], root, gitEnv(root, { FORCE_COLOR: "1" }));
    expect(colored.stdout).toContain("\u001b[31m-Review carefully.");
    expect(colored.stdout).toContain("\u001b[32m+Review twice.");
    const plain = diff([], root);
    expect(plain.stdout).not.toContain("\u001b[");
  });
});
