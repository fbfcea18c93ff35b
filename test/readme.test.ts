// The README shows the two setup commands, and the diagnostic-codes reference it links lists every code with an example.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../compiler/diagnostics/catalog.js";
import { exampleLines } from "../compiler/diagnostics/docs.js";

const README = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
const CODES = readFileSync(join(import.meta.dirname, "..", "docs/reference/diagnostic-codes.md"), "utf8");

describe("README", () => {
  it("links the diagnostic-codes reference, which lists every code with an example", () => {
    expect(README).toContain("(docs/reference/diagnostic-codes.md)");
    for (const { code, example } of DIAGNOSTIC_CATALOG) {
      expect(CODES).toContain(`| [\`${code}\`](#${code}) |`);
      expect(CODES).toContain(`\n## ${code}\n`);
      expect(exampleLines(example).length).toBeGreaterThan(0);
    }
  });

  it("shows the two setup commands", () => {
    expect(README).toContain("npm ci && npm run demo");
    expect(README).toContain("npm test");
  });
});
