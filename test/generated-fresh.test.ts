// Fails when generated/, or the code list of schema/diagnostic.schema.json, no longer matches what codegen would write
// from schema/ and the diagnostic catalog (run `npm run codegen`).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDiagnosticSchema, renderGenerated } from "../scripts/codegen.mjs";

const GENERATED = join(import.meta.dirname, "..", "generated");

describe("generated/", () => {
  it("is exactly what codegen writes from schema/", async () => {
    const expected = await renderGenerated();
    const onDisk = readdirSync(GENERATED).sort();
    expect(onDisk).toEqual(Object.keys(expected).sort());
    for (const [name, content] of Object.entries(expected)) {
      expect(readFileSync(join(GENERATED, name), "utf8"), `generated/${name} is stale: run npm run codegen`).toBe(content);
    }
  });

  it("schema/diagnostic.schema.json lists exactly the catalog's codes and severities", async () => {
    const file = join(import.meta.dirname, "..", "schema", "diagnostic.schema.json");
    expect(readFileSync(file, "utf8"), "schema/diagnostic.schema.json is stale: run npm run codegen").toBe(await renderDiagnosticSchema());
  });

  it("carries the do-not-edit banner in every file", () => {
    for (const name of readdirSync(GENERATED)) {
      expect(readFileSync(join(GENERATED, name), "utf8").startsWith("// generated, do not edit")).toBe(true);
    }
  });
});
