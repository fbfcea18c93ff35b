// extends and digests: a parent's change reaches exactly its descendants and the presets pinning them.
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import type { ForgeBundle } from "../../generated/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const SOURCES: Record<string, string> = {
  "modes/review.yaml": "label: Review\ndescription: Review.\nstrategy: append\nprompt: Review it.\nthinking: low\n",
  "modes/strict.yaml": "extends: review\nprompt: Strictly.\n",
  "modes/stricter.yaml": "extends: strict\nlabel: Stricter\nprompt: More.\n",
  "modes/other.yaml": "label: Other\ndescription: Unrelated.\nstrategy: append\nprompt: Other.\n",
  "presets/daily.yaml": "description: Daily.\noverlays: [stricter]\n",
  "presets/calm.yaml": "description: Calm.\noverlays: [other]\n",
};

function build(sources: Record<string, string>): ForgeBundle {
  const result = compile(treeOf(sources), FIXED_OPTIONS);
  expect(result.diagnostics).toEqual([]);
  return result.bundle!;
}

const digests = (b: ForgeBundle) => ({
  modes: Object.fromEntries(Object.entries(b.modes).map(([k, m]) => [k, m!.digest])),
  presets: Object.fromEntries(Object.entries(b.presets).map(([k, p]) => [k, p!.digest])),
});

describe("extends digests", () => {
  test("a parent's text change changes its descendants and the presets using them, nothing else", () => {
    const before = digests(build(SOURCES));
    const after = digests(build({ ...SOURCES, "modes/review.yaml": SOURCES["modes/review.yaml"]!.replace("Review it.", "Review it twice.") }));
    const changed = (kind: "modes" | "presets") =>
      Object.keys(before[kind])
        .filter((k) => before[kind][k] !== after[kind][k])
        .sort();
    expect(changed("modes")).toEqual(["review", "strict", "stricter"]);
    expect(changed("presets")).toEqual(["daily"]);
  });

  test("a parent's field change that a child overrides still changes the child (extendsDigest is hashed)", () => {
    const base = build(SOURCES);
    const edited = build({ ...SOURCES, "modes/strict.yaml": "extends: review\nlabel: Strict\nprompt: Strictly.\n" });
    // stricter sets its own label, so its content is the same, yet its parent's digest moved.
    expect(edited.modes.stricter!.label).toBe(base.modes.stricter!.label);
    expect(edited.modes.stricter!.extendsDigest).toBe(edited.modes.strict!.digest);
    expect(edited.modes.stricter!.digest).not.toBe(base.modes.stricter!.digest);
  });

  test("a child's edit leaves its parent alone, and inherited fields and text are resolved in the bundle", () => {
    const base = build(SOURCES);
    const edited = build({ ...SOURCES, "modes/stricter.yaml": "extends: strict\nlabel: Stricter\nprompt: Much more.\n" });
    expect(edited.modes.strict!.digest).toBe(base.modes.strict!.digest);
    expect(base.modes.stricter).toMatchObject({ label: "Stricter", description: "Review.", strategy: "append", thinking: "low", extends: "strict" });
    expect(base.modes.stricter!.prompt).toEqual([{ text: "Review it.\n\nStrictly.\n\nMore." }]);
  });
});
