// compareBundles, table-driven: reformatting, prompt and field edits, removed/added modes, hand edits, built-in modes, updates.
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import type { SemanticDiff } from "../../compiler/review/diff-report.js";
import { EMPTY_BUNDLE, compareBundles, type BundleView } from "../../compiler/review/semantic-diff.js";
import { summaryLine } from "../../compiler/output/render-diff.js";
import type { Scope } from "../../core/digest.js";
import type { ForgeBundle } from "../../generated/types.js";
import { treeOf } from "../compiler/source-tree.js";

type Sources = Record<string, string>;

const PLAN = "label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: |\n  Plan in {{cwd}}.\n  Then wait.\n  Then plan.\n";
const REVIEW = "label: Review\ndescription: Review.\nstrategy: append\nprompt: Review it.\n";
const OTHER = "label: Other\ndescription: Unrelated.\nstrategy: replace_base\nprompt: Other.\n";

const BASE: Sources = {
  "modes/plan.yaml": PLAN,
  "modes/review.yaml": REVIEW,
  "modes/other.yaml": OTHER,
  "presets/daily.yaml": "description: Daily.\noverlays: [review, plan]\n",
  "presets/solo.yaml": "description: Solo.\nbase: other\n",
};

const BUILTIN_V1: Sources = { "modes/minimal.yaml": "label: Minimal\ndescription: Short base.\nstrategy: replace_base\nprompt: Be brief.\n" };
const BUILTIN_V2: Sources = { "modes/minimal.yaml": "label: Minimal\ndescription: Short base.\nstrategy: replace_base\nprompt: Be very brief.\n" };

function build(sources: Sources, options: { builtin?: Sources; forgeVersion?: string; scope?: Scope } = {}): ForgeBundle {
  const builtinModes = options.builtin ? build(options.builtin, { scope: "builtin" }).modes : undefined;
  const result = compile(treeOf(sources), {
    scope: options.scope ?? "project",
    forgeVersion: options.forgeVersion ?? "1.0.0",
    ...(builtinModes ? { layersBeneath: [{ name: null, modes: builtinModes, presets: {} }] } : {}),
  });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.bundle!;
}

const LABELS = { a: "A", b: "B" };

interface Case {
  name: string;
  a: () => BundleView;
  b: () => BundleView;
  semantic: boolean;
  summary?: Partial<SemanticDiff["summary"]>;
  check?: (d: SemanticDiff) => void;
}

