// edits.bash: unchecked, the hole a mode accepts: validated by the schema, carried into the bundle's limit (and its
// digest), inherited with the limit, and named by forge explain; without it no warning (bash is off under a limit).
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { explainEditLimits, bashWarnings } from "../../compiler/review/explain-paths.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const mode = (edits: string, extra = "") => `label: M\ndescription: M.\nstrategy: append\nprompt: M.\n${extra}edits:\n${edits}`;

describe("edits.bash", () => {
  test("unchecked is carried into the bundle's limit and its digest; absent, the limit has no bash field", () => {
    const result = compile(
      treeOf({
        "modes/shell.yaml": mode("  allow: [docs/**]\n  bash: unchecked\n"),
        "modes/plain.yaml": mode("  allow: [docs/**]\n"),
        "modes/child.yaml": "extends: shell\nprompt: Child.\n",
        "modes/own.yaml": "extends: shell\nedits:\n  allow: [src/**]\n",
      }),
      FIXED_OPTIONS,
    );
    expect(result.diagnostics).toEqual([]);
    const modes = result.bundle!.modes;
    expect(modes.shell!.edits).toMatchObject({ bash: "unchecked" });
    expect(modes.plain!.edits).not.toHaveProperty("bash");
    expect(modes.shell!.digest).not.toBe(compile(treeOf({ "modes/shell.yaml": mode("  allow: [docs/**]\n") }), FIXED_OPTIONS).bundle!.modes.shell!.digest);
    // Inherited with the limit; a child's own edits decide for themselves.
    expect(modes.child!.edits).toEqual(modes.shell!.edits);
    expect(modes.own!.edits).not.toHaveProperty("bash");
  });

  test("any other value is refused with a coded error", () => {
    const result = compile(treeOf({ "modes/shell.yaml": mode("  allow: [docs/**]\n  bash: allowed\n") }), FIXED_OPTIONS);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([["invalid_value", "/edits/bash"]]);
  });

  test("explain warns only for a limit that declares it while bash may be among the tools", () => {
    const built = compile(
      treeOf({
        "modes/shell.yaml": mode("  allow: [docs/**]\n  bash: unchecked\n"),
        "modes/plain.yaml": mode("  deny: [.env]\n"),
        "modes/no-bash.yaml": mode("  allow: [docs/**]\n  bash: unchecked\n", "tools: [read, edit]\n"),
      }),
      FIXED_OPTIONS,
    ).bundle!;
    const limits = explainEditLimits(
      ["shell", "plain", "no-bash"].map((key) => ({ key, mode: built.modes[key]! })),
      (key) => built.modes[key]!.tools,
    );
    expect(limits.map((l) => [l.mode, l.bashUnchecked])).toEqual([
      ["shell", true],
      ["plain", false],
      ["no-bash", false],
    ]);
    expect(bashWarnings(limits)).toEqual([expect.stringContaining('mode "shell" limits edits, but bash is among its tools (edits.bash: unchecked)')]);
  });
});
