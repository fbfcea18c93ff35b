// The built extension is dist/extension.js, with what its commands load on first use beside it (dist/on-demand.js) and
// RE2's and yaml's files (dist/re2.cjs, dist/yaml.cjs; scripts/build.mjs says why); neither carries the other, and it may
// not carry the compiler's libraries nor the catalog's documentation (summaries and examples), which stay in the
// catalog files beside the constructors the runtime does use (esbuild drops unused exports).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOG } from "../../compiler/diagnostics/catalog.js";

const DIST = join(resolve(import.meta.dirname, "../.."), "dist");
const EXTENSION = join(DIST, "extension.js");
const ON_DEMAND = join(DIST, "on-demand.js");
const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
/** The relative specifiers a file imports (statically or with import()). */
const relativeImports = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]*)["'`]/g)].map((m) => m[1]);

describe("dist/extension.js", () => {
  const text = read(EXTENSION);

  it("was built (npm test runs the build first)", () => {
    expect(text.length).toBeGreaterThan(0);
  });

  it("is one file and no chunk: its one import of a file beside it is dist/on-demand.js, with import() on first use", () => {
    expect(readdirSync(DIST).filter((f) => /^extension-.*\.js$/.test(f))).toEqual([]);
    expect(new Set(relativeImports(text))).toEqual(new Set(["./on-demand.js"]));
    expect(text).not.toMatch(/\bfrom\s*["'`]\.{1,2}\//); // no static import of a file beside it
    // Every relative path it names: RE2 (required on the first path pattern), yaml (required where a settings file
    // exists, io/yaml-settings.ts), the built-in bundle (data, verified like any bundle), the CLI (a child process that
    // writes sources), and "./", the leading "./" a glob may have (core/glob-to-re2.ts).
    expect([...new Set([...text.matchAll(/["'`](\.{1,2}\/[^"'`]*)["'`]/g)].map((m) => m[1]))].sort()).toEqual([
      "../dist/cli.js",
      "../presets/bundle.json",
      "./",
      "./on-demand.js",
      "./re2.cjs",
      "./yaml.cjs",
    ]);
  });

  it("leaves the commands' handlers and the tool's body to dist/on-demand.js, which imports nothing beside it", () => {
    const onDemand = read(ON_DEMAND);
    expect(onDemand.length).toBeGreaterThan(0);
    expect(relativeImports(onDemand)).toEqual([]);
    // Texts only those handlers print: /mode's usage, /forge cost's report, the tool's refusal of an unknown argument.
    for (const handlerText of ["open the selector (interactive)", 'only "action" and "id" are accepted', "usage: /forge trust"]) {
      expect(onDemand).toContain(handlerText);
      expect(text).not.toContain(handlerText);
    }
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
