// Determinism and digest properties of compile(): idempotence, purity, reformatting invariance, one-edit locality.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { computeBundleHash, digestComponent } from "../../core/digest.js";
import { compile, emitBundleText } from "../../compiler/compile.js";
import type { SourceTree } from "../../compiler/types.js";
import type { ForgeBundle } from "../../generated/types.js";
import { validateBundle } from "../../generated/runtime-validators.js";
import { FIXED_OPTIONS, FIXTURES_DIR } from "./fixture-cases.js";
import { readSourceTree, treeOf } from "./source-tree.js";

const RICH = join(FIXTURES_DIR, "valid-rich", "input");

function build(tree: SourceTree): ForgeBundle {
  const result = compile(tree, FIXED_OPTIONS);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.bundle!;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const BASE_SOURCES = {
  "modes/plan.yaml": "label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: |\n  Plan in {{cwd}}.\n  Then wait.\nrequires: [review]\n",
  "modes/review.yaml": "label: Review\ndescription: Review.\nstrategy: append\nprompt: Review it.\n",
  "modes/other.yaml": "label: Other\ndescription: Unrelated.\nstrategy: replace_base\nprompt: Other.\n",
  "presets/daily.yaml": "description: Daily.\noverlays: [review, plan]\n",
  "presets/solo.yaml": "description: Solo.\nbase: other\n",
};

describe("determinism", () => {
  test("two compiles of the same tree give the same bytes", () => {
    const a = emitBundleText(build(readSourceTree(RICH)));
    const b = emitBundleText(build(readSourceTree(RICH)));
    expect(a).toBe(b);
  });

  test("compile() does not mutate its input (frozen input, and a structured clone compares equal)", () => {
    const tree = readSourceTree(RICH);
    const before = structuredClone(tree);
    deepFreeze(tree.files);
    deepFreeze(tree.escapingLinks);
    Object.freeze(tree);
    build(tree);
    expect(tree).toEqual(before);
  });

  test("the layers beneath passed in options are not mutated", () => {
    const builtin = build(treeOf({ "modes/base.yaml": "label: B\ndescription: B.\nstrategy: replace_base\nprompt: B.\n" }));
    const modes = deepFreeze(structuredClone(builtin.modes));
    const result = compile(treeOf({ "presets/p.yaml": "description: P.\nbase: base\n" }), {
      ...FIXED_OPTIONS,
      layersBeneath: [{ name: null, modes, presets: {} }],
    });
    expect(result.bundle?.presets.p?.modeDigests).toEqual({ base: builtin.modes.base!.digest });
  });

  test("the same sources in two different absolute directories give identical bytes", () => {
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "forge-det-")));
    try {
      const texts = dirs.map((d, i) => {
        const root = join(d, i === 0 ? "a" : "deeper/and/different", ".pi", "forge");
        cpSync(RICH, root, { recursive: true });
        return emitBundleText(build(readSourceTree(root)));
      });
      expect(texts[0]).toBe(texts[1]);
      expect(texts[0]).not.toContain(dirs[0]!);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  test("reformatting YAML (comments, key order, quoting, indentation, JSON instead of YAML) changes no byte", () => {
    const reformatted = {
      ...BASE_SOURCES,
      "modes/plan.json": JSON.stringify(
        { requires: ["review"], strategy: "append", prompt: "Plan in {{cwd}}.\nThen wait.\n", description: "Plan first.", label: "Plan" },
        null,
        4,
      ),
      "modes/review.yaml": "# a comment\nstrategy: 'append'\nprompt: \"Review it.\"\n\nlabel:    Review   # trailing comment\ndescription: >-\n    Review.\n",
      "presets/daily.yaml": 'overlays:\n    - review\n    - plan\ndescription: "Daily."\n',
    } as Record<string, string>;
    delete reformatted["modes/plan.yaml"];
    const a = build(treeOf(BASE_SOURCES));
    const b = build(treeOf(reformatted));
    // The source path differs (plan.yaml vs plan.json): bookkeeping, so every component digest agrees
    // (bundleHash does cover source paths, per core/digest.ts, so only the renamed file's entry differs).
    for (const key of ["plan", "review", "other"]) expect(b.modes[key]!.digest).toBe(a.modes[key]!.digest);
    for (const key of ["daily", "solo"]) expect(b.presets[key]!.digest).toBe(a.presets[key]!.digest);
    const { source: _s, ...planB } = b.modes.plan!;
    const { source: _t, ...planA } = a.modes.plan!;
    expect(planB).toEqual(planA);
    const sameSources = { ...reformatted, "modes/plan.yaml": BASE_SOURCES["modes/plan.yaml"] } as Record<string, string>;
    delete sameSources["modes/plan.json"];
    expect(emitBundleText(build(treeOf(sameSources)))).toBe(emitBundleText(a));
  });

  test("uniform CRLF sources compile to the same bytes as LF sources", () => {
    const crlf = Object.fromEntries(Object.entries(BASE_SOURCES).map(([k, v]) => [k, v.replaceAll("\n", "\r\n")]));
    expect(emitBundleText(build(treeOf(crlf)))).toBe(emitBundleText(build(treeOf(BASE_SOURCES))));
  });

  test("editing one mode changes that mode's digest, the presets using it, and bundleHash only", () => {
    const a = build(treeOf(BASE_SOURCES));
    const b = build(treeOf({ ...BASE_SOURCES, "modes/review.yaml": BASE_SOURCES["modes/review.yaml"].replace("Review it.", "Review it twice.") }));
    expect(b.modes.review!.digest).not.toBe(a.modes.review!.digest);
    expect(b.modes.plan!.digest).toBe(a.modes.plan!.digest);
    expect(b.modes.other!.digest).toBe(a.modes.other!.digest);
    expect(b.presets.daily!.digest).not.toBe(a.presets.daily!.digest);
    expect(b.presets.daily!.modeDigests.review).toBe(b.modes.review!.digest);
    expect(b.presets.solo!.digest).toBe(a.presets.solo!.digest);
    expect(b.bundleHash).not.toBe(a.bundleHash);
  });

  test("the forge version is outside every hash", () => {
    const a = compile(treeOf(BASE_SOURCES), FIXED_OPTIONS).bundle!;
    const b = compile(treeOf(BASE_SOURCES), { ...FIXED_OPTIONS, forgeVersion: "9.9.9" }).bundle!;
    expect(b.bundleHash).toBe(a.bundleHash);
    expect(b.forgeVersion).toBe("9.9.9");
  });

  test("the scope is inside every digest", () => {
    const a = compile(treeOf(BASE_SOURCES), FIXED_OPTIONS).bundle!;
    const b = compile(treeOf(BASE_SOURCES), { ...FIXED_OPTIONS, scope: "global" }).bundle!;
    expect(b.modes.plan!.digest).not.toBe(a.modes.plan!.digest);
    expect(b.bundleHash).not.toBe(a.bundleHash);
  });

  test("text is NFC-normalized: decomposed and precomposed sources give the same bundle", () => {
    const make = (label: string, prompt: string) =>
      treeOf({ "modes/m.yaml": `label: "${label}"\ndescription: x\nstrategy: append\nprompt: "${prompt}"\n`, "partials/accent.md": "\u0301!" });
    const a = build(make("Cafe\u0301", "Cafe\u0301 / Cafe{{> accent}}"));
    const b = build(make("Caf\u00e9", "Caf\u00e9 / Cafe{{> accent}}"));
    expect(emitBundleText(a)).toBe(emitBundleText(b));
    // The partial starts with a combining mark: normalization runs after merging, so it composes with the "e" before it.
    expect(a.modes.m!.prompt).toEqual([{ text: "Caf\u00e9 / Caf\u00e9!" }]);
    expect(a.modes.m!.label).toBe("Caf\u00e9");
  });
});

describe("bundle contents", () => {
  const bundle = build(readSourceTree(RICH));

  test("validates against the generated bundle validator", () => {
    expect(validateBundle(JSON.parse(emitBundleText(bundle))), JSON.stringify(validateBundle.errors)).toBe(true);
  });

  test("every digest and the bundleHash recompute with core/digest.ts", () => {
    const parsed = JSON.parse(emitBundleText(bundle)) as ForgeBundle;
    for (const [key, mode] of Object.entries(parsed.modes)) expect(digestComponent("mode", key, "project", mode!)).toBe(mode!.digest);
    for (const [key, preset] of Object.entries(parsed.presets)) {
      expect(digestComponent("preset", key, "project", preset!)).toBe(preset!.digest);
      for (const u of preset!.systemUpdates) expect(digestComponent("update", u.id, "project", u)).toBe(u.digest);
      for (const [mode, digest] of Object.entries(preset!.modeDigests)) expect(digest).toBe(parsed.modes[mode]!.digest);
    }
    expect(computeBundleHash(parsed)).toBe(parsed.bundleHash);
  });

  test("carries the generated note, the format, no absolute paths and posix sources", () => {
    const text = emitBundleText(bundle);
    expect(bundle.generated).toBe("by forge build, do not edit");
    expect(bundle.format).toBe(1);
    expect(text).not.toMatch(/\/work\/|\/tmp\/|\\\\/);
    expect(bundle.modes.review!.source).toBe("modes/review.yml");
    expect(text.endsWith("}\n")).toBe(true);
  });

  test("contract lists are sorted and deduplicated; modelCallable defaults to false", () => {
    const b = build(
      treeOf({
        "modes/a.yaml": "label: A\ndescription: A.\nstrategy: append\nprompt: A.\nconflictsWith: [c, b, c]\ntools: [write, read]\n",
        "modes/b.yaml": "label: B\ndescription: B.\nstrategy: append\nprompt: B.\n",
        "modes/c.yaml": "label: C\ndescription: C.\nstrategy: append\nprompt: C.\n",
        "presets/p.yaml": "description: P.\noverlays: [a]\nsystemUpdates:\n  - { id: u, name: U, description: U., content: U. }\n",
      }),
    );
    expect(b.modes.a!.conflictsWith).toEqual(["b", "c"]);
    expect(b.modes.a!.tools).toEqual(["read", "write"]);
    expect(b.modes.b!.requires).toEqual([]);
    expect(b.presets.p!.systemUpdates[0]!.modelCallable).toBe(false);
  });

  test("any error gives a null bundle, and errors in several files are all reported", () => {
    const result = compile(
      treeOf({
        ...BASE_SOURCES,
        "modes/x.yaml": "label: X\ndescription: X.\nstrategy: nope\nprompt: X.\n",
        "modes/y.yaml": 'label: Y\ndescription: Y.\nstrategy: append\nprompt: "{{nope}}"\n',
      }),
      FIXED_OPTIONS,
    );
    expect(result.bundle).toBeNull();
    expect(result.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(["modes/x.yaml invalid_value", "modes/y.yaml unknown_variable"]);
  });

  test("bundle.json at the root is never a source", () => {
    const a = build(treeOf(BASE_SOURCES));
    const b = build(treeOf({ ...BASE_SOURCES, "bundle.json": "not even json" }));
    expect(emitBundleText(b)).toBe(emitBundleText(a));
  });
});
