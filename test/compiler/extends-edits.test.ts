// extends and edit limits: a child that sets no edits takes its parent's compiled limit (own, library or built-in parent).
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import type { ForgeBundle, Mode } from "../../generated/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const SOURCES: Record<string, string> = {
  "modes/docs.yaml": "label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: Write docs.\nedits:\n  allow: [docs/**]\n  deny: [docs/generated/**]\n",
  "modes/docs-strict.yaml": "extends: docs\nprompt: Short sentences.\n",
  "modes/docs-stricter.yaml": "extends: docs-strict\nlabel: Stricter\n",
  "modes/readme-only.yaml": "extends: docs\nedits:\n  allow: [README.md]\n",
};

function build(sources: Record<string, string>, builtinModes?: Record<string, Mode>): ForgeBundle {
  const result = compile(treeOf(sources), { ...FIXED_OPTIONS, ...(builtinModes ? { layersBeneath: [{ name: null, modes: builtinModes, presets: {} }] } : {}) });
  expect(result.diagnostics).toEqual([]);
  return result.bundle!;
}

const globs = (m: Mode | undefined) => ({ allow: m?.edits?.allow?.map((p) => p.source) ?? null, deny: m?.edits?.deny.map((p) => p.source) ?? null });

describe("extends and edits", () => {
  test("a child without edits is limited like its parent, down the chain; a child's own edits replace the parent's", () => {
    const b = build(SOURCES);
    expect(globs(b.modes["docs-strict"])).toEqual({ allow: ["docs/**"], deny: ["docs/generated/**"] });
    expect(b.modes["docs-strict"]!.edits).toEqual(b.modes.docs!.edits);
    expect(globs(b.modes["docs-stricter"])).toEqual({ allow: ["docs/**"], deny: ["docs/generated/**"] });
    expect(globs(b.modes["readme-only"])).toEqual({ allow: ["README.md"], deny: [] });
  });

  test("a parent's limit change changes exactly the children that inherit it", () => {
    const before = build(SOURCES);
    const after = build({ ...SOURCES, "modes/docs.yaml": SOURCES["modes/docs.yaml"]!.replace("docs/generated/**", "docs/api/**") });
    expect(globs(after.modes["docs-stricter"]).deny).toEqual(["docs/api/**"]);
    expect(globs(after.modes["readme-only"]).deny).toEqual([]);
    const changed = Object.keys(before.modes)
      .filter((k) => before.modes[k]!.digest !== after.modes[k]!.digest)
      .sort();
    // readme-only's own limit is unchanged, yet its parent's digest moved (extendsDigest is hashed).
    expect(changed).toEqual(["docs", "docs-strict", "docs-stricter", "readme-only"]);
  });

  test("a built-in (or library) parent's compiled limit is inherited as it is", () => {
    const parent = build({ "modes/docs.yaml": SOURCES["modes/docs.yaml"]! }).modes.docs!;
    const b = build({ "modes/my-docs.yaml": "extends: docs\nprompt: Mine.\n", "modes/any.yaml": "extends: docs\nedits: { deny: [.env] }\n" }, { docs: parent });
    expect(b.modes["my-docs"]!.edits).toEqual(parent.edits);
    expect(b.modes["my-docs"]).toMatchObject({ extends: "docs", extendsDigest: parent.digest });
    expect(globs(b.modes.any)).toEqual({ allow: null, deny: [".env"] });
  });

  test("a parent without a limit leaves the child without one (bundles without limits keep their digests)", () => {
    const b = build({ "modes/plain.yaml": "label: P\ndescription: P.\nstrategy: append\nprompt: P.\n", "modes/child.yaml": "extends: plain\n" });
    expect(Object.hasOwn(b.modes.child!, "edits")).toBe(false);
  });
});
