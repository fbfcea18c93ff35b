// Runs every fixture under test/fixtures/compile/ and checks that, with the import fixtures, they cover every diagnostic code.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { emitBundleText } from "../compiler/compile.js";
import { DIAGNOSTIC_CODES } from "../generated/constants.js";
import { DIAGNOSTIC_CATALOG } from "../compiler/diagnostics/catalog.js";
import { validateBundle } from "../generated/runtime-validators.js";
import { verifyBundleText } from "../core/bundle-verify.js";
import { validateBundleStrict } from "../generated/cache-validators.js";
import { compileCase, FIXTURES_DIR, readCaseSpec } from "./compiler/fixture-cases.js";

const IMPORT_FIXTURES_DIR = join(import.meta.dirname, "fixtures", "import");
const REPLAY_FIXTURES_DIR = join(import.meta.dirname, "fixtures", "replay");

const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const cases = readdirSync(FIXTURES_DIR)
  .filter((name) => !name.startsWith("."))
  .sort();

interface ExpectedDiagnostic {
  code: string;
  severity: string;
  message: string;
  file: string | null;
  start: unknown;
  end: unknown;
}

describe("compile fixtures", () => {
  test("there are fixtures", () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  test.each(cases)("%s", (name) => {
    const dir = join(FIXTURES_DIR, name);
    const result = compileCase(dir);
    const bundleFile = join(dir, "bundle.json");
    const diagnosticsFile = join(dir, "diagnostics.json");
    const actualDiagnostics: ExpectedDiagnostic[] = result.diagnostics.map(({ code, severity, message, file, start, end }) => ({
      code,
      severity,
      message,
      file,
      start,
      end,
    }));
    const actualBundle = result.bundle ? emitBundleText(result.bundle) : null;
    if (UPDATE) {
      rmSync(bundleFile, { force: true });
      rmSync(diagnosticsFile, { force: true });
      if (actualBundle !== null) writeFileSync(bundleFile, actualBundle);
      if (actualDiagnostics.length > 0) writeFileSync(diagnosticsFile, JSON.stringify(actualDiagnostics, null, 2) + "\n");
    }
    // A case expects a bundle exactly when bundle.json exists, and diagnostics exactly when diagnostics.json exists.
    expect(actualBundle === null, `bundle ${actualBundle === null ? "missing" : "unexpected"}`).toBe(!existsSync(bundleFile));
    if (actualBundle !== null) {
      expect(actualBundle).toBe(readFileSync(bundleFile, "utf8"));
      expect(validateBundle(JSON.parse(actualBundle)), JSON.stringify(validateBundle.errors)).toBe(true);
      // What the runtime loads: carried library components and inherited modes verify like any other entry.
      expect(verifyBundleText(actualBundle, readCaseSpec(dir).scope ?? "project").problems).toEqual([]);
      // And the build-time fields the runtime's validator skips (lock, extends, library markers) match the schema.
      expect(validateBundleStrict(JSON.parse(actualBundle)), JSON.stringify(validateBundleStrict.errors)).toBe(true);
    }
    const expectedDiagnostics = existsSync(diagnosticsFile) ? (JSON.parse(readFileSync(diagnosticsFile, "utf8")) as ExpectedDiagnostic[]) : [];
    expect(actualDiagnostics).toEqual(expectedDiagnostics);
  });

  test("the fixtures cover every diagnostic code", () => {
    // Compile fixtures cover the compiler's codes, import fixtures (test/import-fixtures.test.ts) the import codes,
    // replay fixtures (test/replay-fixtures.test.ts) the runtime's.
    const covered = new Set<string>();
    const diagnosticsFiles = [
      ...cases.map((name) => join(FIXTURES_DIR, name, "diagnostics.json")),
      ...[IMPORT_FIXTURES_DIR, REPLAY_FIXTURES_DIR].flatMap((dir) =>
        readdirSync(dir)
          .filter((name) => !name.startsWith("."))
          .map((name) => join(dir, name, "diagnostics.json")),
      ),
    ];
    for (const file of diagnosticsFiles) {
      if (!existsSync(file)) continue;
      for (const d of JSON.parse(readFileSync(file, "utf8")) as ExpectedDiagnostic[]) covered.add(d.code);
    }
    // The runtime's composition, load and team-policy load codes, forge export's and forge test's have no fixture folder:
    // their catalog examples are run by test/diagnostic-examples.test.ts, which checks every code's example (export's also
    // by test/compiler/export-targets.test.ts, the load codes' by test/runtime/load-bundle.test.ts, the policy's by
    // test/runtime/team-policy.test.ts and the e2e, forge test's by test/prompt-tests/test-files.test.ts).
    const noFolder = new Set(["compose", "export", "load", "policy", "test"]);
    for (const entry of DIAGNOSTIC_CATALOG) if (noFolder.has(entry.example.kind)) covered.add(entry.code);
    const missing = [...DIAGNOSTIC_CODES].filter((code) => !covered.has(code));
    expect(missing).toEqual([]);
    // And every code a fixture produces is in the catalog (no ad-hoc codes).
    const catalog = new Set<string>(DIAGNOSTIC_CODES);
    expect([...covered].filter((c) => !catalog.has(c))).toEqual([]);
  });
});
