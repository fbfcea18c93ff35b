// What the built extension (dist/extension.js and the chunks it imports, dist/extension-*.js) may not carry: the
// compiler's libraries and the catalog's documentation (summaries and examples), which stay in the catalog files beside
// the constructors the runtime does use (esbuild drops unused exports).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../../compiler/diagnostics/catalog.js";

const DIST = join(resolve(import.meta.dirname, "../.."), "dist");
const EXTENSION = join(DIST, "extension.js");

describe("dist/extension.js and its chunks", () => {
  const files = existsSync(EXTENSION) ? readdirSync(DIST).filter((f) => /^extension(-.*)?\.js$/.test(f)) : [];
  const text = files.map((f) => readFileSync(join(DIST, f), "utf8")).join("\n");

  it("was built (npm test runs the build first)", () => {
    expect(text.length).toBeGreaterThan(0);
  });

  it("carries the replay codes' messages but no catalog summary", () => {
    expect(text).toContain("update_digest_mismatch");
    expect(text).toContain("its digest is not the sha256 of its contentSnapshot");
    expect(DIAGNOSTIC_CATALOG.filter((e) => text.includes(e.summary)).map((e) => e.code)).toEqual([]);
  });

  it("carries no catalog example", () => {
    expect(text).not.toContain("Keeps notes of decisions.");
    expect(text).not.toContain("free text");
  });
});
