// The per-bundle pattern bound counts what compiling costs (issue 31): a pattern's size, and a fixed cost for compiling
// any expression at all, so that neither a few huge patterns nor hundreds of tiny ones fit (bench/path-patterns.mjs
// measures the worst bundles it allows against the 50 ms a Pi start may spend on them).
import { describe, expect, it } from "vitest";
import type { ForgeBundle, PathPattern } from "../../generated/types.js";
import { bundlePatternProblems, costOf, MAX_PATTERN_COST, PER_PATTERN_COST, patternCosts } from "../../core/pattern-check.js";

const regex = (source: string): PathPattern => ({ kind: "regex", source, regex: source });
const withAllow = (allow: PathPattern[]) =>
  ({ modes: { wide: { edits: { allow, deny: [] } } }, presets: {}, rules: {} }) as unknown as Pick<ForgeBundle, "modes" | "presets" | "rules">;

describe("the pattern bound", () => {
  it("counts a fixed cost per compiled pattern: hundreds of tiny allowRegex entries are over the bound", () => {
    const tiny = Array.from({ length: 400 }, (_, i) => regex(`^s/${i}/x$`));
    expect(costOf(tiny[0]!)).toBe("^s/0/x$".length + PER_PATTERN_COST);
    const problems = bundlePatternProblems(withAllow(tiny));
    expect(problems).toEqual([expect.objectContaining({ kind: "cost" })]);
    // At most MAX_PATTERN_COST / PER_PATTERN_COST compiled patterns fit, however short.
    expect(MAX_PATTERN_COST / PER_PATTERN_COST).toBe(128);
  });

  it("a few ordinary patterns stay far under it, and a string-test glob costs nothing", () => {
    const few = [regex("^src/.*\\.ts$"), { kind: "glob", source: "docs/**", regex: "^docs(?:/[\\s\\S]*)?$" } as PathPattern];
    expect(patternCosts(withAllow(few)).total).toBe("^src/.*\\.ts$".length + PER_PATTERN_COST);
    expect(bundlePatternProblems(withAllow(few))).toEqual([]);
  });
});
