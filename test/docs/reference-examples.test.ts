// The examples on the source-format reference page are real: every committed source they come from is valid against
// its schema, examples/reference builds exactly its committed bundle and its prompt tests pass, and every field of a
// source format has an example (a field nothing shows yet is named, to add to examples/reference/).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateForgeConfig, validateModeSource, validatePresetSource, validateRuleSource } from "../../generated/source-validators.js";
import { validateTestSource } from "../../generated/transfer-validators.js";
import { loadSchemas, describeSchemaFile, joinPath } from "../../scripts/docs/schema-walk.js";
import { exampleAt, loadExampleDocs } from "../../scripts/docs/source-examples.js";
import { assertBuilt, removeTempDirs, runCli } from "../cli/helpers.js";

const REPO = join(import.meta.dirname, "..", "..");
const VALIDATORS: Record<string, (value: unknown) => boolean> = {
  "mode.schema.json": validateModeSource,
  "preset.schema.json": validatePresetSource,
  "rule.schema.json": validateRuleSource,
  "forge-config.schema.json": validateForgeConfig,
  "test.schema.json": validateTestSource,
};

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("the source-format examples", () => {
  const docs = loadExampleDocs(REPO);

  it("come from sources that are valid against their schemas", () => {
    expect(docs.length).toBeGreaterThan(20);
    for (const doc of docs) expect(VALIDATORS[doc.schema]!(doc.value), doc.file).toBe(true);
  });

  it("include examples/reference, which builds exactly its committed bundle and passes its own prompt tests", () => {
    const root = join(REPO, "examples", "reference");
    const check = runCli(["build", "--check"], root);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const tests = runCli(["test"], root);
    expect(tests.code, tests.stdout + tests.stderr).toBe(0);
  });

  it("cover every field of every source format", () => {
    const schemas = loadSchemas(join(REPO, "schema"));
    const missing: string[] = [];
    for (const file of Object.keys(VALIDATORS)) {
      for (const section of describeSchemaFile(schemas, file)) {
        for (const row of section.rows) {
          const path = joinPath(section.reachedAt.path, row.path);
          if (exampleAt(docs, section.reachedAt.file, path) === undefined) missing.push(`${section.reachedAt.file}: ${path}`);
        }
      }
    }
    expect(missing, "add these fields to a source under examples/reference/").toEqual([]);
  });
});