const cases: Case[] = [
  {
    name: "the same sources: no change",
    a: () => build(BASE),
    b: () => build(BASE),
    semantic: false,
    check: (d) => {
      expect(d.notes).toEqual([]);
      expect(d.affectedPresets).toEqual([]);
    },
  },
  {
    name: "YAML reformatting only (flow vs block, quoting, key order, comments): no change",
    a: () => build(BASE),
    b: () =>
      build({
        ...BASE,
        "modes/plan.yaml":
          "# the plan mode\nstrategy: append\nprompt: \"Plan in {{cwd}}.\\nThen wait.\\nThen plan.\\n\"\ndescription: 'Plan first.'\nlabel:   Plan\n",
        "presets/daily.yaml": "overlays:\n    - review\n    - plan\ndescription: Daily.   # same\n",
      }),
    semantic: false,
  },
  {
    name: "a source file renamed: a note, no semantic change",
    a: () => build(BASE),
    b: () => {
      const { "modes/review.yaml": review, ...rest } = BASE;
      return build({ ...rest, "modes/review.yml": review! });
    },
    semantic: false,
    check: (d) => expect(d.notes).toEqual(["mode review: source modes/review.yaml -> modes/review.yml (not a semantic change)"]),
  },
  {
    name: "only forgeVersion differs: a note, no semantic change",
    a: () => build(BASE, { forgeVersion: "1.0.0" }),
    b: () => build(BASE, { forgeVersion: "1.1.0" }),
    semantic: false,
    check: (d) => expect(d.notes).toEqual(["forgeVersion 1.0.0 -> 1.1.0 (not a semantic change)"]),
  },
  {
    name: "one prompt edited: the mode changes with a diff, and the presets using it are affected",
    a: () => build(BASE),
    b: () => build({ ...BASE, "modes/plan.yaml": PLAN.replace("Then wait.", "Then stop.") }),
    semantic: true,
    summary: { modesChanged: 1, presetsChanged: 0, presetsAffected: 1 },
    check: (d) => {
      const [plan] = d.modes.changed;
      expect(plan!.key).toBe("plan");
      expect(plan!.fields).toEqual([]);
      expect(plan!.promptChanged).toBe(true);
      expect(plan!.diff).toBe("--- A:mode/plan\n+++ B:mode/plan\n@@ -1,3 +1,3 @@\n Plan in {{cwd}}.\n-Then wait.\n+Then stop.\n Then plan.\n");
      expect(d.affectedPresets).toEqual([{ preset: "daily", modes: [{ key: "plan", change: "changed", builtin: false }] }]);
      // daily's digest changes (it pins plan's digest) but its own definition does not.
      expect(d.presets.changed.map((p) => [p.key, p.ownChange, p.modeDigests.map((m) => m.key)])).toEqual([["daily", false, ["plan"]]]);
    },
  },
  {
    name: "fields changed: strategy, tools, description with old and new values",
    a: () => build(BASE),
    b: () => build({ ...BASE, "modes/other.yaml": "label: Other\ndescription: Still unrelated.\nstrategy: replace_final\nprompt: Other.\ntools: [read]\n" }),
    semantic: true,
    summary: { modesChanged: 1, presetsAffected: 1 },
    check: (d) => {
      expect(d.modes.changed[0]!.fields).toEqual([
        { field: "description", from: "Unrelated.", to: "Still unrelated." },
        { field: "strategy", from: "replace_base", to: "replace_final" },
        { field: "tools", from: null, to: ["read"] },
      ]);
      expect(d.modes.changed[0]!.diff).toBe("");
      expect(d.affectedPresets.map((a) => a.preset)).toEqual(["solo"]);
    },
  },
  {
    name: "a mode removed that a preset used: removed, the preset changed and affected",
    a: () => build(BASE),
    b: () => {
      const { "modes/review.yaml": _review, ...rest } = BASE;
      return build({ ...rest, "presets/daily.yaml": "description: Daily.\noverlays: [plan]\n" });
    },
    semantic: true,
    summary: { modesRemoved: 1, presetsChanged: 1, presetsAffected: 1 },
    check: (d) => {
      expect(d.modes.removed).toEqual([
        { key: "review", strategy: "append", diff: "--- A:mode/review\n+++ /dev/null\n@@ -1 +0,0 @@\n-Review it.\n\\ No newline at end of file\n" },
      ]);
      const daily = d.presets.changed.find((p) => p.key === "daily")!;
      expect(daily.ownChange).toBe(true);
      expect(daily.fields).toEqual([{ field: "overlays", from: ["review", "plan"], to: ["plan"] }]);
      expect(d.affectedPresets).toEqual([{ preset: "daily", modes: [{ key: "review", change: "removed", builtin: false }] }]);
    },
  },
  {
    name: "a preset removed with the only mode it used: both removed, nothing listed as affected",
    a: () => build(BASE),
    b: () => {
      const { "modes/other.yaml": _other, "presets/solo.yaml": _solo, ...rest } = BASE;
      return build(rest);
    },
    semantic: true,
    summary: { modesRemoved: 1, presetsRemoved: 1, presetsChanged: 0, presetsAffected: 0 },
    check: (d) => expect(d.presets.removed).toEqual([{ key: "solo", base: "other", overlays: [] }]),
  },
  {
    name: "a preset switched to a new mode: added mode, both modes name the preset",
    a: () => build(BASE),
    b: () =>
      build({
        ...BASE,
        "modes/check.yaml": "label: Check\ndescription: Check.\nstrategy: append\nprompt: Check it.\n",
        "presets/daily.yaml": "description: Daily.\noverlays: [check, plan]\n",
      }),
    semantic: true,
    summary: { modesAdded: 1, presetsChanged: 1, presetsAffected: 1 },
    check: (d) => {
      expect(d.modes.added.map((m) => [m.key, m.diff])).toEqual([
        ["check", "--- /dev/null\n+++ B:mode/check\n@@ -0,0 +1 @@\n+Check it.\n\\ No newline at end of file\n"],
      ]);
      expect(d.affectedPresets[0]!.modes.map((m) => m.key)).toEqual(["check"]);
    },
  },
  {
    name: "a hand edit that kept the digests: still changed, and the preset is affected though its digest is the same",
    a: () => build(BASE),
    b: () => {
      const bundle = structuredClone(build(BASE));
      bundle.modes.review!.prompt = [{ text: "Review it twice." }];
      return bundle;
    },
    semantic: true,
    summary: { modesChanged: 1, presetsChanged: 0, presetsAffected: 1 },
    check: (d) => {
      const review = d.modes.changed[0]!;
      expect(review.digest.from).toBe(review.digest.to);
      expect(review.diff).toContain("+Review it twice.");
      expect(d.presets.changed).toEqual([]);
      expect(d.affectedPresets.map((a) => a.preset)).toEqual(["daily"]);
    },
  },
  {
    name: "a built-in mode changed: seen through the pinned digests, the preset using it is named",
    a: () => build({ ...BASE, "presets/lean.yaml": "description: Lean.\nbase: minimal\noverlays: [review]\n" }, { builtin: BUILTIN_V1 }),
    b: () => build({ ...BASE, "presets/lean.yaml": "description: Lean.\nbase: minimal\noverlays: [review]\n" }, { builtin: BUILTIN_V2 }),
    semantic: true,
    summary: { modesChanged: 0, presetsChanged: 0, presetsAffected: 1 },
    check: (d) => {
      expect(d.builtinModes.map((m) => m.key)).toEqual(["minimal"]);
      expect(d.affectedPresets).toEqual([{ preset: "lean", modes: [{ key: "minimal", change: "changed", builtin: true }] }]);
    },
  },
  {
    name: "system updates: one added, one with changed content",
    a: () =>
      build({
        ...BASE,
        "presets/solo.yaml":
          "description: Solo.\nbase: other\nsystemUpdates:\n  - id: tests\n    name: Tests\n    description: Run tests.\n    content: Run the tests.\n",
      }),
    b: () =>
      build({
        ...BASE,
        "presets/solo.yaml":
          "description: Solo.\nbase: other\nsystemUpdates:\n  - id: tests\n    name: Tests\n    description: Run tests.\n    content: Run all the tests.\n  - id: lint\n    name: Lint\n    description: Lint.\n    content: Lint it.\n",
      }),
    semantic: true,
    summary: { presetsChanged: 1, presetsAffected: 0 },
    check: (d) => {
      const u = d.presets.changed[0]!.systemUpdates;
      expect(u.added.map((x) => x.id)).toEqual(["lint"]);
      expect(u.changed.map((x) => [x.id, x.contentChanged])).toEqual([["tests", true]]);
      expect(u.changed[0]!.diff).toContain("--- A:preset/solo/update/tests\n+++ B:preset/solo/update/tests\n");
    },
  },
  {
    name: "against an empty bundle (a commit before forge): everything is added",
    a: () => EMPTY_BUNDLE,
    b: () => build(BASE),
    semantic: true,
    summary: { modesAdded: 3, presetsAdded: 2, presetsAffected: 0 },
    check: (d) => expect(d.scope).toBeNull(),
  },
  {
    name: "another scope: every digest differs, the scope is named",
    a: () => build(BASE),
    b: () => build(BASE, { scope: "global" }),
    semantic: true,
    check: (d) => {
      expect(d.scope).toEqual({ from: "project", to: "global" });
      expect(d.modes.changed.every((m) => m.fields.length === 0 && !m.promptChanged)).toBe(true);
    },
  },
  {
    name: "a changed parent names the modes that inherit from it, through a chain",
    a: () => build({ ...BASE, "modes/strict.yaml": "extends: review\nprompt: Strictly.\n", "modes/stricter.yaml": "extends: strict\nprompt: More.\n" }),
    b: () =>
      build({
        ...BASE,
        "modes/review.yaml": REVIEW.replace("Review it.", "Review it twice."),
        "modes/strict.yaml": "extends: review\nprompt: Strictly.\n",
        "modes/stricter.yaml": "extends: strict\nprompt: More.\n",
      }),
    semantic: true,
    summary: { modesChanged: 3, modesAffected: 2 },
    check: (d) => {
      expect(d.affectedModes).toEqual([
        { mode: "strict", chain: ["strict", "review"], change: "changed" },
        { mode: "stricter", chain: ["stricter", "strict"], change: "changed" },
      ]);
      // The summary line counts each of the three modes once, saying how many changed through inheritance.
      expect(summaryLine({ command: "diff", a: SIDE, b: SIDE, ...d })).toBe("forge diff: 3 modes changed (2 through inheritance), 1 preset affected");
    },
  },
  {
    name: "a mode extending a built-in mode is affected when the built-in changes",
    a: () => build({ ...BASE, "modes/short.yaml": "extends: minimal\nprompt: Shorter.\n" }, { builtin: BUILTIN_V1 }),
    b: () => build({ ...BASE, "modes/short.yaml": "extends: minimal\nprompt: Shorter.\n" }, { builtin: BUILTIN_V2 }),
    semantic: true,
    summary: { modesChanged: 1, modesAffected: 1 },
    check: (d) => {
      expect(d.affectedModes).toEqual([{ mode: "short", chain: ["short", "minimal"], change: "outside" }]);
      expect(d.modes.changed[0]!.diff).toContain("+Be very brief.");
    },
  },
  {
    name: "a library upgrade is listed with its version and the components taken from it",
    a: () => ({
      ...build(BASE),
      lock: [{ name: "@acme/x", version: "1.0.0", bundleHash: "a".repeat(64), components: { modes: { review: "1".repeat(64) }, presets: {} } }],
    }),
    b: () => ({
      ...build(BASE),
      lock: [
        { name: "@acme/x", version: "1.1.0", bundleHash: "b".repeat(64), components: { modes: { review: "2".repeat(64), plan: "3".repeat(64) }, presets: {} } },
      ],
    }),
    semantic: true,
    summary: { librariesChanged: 1 },
    check: (d) => {
      expect(d.libraries).toEqual([
        {
          name: "@acme/x",
          change: "changed",
          version: { from: "1.0.0", to: "1.1.0" },
          bundleHash: { from: "a".repeat(64), to: "b".repeat(64) },
          modes: { added: ["plan"], removed: [], changed: ["review"] },
          presets: { added: [], removed: [], changed: [] },
        },
      ]);
    },
  },
];

