// The shipped built-in bundle (presets/bundle.json) is exactly what compiling presets/ gives today.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { readSources } from "../../compiler/io/read-sources.js";
import { REPO } from "./helpers.js";

describe("presets/bundle.json", () => {
  it("is fresh: refresh it with `node dist/cli.js build --builtin`", () => {
    const onDisk = readFileSync(join(REPO, "presets", "bundle.json"), "utf8");
    // forgeVersion is bookkeeping outside every hash: take it from the file, compare everything else byte for byte.
    const { forgeVersion } = JSON.parse(onDisk) as { forgeVersion: string };
    const result = compile(readSources(join(REPO, "presets")), { scope: "builtin", forgeVersion });
    expect(result.diagnostics).toEqual([]);
    expect(result.bundle).not.toBeNull();
    expect(emitBundleText(result.bundle!)).toBe(onDisk);
  });

  it("holds the documented library", () => {
    const bundle = JSON.parse(readFileSync(join(REPO, "presets", "bundle.json"), "utf8"));
    expect(bundle.scope).toBe("builtin");
    for (const key of ["plan", "implement", "review", "explain", "test-first"]) expect(bundle.modes[key]).toBeDefined();
    expect(Object.keys(bundle.presets).length).toBeGreaterThanOrEqual(2);
    expect(bundle.modes.plan.conflictsWith).toContain("implement");
  });
});
