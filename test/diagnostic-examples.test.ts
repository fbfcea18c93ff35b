// Every diagnostic code's example (its catalog file in core/diagnostics/catalog/) yields exactly that code: run as
// forge build, forge import or the runtime's replay would meet it, every diagnostic it produces has the example's code
// (an import example may name a code the importer always reports beside it: alsoYields).
import { describe, expect, test } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../compiler/diagnostics/catalog.js";
import { DIAGNOSTIC_CODES } from "../generated/constants.js";
import { runExample } from "./support/run-example.js";

describe("diagnostic examples", () => {
  test("the catalog holds every code, each once", () => {
    expect(DIAGNOSTIC_CATALOG.map((e) => e.code)).toEqual([...DIAGNOSTIC_CODES]);
  });

  test.each(DIAGNOSTIC_CATALOG.map((e) => [e.code, e] as const))("%s", (code, entry) => {
    const diagnostics = runExample(entry.example);
    expect(diagnostics.length, `the example of ${code} yields no diagnostic`).toBeGreaterThan(0);
    const allowed = new Set([code, ...(entry.example.kind === "import" ? (entry.example.alsoYields ?? []) : [])]);
    expect(diagnostics.filter((d) => !allowed.has(d.code)).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    const own = diagnostics.filter((d) => d.code === code);
    expect(own.length, `the example of ${code} does not yield it`).toBeGreaterThan(0);
    expect(own.every((d) => d.severity === entry.severity)).toBe(true);
  });
});
