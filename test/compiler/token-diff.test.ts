// forge diff's token side (compiler/review/token-diff.ts): which components and presets it lists, a side without counts
// named, never guessed, and the modes whose tools change.
import { describe, expect, test } from "vitest";
import { compareTokens, type ChangedKeys } from "../../compiler/review/token-diff.js";
import { describeTokenChange, describeToolsChange } from "../../compiler/output/render-token-diff.js";
import type { TokenCounts } from "../../generated/types.js";

const none = { added: [], removed: [], changed: [] };
const changes = (over: Partial<ChangedKeys> = {}): ChangedKeys => ({ modes: none, rules: none, presets: none, affectedPresets: [], ...over });
const preset = (alwaysOn: number, blocks: Record<string, number> = {}) => ({
  alwaysOn,
  parts: [{ kind: "overlay" as const, key: "m", tokens: alwaysOn }],
  blocks,
});
const counts = (modes: Record<string, number>, presets: TokenCounts["presets"], rules?: Record<string, number>): TokenCounts => ({
  tokenizer: "o200k_base",
  modes,
  presets,
  ...(rules ? { rules } : {}),
});

describe("compareTokens", () => {
  test("a changed mode, an added one, a changed block and every preset whose always-on count moved", () => {
    const a = counts({ m: 10, gone: 4 }, { p: preset(30, { b: 5 }), q: preset(12) });
    const b = counts({ m: 14, extra: 6 }, { p: preset(34, { b: 9 }), q: preset(12) });
    const t = compareTokens(
      a,
      b,
      changes({ modes: { added: [{ key: "extra" }], removed: [{ key: "gone" }], changed: [{ key: "m" }] }, affectedPresets: [{ preset: "q" }] }),
    );
    expect(t.uncounted).toEqual([]);
    expect(t.components).toEqual([
      { kind: "mode", key: "extra", preset: null, from: null, to: 6, delta: 6 },
      { kind: "mode", key: "gone", preset: null, from: 4, to: null, delta: -4 },
      { kind: "mode", key: "m", preset: null, from: 10, to: 14, delta: 4 },
      { kind: "block", key: "b", preset: "p", from: 5, to: 9, delta: 4 },
    ]);
    // q is affected but costs the same: listed with ±0; p moved though no change list names it.
    expect(t.presets).toEqual([
      { kind: "preset", key: "p", preset: null, from: 30, to: 34, delta: 4 },
      { kind: "preset", key: "q", preset: null, from: 12, to: 12, delta: 0 },
    ]);
    expect(t.components.map((c) => describeTokenChange(c, t.uncounted))).toEqual([
      "mode extra: +6 tokens (added)",
      "mode gone: -4 tokens (removed)",
      "mode m: +4 tokens (10 -> 14)",
      "block b of preset p: +4 tokens when it switches on (5 -> 9)",
    ]);
    expect(describeTokenChange(t.presets[1]!, [])).toBe("preset q: ±0 tokens always-on (12 -> 12)");
  });

  test("a mode whose tools change is named with its presets: the declarations lead the prefix, ahead of the counted text", () => {
    const a = counts({ m: 10, n: 3 }, { p: preset(13) });
    const fields = [{ field: "tools", from: null, to: ["read", "grep"] }];
    const t = compareTokens(
      a,
      a,
      changes({
        modes: {
          ...none,
          changed: [
            { key: "m", fields },
            { key: "n", fields: [{ field: "label", from: "N", to: "M" }] },
          ],
        },
        affectedPresets: [{ preset: "p", modes: [{ key: "m" }, { key: "n" }] }],
      }),
    );
    // The text costs the same; only m's tools change.
    expect(t.components.map((c) => [c.key, c.delta])).toEqual([
      ["m", 0],
      ["n", 0],
    ]);
    expect(t.tools).toEqual([{ mode: "m", from: null, to: ["read", "grep"], presets: ["p"] }]);
    expect(describeToolsChange(t.tools[0]!)).toBe(
      "mode m: tools Pi's own -> read, grep: the tool declarations lead the cached prefix, so taking this change rewrites nearly all of it (not in these counts; presets p select it)",
    );
    expect(compareTokens(a, a, changes()).tools).toEqual([]);
  });

  test("a side without counts: the listed changes with a null delta, and the side named", () => {
    const b = counts({ m: 14 }, { p: preset(34) }, { r: 3 });
    const t = compareTokens(undefined, b, changes({ modes: { ...none, changed: [{ key: "m" }] }, affectedPresets: [{ preset: "p" }] }));
    expect(t.uncounted).toEqual(["a"]);
    expect(t.components).toEqual([{ kind: "mode", key: "m", preset: null, from: null, to: 14, delta: null }]);
    expect(t.presets).toEqual([{ kind: "preset", key: "p", preset: null, from: null, to: 34, delta: null }]);
    expect(describeTokenChange(t.presets[0]!, t.uncounted)).toBe("preset p: not counted in A (a bundle built before forge counted tokens)");
  });

  test("one token is singular", () => {
    expect(describeTokenChange({ kind: "rule", key: "r", preset: null, from: 3, to: 2, delta: -1 }, [])).toBe("rule r: -1 token when it switches on (3 -> 2)");
  });

  test("nothing changed: nothing listed", () => {
    const a = counts({ m: 10 }, { p: preset(30, { b: 5 }) }, { r: 2 });
    expect(compareTokens(a, structuredClone(a), changes())).toMatchObject({ components: [], presets: [] });
  });
});
