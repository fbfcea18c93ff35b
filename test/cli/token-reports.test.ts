// Tokens through the real CLI: forge explain's always-on total, shares and block costs, forge diff's token deltas, and
// budgets that fail `forge build --check`. The guide's examples are these outputs (held equal to docs/guides/costs-and-budgets.md).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ForgeBundle } from "../../generated/types.js";
import { REPO, assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const GUIDE = join(REPO, "docs/guides/costs-and-budgets.md");

const SOURCES = {
  ".pi/forge/modes/focus.yaml":
    "label: Focus\ndescription: Stay on the task.\nstrategy: append\nprompt: |\n  Stay on the task in front of you. Do not refactor code you were not asked to touch, and say so when a change\n  outside the task looks necessary instead of making it.\n",
  ".pi/forge/modes/evidence.yaml":
    "label: Evidence\ndescription: Show that it works.\nstrategy: append\nprompt: Before you call a change done, list the commands you ran and their results.\n",
  ".pi/forge/presets/shipping.yaml":
    "description: Focused work that ends with evidence.\noverlays: [focus, evidence]\nbudget: { alwaysOn: 400 }\nsystemUpdates:\n  - id: freeze\n    name: Code freeze\n    description: Only bug fixes.\n    content: We are in a code freeze until the release is cut. Only fix bugs that block the release, and link each fix to its issue in the tracker before you start on it.\n",
  ".pi/forge/rules/db.yaml":
    "name: Database\ndescription: Schema conventions.\nwhen:\n  paths: [src/db/**]\ncontent: Every schema change needs a migration in migrations/, named with the date and a short description.\n",
};

function project(): string {
  const root = makeTempDir("forge-tokens-");
  writeTree(root, SOURCES);
  return root;
}

const bundleOf = (root: string): ForgeBundle => JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8")) as ForgeBundle;
const git = (root: string, ...args: string[]) => execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: root, stdio: "pipe" });

/** Holds the costs-and-budgets guide's example `name` equal to `text` (or rewrites it with FORGE_UPDATE_SCREENS=1). */
function expectReadmeExample(name: string, text: string): void {
  const start = `<!-- cli:${name}:start -->\n\`\`\`text\n`;
  const end = `\`\`\`\n<!-- cli:${name}:end -->`;
  const readme = readFileSync(GUIDE, "utf8");
  const at = readme.indexOf(start);
  const until = readme.indexOf(end, at);
  expect(at, `docs/guides/costs-and-budgets.md has no example "${name}"`).toBeGreaterThanOrEqual(0);
  if (process.env.FORGE_UPDATE_SCREENS === "1") writeFileSync(GUIDE, readme.slice(0, at + start.length) + text + readme.slice(until));
  else expect(readme.slice(at + start.length, until)).toBe(text);
}

/** The lines of `out` from the first that starts with `first` through the end of that paragraph. */
function paragraph(out: string, first: string): string {
  const lines = out.split("\n");
  const from = lines.findIndex((l) => l.startsWith(first));
  expect(from, `no "${first}" in:\n${out}`).toBeGreaterThanOrEqual(0);
  const to = lines.findIndex((l, i) => i > from && l === "");
  return lines.slice(from, to === -1 ? undefined : to).join("\n") + "\n";
}

