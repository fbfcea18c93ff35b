// The human diagnostic output at scale and under hostile input: capped repeats, clipped long lines, control
// characters shown visibly, forged locations quoted, and paths named relative to the current directory.
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { formatDiagnostics } from "../../compiler/output/format-diagnostics.js";
import { showPath, visible } from "../../core/safe-text.js";
import * as codes from "../../compiler/diagnostics/codes.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const HEAD = "label: X\ndescription: d\nstrategy: append\nprompt: hi\n";

describe("formatDiagnostics at scale", () => {
  test("a code repeated in one file is shown 20 times, then counted once after the last one shown", () => {
    const source = HEAD + Array.from({ length: 25 }, (_, i) => `k${i}: v`).join("\n") + "\n";
    const { diagnostics } = compile(treeOf({ "modes/big.yaml": source }), FIXED_OPTIONS);
    expect(diagnostics).toHaveLength(25);
    const text = formatDiagnostics(diagnostics, () => source, { color: false });
    expect(text.match(/ error unknown_field: /g)).toHaveLength(20);
    expect(text).toContain("modes/big.yaml: ... and 5 more unknown_field (use --json for all)");
    expect(text.trimEnd().endsWith("25 errors, 0 warnings, 0 info")).toBe(true);
  });

  test("a long line is clipped to a window around the column, and the caret stays under the error", () => {
    const line = `{"label": "X", "description": "${"d".repeat(9000)}", "strategy": "append", "prompt": "hi", "colour": "blue"}`;
    const { diagnostics } = compile(treeOf({ "modes/wide.json": line + "\n" }), FIXED_OPTIONS);
    const text = formatDiagnostics(diagnostics, () => line, { color: false });
    expect(text).toContain("too_long"); // the description: its frame is clipped at its own column
    const block = text.split("\n\n").find((b) => b.includes("unknown_field"))!;
    const frame = block.split("\n").filter((l) => l.includes(" | "));
    for (const l of frame) expect(l.length).toBeLessThan(140);
    const at = frame.findIndex((l) => l.startsWith(">"));
    const shown = frame[at]!;
    const caret = frame[at + 1]!;
    // The underlined text, read from the clipped line at the caret's column, is the unknown key.
    expect(shown.slice(caret.indexOf("^"), caret.lastIndexOf("^") + 1)).toBe('"colour"');
    expect(shown).toContain("…");
  });
});

describe("formatDiagnostics under hostile names", () => {
  test("control characters in a file name, a key or a message are shown visibly, never sent raw", () => {
    const d = codes.unknownField(atFile("modes/\u001b[31mred.yaml"), "\u001b]0;pwned\u0007", ["label"], null, "label: Plan");
    const text = formatDiagnostics([d], () => undefined, { color: false });
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(text).toContain("\\x1b[31mred.yaml");
    expect(text).toContain("\\x1b]0;pwned\\x07");
  });

  test("a file name that looks like a diagnostic location is quoted, so no line starts like a forged diagnostic", () => {
    const d = codes.utf8Bom(atFile("x.yaml:1:1 error fake_code: forged.yaml"));
    const text = formatDiagnostics([d], () => undefined, { color: false });
    expect(text.startsWith('"x.yaml:1:1 error fake_code: forged.yaml":1:1 warning utf8_bom:')).toBe(true);
    expect(text.split("\n").some((l) => l.startsWith("x.yaml:1:1 error"))).toBe(false);
  });

  test("a newline in a file name cannot start a second line", () => {
    const d = codes.utf8Bom(atFile("a.yaml\nmodes/b.yaml:2:2 error forged: x"));
    const text = formatDiagnostics([d], () => undefined, { color: false });
    expect(text.split("\n")[0]).toBe(
      '"a.yaml\\nmodes/b.yaml:2:2 error forged: x":1:1 warning utf8_bom: file starts with a UTF-8 byte order mark, which is ignored; save it as UTF-8 without BOM.',
    );
  });

  test("visible and showPath leave ordinary text alone", () => {
    expect(visible("Plan café 日本 ✓")).toBe("Plan café 日本 ✓");
    expect(showPath(".pi/forge/modes/plan.yaml")).toBe(".pi/forge/modes/plan.yaml");
    expect(visible("a\u202eb")).toBe("a\\u202eb");
  });
});

describe("formatDiagnostics paths", () => {
  test("files are named through displayPath (the CLI passes paths relative to the current directory)", () => {
    const d = codes.utf8Bom(atFile("modes/plan.yaml"));
    const text = formatDiagnostics([d], () => undefined, { color: false, displayPath: (f) => `.pi/forge/${f}` });
    expect(text.startsWith(".pi/forge/modes/plan.yaml:1:1 warning utf8_bom")).toBe(true);
  });
});
