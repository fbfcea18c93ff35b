// Benches, the demo and the helpers they share with tests run outside the test runner: bench/, scripts/ and test/shared/
// import no vitest and no test support that needs it; a bench imports only source, bench helpers, the demo's kit
// (scripts/demo/: the fake provider, Pi envs, hosts, the RPC client) and test/shared/; scripts/ (the demo) nothing under test/.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SOURCE = ["core/", "io/", "runtime/", "compiler/", "generated/", "dist/", "presets/", "node_modules/"];
const ALLOWED: Record<string, string[]> = {
  bench: ["bench/", "scripts/demo/", "test/shared/", ...SOURCE],
  scripts: ["scripts/", "bench/support/", ...SOURCE],
  "test/shared": ["test/shared/", "scripts/demo/", ...SOURCE],
};

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.(mjs|ts|mts)$/.test(f) && !f.endsWith(".d.mts"))
    .map((f) => join(dir, f));
}

/** Every module a file names: static and dynamic imports, and path literals (tsImport(`../test/shared/${file}`)). */
function specifiers(text: string): string[] {
  const named = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)(["'`])([^"'`]+)\1/g)].map((m) => m[2]!);
  const paths = [...text.matchAll(/(["'`])(\.\.?\/[^"'`$]*)/g)].map((m) => m[2]!);
  return [...named, ...paths];
}

describe.each(Object.keys(ALLOWED))("%s/ runs without the test runner", (dir) => {
  const files = filesUnder(dir);
  it("has files to check", () => expect(files.length).toBeGreaterThan(2));

  it.each(files)("%s imports no vitest and nothing outside source and the helpers its folder may use", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const spec of specifiers(text)) {
      expect(spec, file).not.toMatch(/^vitest(\/|$)/);
      if (!spec.startsWith(".")) continue;
      const target = relative(ROOT, join(ROOT, dirname(file), spec)).replace(/\\/g, "/");
      if (target === "") continue; // the repository root, as a base for paths (REPO_ROOT)
      expect(
        ALLOWED[dir]!.some((prefix) => `${target}/`.startsWith(prefix) || target.startsWith(prefix)),
        `${file} imports ${spec}`,
      ).toBe(true);
    }
  });
});
