// The diagnostic catalog, constructors, ordering and the human formatter.
import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../core/diagnostic.js";
import { compile, sortDiagnostics } from "../../compiler/compile.js";
import * as codes from "../../compiler/diagnostics/codes.js";
import * as importCodes from "../../compiler/diagnostics/import-codes.js";
import * as exportCodes from "../../compiler/diagnostics/export-codes.js";
import * as replayCodes from "../../core/diagnostics/replay-codes.js";
import * as composeCodes from "../../core/diagnostics/compose-codes.js";
import * as loadCodes from "../../core/diagnostics/load-codes.js";
import * as policyCodes from "../../core/diagnostics/policy-codes.js";
import * as testCodes from "../../compiler/diagnostics/test-codes.js";
import { DIAGNOSTIC_CATALOG } from "../../compiler/diagnostics/catalog.js";
import { exampleLines } from "../../compiler/diagnostics/docs.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import { DIAGNOSTIC_CODES, DIAGNOSTIC_SEVERITY } from "../../generated/constants.js";
import { formatDiagnostics } from "../../compiler/output/format-diagnostics.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

describe("catalog", () => {
  test("codes are unique snake_case with a summary and an example, exactly the schema's codes", () => {
    const names = DIAGNOSTIC_CATALOG.map((c) => c.code);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...DIAGNOSTIC_CODES].sort());
    for (const info of DIAGNOSTIC_CATALOG) {
      expect(info.code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(info.summary.length).toBeGreaterThan(10);
      expect(exampleLines(info.example).length).toBeGreaterThan(0);
      expect(DIAGNOSTIC_SEVERITY[info.code as keyof typeof DIAGNOSTIC_SEVERITY]).toBe(info.severity);
    }
  });

  test("one constructor per code: as many exported constructors as catalog entries", () => {
    // Each is defined in its catalog file; codes.ts gathers the compiler's, import-codes.ts forge import's, export-codes.ts
    // forge export's, replay-codes.ts, compose-codes.ts and load-codes.ts the runtime's, policy-codes.ts the team policy's,
    // test-codes.ts forge test's.
    const constructors = [
      ...Object.keys(codes),
      ...Object.keys(importCodes),
      ...Object.keys(exportCodes),
      ...Object.keys(replayCodes),
      ...Object.keys(composeCodes),
      ...Object.keys(loadCodes),
      ...Object.keys(policyCodes),
      ...Object.keys(testCodes),
    ];
    const camel = DIAGNOSTIC_CATALOG.map((c) => c.code.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()));
    expect(constructors.sort()).toEqual([...camel].sort());
  });

  test("a constructor's severity comes from the catalog", () => {
    const w = atFile("modes/x.yaml");
    expect(codes.volatileTime(w).severity).toBe("warning");
    expect(codes.dateVariable(w).severity).toBe("info");
    expect(codes.unknownField(w, "promt", ["prompt"], "prompt", "prompt: x")).toMatchObject({
      code: "unknown_field",
      severity: "error",
      file: "modes/x.yaml",
    });
  });
});

describe("sortDiagnostics", () => {
  test("orders by file, line, column, code and drops exact duplicates", () => {
    const at = (file: string | null, line: number, column: number) => ({
      file,
      start: { line, column },
      end: { line, column },
      path: "",
    });
    const ds = [
      codes.volatileTime(at("b.yaml", 1, 1)),
      codes.dateVariable(at("a.yaml", 2, 1)),
      codes.volatileTime(at("a.yaml", 1, 5)),
      codes.dateVariable(at("a.yaml", 1, 5)),
      codes.dateVariable(at("a.yaml", 1, 5)),
      codes.tooManyFiles(5000),
    ];
    expect(sortDiagnostics(ds).map((d) => `${d.file}:${d.start?.line}:${d.start?.column} ${d.code}`)).toEqual([
      "null:undefined:undefined too_many_files",
      "a.yaml:1:5 date_variable",
      "a.yaml:1:5 volatile_time",
      "a.yaml:2:1 date_variable",
      "b.yaml:1:1 volatile_time",
    ]);
  });
});

describe("formatDiagnostics", () => {
  const source = "label: Plan\ndescription: x\nstrategy: append\npromt: You plan.\nthinking: high\n";
  const result = compile(treeOf({ "modes/plan.yaml": source }), FIXED_OPTIONS);
  const get = (file: string) => (file === "modes/plan.yaml" ? source : undefined);

  test("prints location, severity, code, message, a code frame with an underline and a summary", () => {
    const text = formatDiagnostics(result.diagnostics, get, { color: false });
    expect(text).toBe(
      [
        'modes/plan.yaml:4:1 error unknown_field: unknown field "promt"; did you mean "prompt"? allowed: label, description, strategy, prompt, promptFile, requires, conflictsWith, before, after, model, thinking, tools, mcp, mcpServers, edits, extends, extendsPrompt. Example: prompt: "You are in plan mode."',
        "  2 | description: x",
        "  3 | strategy: append",
        "> 4 | promt: You plan.",
        "    | ^^^^^",
        "  5 | thinking: high",
        "  6 | ",
        "",
        "1 error, 0 warnings, 0 info",
        "",
      ].join("\n"),
    );
  });

  test("no color codes unless asked; color uses ANSI styles", () => {
    expect(formatDiagnostics(result.diagnostics, get, { color: false })).not.toContain("\u001b[");
    expect(formatDiagnostics(result.diagnostics, get, { color: true })).toContain("\u001b[");
  });

  test("file-less diagnostics and missing sources print without a frame", () => {
    const ds: Diagnostic[] = [codes.tooManyFiles(5000), codes.utf8Bom(atFile("gone.yaml"))];
    expect(formatDiagnostics(ds, () => undefined, { color: false })).toBe(
      "forge error too_many_files: the forge root holds more than 5000 files; at most 5000 are allowed. Move unrelated files out of .pi/forge/.\n\n" +
        "gone.yaml:1:1 warning utf8_bom: file starts with a UTF-8 byte order mark, which is ignored; save it as UTF-8 without BOM.\n\n" +
        "1 error, 1 warning, 0 info\n",
    );
  });

  test("CRLF sources frame cleanly", () => {
    const crlf = source.replaceAll("\n", "\r\n");
    expect(formatDiagnostics(result.diagnostics, () => crlf, { color: false })).not.toContain("\r");
  });
});

describe("messages", () => {
  test("long candidate lists are cut to stay readable", () => {
    const known = Array.from({ length: 40 }, (_, i) => `mode-${String(i).padStart(2, "0")}`);
    const d = codes.unknownMode(atFile("presets/p.yaml"), "nope", null, known);
    expect(d.message).toContain("mode-11, ... (28 more)");
    expect(d.message).not.toContain("mode-12");
  });
});
