// The README documents every diagnostic code with an example, and its table matches the catalog.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../compiler/diagnostics/catalog.js";
import { exampleLines, spliceCodesTable } from "../compiler/diagnostics/docs.js";

const README = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");

describe("README", () => {
  it("carries the diagnostic-codes table exactly as generated (run node --import tsx scripts/readme-codes.ts)", () => {
    expect(spliceCodesTable(README)).toBe(README);
  });

  it("lists every code with an example", () => {
    for (const { code, example } of DIAGNOSTIC_CATALOG) {
      expect(README).toContain(`| \`${code}\` |`);
      expect(exampleLines(example).length).toBeGreaterThan(0);
    }
  });

  it("shows the two setup commands", () => {
    expect(README).toContain("npm ci && npm run demo");
    expect(README).toContain("npm test");
  });
});