const SIDE = { spec: "x", kind: "file" as const, label: "x", location: "x", bundleHash: null };

describe("compareBundles", () => {
  it.each(cases)("$name", ({ a, b, semantic, summary, check }) => {
    const d = compareBundles(a(), b(), LABELS);
    expect(d.semantic).toBe(semantic);
    if (!semantic) {
      expect([d.modes, d.presets]).toEqual([
        { added: [], removed: [], changed: [] },
        { added: [], removed: [], changed: [] },
      ]);
    }
    if (summary) expect(d.summary).toMatchObject(summary);
    check?.(d);
  });

  it("is symmetric in what it counts: B against A swaps added and removed", () => {
    const a = build(BASE);
    const { "modes/review.yaml": _review, ...rest } = BASE;
    const b = build({ ...rest, "presets/daily.yaml": "description: Daily.\noverlays: [plan]\n" });
    const forward = compareBundles(a, b, LABELS).summary;
    const backward = compareBundles(b, a, LABELS).summary;
    expect([backward.modesAdded, backward.modesRemoved]).toEqual([forward.modesRemoved, forward.modesAdded]);
  });

  it("names a mode's new MCP server by what it runs, its tools and servers, its read-only hints, and a preset's tool delivery", () => {
    const a = build(BASE);
    const b = build({
      ...BASE,
      "modes/review.yaml": `${REVIEW}tools: [read, "mcp__docs__*"]\nmcpServers:\n  docs:\n    command: npx\n    args: [-y, docs-mcp-server]\nedits:\n  allow: [docs/**]\n  trustReadOnlyHints: true\n`,
      "presets/daily.yaml": "description: Daily.\noverlays: [review, plan]\ntoolDelivery: gate\n",
    });
    const d = compareBundles(a, b, LABELS);
    const fields = Object.fromEntries(d.modes.changed.find((c) => c.key === "review")!.fields.map((f) => [f.field, [f.from, f.to]]));
    expect(fields.tools).toEqual([null, ["mcp__docs__*", "read"]]);
    expect(fields.mcp).toEqual([null, ["docs"]]);
    expect(fields.mcpServers).toEqual([null, ["docs: npx -y docs-mcp-server"]]);
    expect(fields["edits.trustReadOnlyHints"]).toEqual([null, true]);
    expect(d.presets.changed.find((c) => c.key === "daily")!.fields).toContainEqual({ field: "toolDelivery", from: null, to: "gate" });
  });
});
