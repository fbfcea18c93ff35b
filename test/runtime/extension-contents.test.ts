// The built extension is one file, dist/extension.js, with RE2 beside it (dist/re2.cjs, scripts/build.mjs says why), and
// may not carry the compiler's libraries nor the catalog's documentation (summaries and examples), which stay in the
// catalog files beside the constructors the runtime does use (esbuild drops unused exports).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../../compiler/diagnostics/catalog.js";

const DIST = join(resolve(import.meta.dirname, "../.."), "dist");
const EXTENSION = join(DIST, "extension.js");

describe("dist/extension.js", () => {
  const text = existsSync(EXTENSION) ? readFileSync(EXTENSION, "utf8") : "";

  it("was built (npm test runs the build first)", () => {
    expect(text.length).toBeGreaterThan(0);
  });

  it("is one file: no chunk beside it, no relative import; RE2's file is the one module it loads from dist/", () => {
    expect(readdirSync(DIST).filter((f) => /^extension-.*\.js$/.test(f))).toEqual([]);
    expect([...text.matchAll(/(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]*)["'`]/g)].map((m) => m[1])).toEqual([]);
    // Every relative path it names: RE2 (required on the first path pattern), yaml (required where a settings file
    // exists, io/yaml-settings.ts), the built-in bundle (data, verified like any bundle), the CLI (a child process that
    // writes sources), and "./", the leading "./" a glob may have (core/glob-to-re2.ts).
    expect([...text.matchAll(/["'`](\.{1,2}\/[^"'`]*)["'`]/g)].map((m) => m[1]).sort()).toEqual([
      "../dist/cli.js",
      "../presets/bundle.json",
      "./",
      "./re2.cjs",
      "./yaml.cjs",
    ]);
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