describe("forge explain: tokens", () => {
  it("shows the always-on total from the bundle, each part's share largest first and each block's cost, and says what is exact", () => {
    const root = project();
    expect(runCli(["build"], root).code).toBe(0);
    const counts = bundleOf(root).tokens!.presets.shipping!;
    const r = runCli(["explain", "shipping", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout).tokens;
    expect(t).toMatchObject({ tokenizer: "o200k_base", alwaysOn: counts.alwaysOn, missing: null, blocks: [{ id: "freeze", tokens: counts.blocks.freeze }] });
    expect(t.exactFor).toContain("o200k");
    expect(t.estimateFor).toContain("Claude");
    expect(t.parts.map((p: { tokens: number }) => p.tokens)).toEqual(counts.parts.map((p) => p.tokens).sort((a, b) => b - a));
    expect(t.parts.map((p: { what: string }) => p.what)).toEqual(
      expect.arrayContaining(["overlay focus", "overlay evidence", "the inventory of blocks", "the inventory of path rules"]),
    );
    for (const p of t.parts) expect(p.share).toBeCloseTo((p.tokens / counts.alwaysOn) * 100, 1);

    const human = runCli(["explain", "shipping"], root).stdout;
    const section = paragraph(human, "tokens (o200k_base");
    expect(section).toContain(`always-on: ${counts.alwaysOn} tokens`);
    expect(section).toContain(`freeze  +${counts.blocks.freeze} tokens`);
    expect(section).toMatch(/an estimate for other families such as Claude/);
    expectReadmeExample("explain-tokens", section);
  });

  it("a mode list without a preset: each mode's tokens, no inventory", () => {
    const root = project();
    const r = runCli(["explain", "--modes", "focus,evidence", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout).tokens;
    expect(t.parts.map((p: { what: string }) => p.what).sort()).toEqual(["mode evidence", "mode focus"]);
    expect(t.alwaysOn).toBe(t.parts[0].tokens + t.parts[1].tokens);
    expect(t.blocks).toEqual([]);
  });
});

describe("forge diff: tokens", () => {
  it("shows the token change of every changed component and every affected preset", () => {
    const root = project();
    expect(runCli(["build"], root).code).toBe(0);
    git(root, "init", "-q");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "a");
    const before = bundleOf(root).tokens!;
    writeTree(root, {
      ".pi/forge/modes/evidence.yaml":
        "label: Evidence\ndescription: Show that it works.\nstrategy: append\nprompt: Before you call a change done, list the commands you ran, their full output and what each one shows about the change.\n",
    });
    expect(runCli(["build"], root).code).toBe(0);
    const after = bundleOf(root).tokens!;
    git(root, "add", "-A");
    git(root, "commit", "-qm", "b");
    const r = runCli(["diff", "HEAD~1", "HEAD", "--json"], root);
    expect(r.code).toBe(1);
    const t = JSON.parse(r.stdout).tokens;
    const delta = after.presets.shipping!.alwaysOn - before.presets.shipping!.alwaysOn;
    expect(delta).toBeGreaterThan(0);
    expect(t.components).toEqual([
      {
        kind: "mode",
        key: "evidence",
        preset: null,
        from: before.modes.evidence,
        to: after.modes.evidence,
        delta: after.modes.evidence! - before.modes.evidence!,
      },
    ]);
    expect(t.presets).toEqual([
      { kind: "preset", key: "shipping", preset: null, from: before.presets.shipping!.alwaysOn, to: after.presets.shipping!.alwaysOn, delta },
    ]);

    const human = runCli(["diff", "HEAD~1", "HEAD"], root).stdout;
    const section = paragraph(human, "tokens (o200k_base");
    expect(section).toContain(`preset shipping: +${delta} tokens always-on (${before.presets.shipping!.alwaysOn} -> ${after.presets.shipping!.alwaysOn})`);
    expectReadmeExample("diff-tokens", section);
  });
});

describe("forge diff: tools", () => {
  it("names a mode whose tools change, and the preset that selects it, beside the token counts that leave them out", () => {
    const root = project();
    expect(runCli(["build"], root).code).toBe(0);
    git(root, "init", "-q");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "a");
    writeTree(root, { ".pi/forge/modes/focus.yaml": `${SOURCES[".pi/forge/modes/focus.yaml"]}tools: [read, grep, find, ls]\n` });
    expect(runCli(["build"], root).code).toBe(0);
    const t = JSON.parse(runCli(["diff", "HEAD", "worktree", "--json"], root).stdout).tokens;
    // (The bundle keeps a tools list sorted.)
    expect(t.tools).toEqual([{ mode: "focus", from: null, to: ["find", "grep", "ls", "read"], presets: ["shipping"] }]);
    // The text is the same: only the tools, which lead the cached prefix, change.
    expect(t.components).toEqual([expect.objectContaining({ kind: "mode", key: "focus", delta: 0 })]);
    const human = paragraph(runCli(["diff", "HEAD", "worktree"], root).stdout, "tokens (o200k_base");
    expect(human).toContain(
      "mode focus: tools Pi's own -> find, grep, ls, read: the tool declarations lead the cached prefix, so taking this change rewrites nearly all of it (not in these counts; presets shipping select it)",
    );
  });
});

describe("budgets", () => {
  it("forge build --check fails on budget_exceeded, naming the largest contributor, though the bundle is fresh", () => {
    const root = project();
    expect(runCli(["build"], root).code).toBe(0);
    const counts = bundleOf(root).tokens!.presets.shipping!;
    const largest = [...counts.parts].sort((a, b) => b.tokens - a.tokens)[0]!;
    // The budget is not part of the bundle: only the budget fails the check.
    writeTree(root, { ".pi/forge/presets/shipping.yaml": SOURCES[".pi/forge/presets/shipping.yaml"].replace("alwaysOn: 400", "alwaysOn: 100") });
    const r = runCli(["build", "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("budget_exceeded");
    expect(r.stderr).toContain(
      `preset "shipping" is ${counts.alwaysOn - 100} tokens over its always-on budget: ${counts.alwaysOn} tokens (o200k_base) against alwaysOn: 100`,
    );
    expect(r.stderr).toMatch(new RegExp(`Largest contributors: [^.]*${largest.tokens} \\(`));
    const json = JSON.parse(runCli(["build", "--check", "--json"], root).stdout);
    expect(json.diagnostics.map((d: { code: string }) => d.code)).toContain("budget_exceeded");
  });

  it("the guide's budget_exceeded example is the budgets fixture's message, as forge build prints it", () => {
    const fixture = JSON.parse(readFileSync(join(REPO, "test/fixtures/compile/budgets/diagnostics.json"), "utf8")) as Array<{
      code: string;
      file: string;
      message: string;
      start: { line: number; column: number };
    }>;
    const d = fixture.find((x) => x.code === "budget_exceeded" && x.file === "presets/shipping.yaml")!;
    expect(readFileSync(GUIDE, "utf8")).toContain(`.pi/forge/${d.file}:${d.start.line}:${d.start.column} error budget_exceeded: ${d.message}\n`);
  });

  it("warns with budget_near past 80% and still builds", () => {
    const root = project();
    expect(runCli(["build"], root).code).toBe(0);
    const alwaysOn = bundleOf(root).tokens!.presets.shipping!.alwaysOn;
    const budget = Math.ceil(alwaysOn / 0.85);
    writeTree(root, { ".pi/forge/presets/shipping.yaml": SOURCES[".pi/forge/presets/shipping.yaml"].replace("alwaysOn: 400", `alwaysOn: ${budget}`) });
    const r = runCli(["build"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr + r.stdout).toContain(`budget_near: preset "shipping" uses ${alwaysOn} of its ${budget}-token always-on budget`);
    expect(runCli(["build", "--check"], root).code).toBe(0);
  });
});
