// forge explain's token figures (compiler/review/explain-tokens.ts): shares largest first from the bundle's counts,
// and a bundle without counts said so, never estimated in their place.
import { describe, expect, test } from "vitest";
import { explainTokens } from "../../compiler/review/explain-tokens.js";
import type { TokenCounts } from "../../generated/types.js";

const origin = { scope: "project", layer: "/repo" };
const catalog = {
  presets: new Map([["ship", { ...origin, key: "ship", preset: { systemUpdates: [{ id: "freeze" }] } }]]),
  modes: new Map([
    ["focus", origin],
    ["evidence", origin],
  ]),
};
const counts: TokenCounts = {
  tokenizer: "o200k_base",
  modes: { focus: 20, evidence: 60 },
  presets: {
    ship: {
      alwaysOn: 100,
      parts: [
        { kind: "overlay", key: "focus", tokens: 20 },
        { kind: "overlay", key: "evidence", tokens: 60 },
        { kind: "blocks", tokens: 20 },
      ],
      blocks: { freeze: 36 },
    },
  },
};

describe("explainTokens", () => {
  test("a preset: its total, the parts largest first (ties in prompt order) with shares, each block's cost", () => {
    const t = explainTokens(catalog, "ship", ["focus", "evidence"], () => counts);
    expect(t.alwaysOn).toBe(100);
    expect(t.parts.map((p) => [p.what, p.tokens, p.share])).toEqual([
      ["overlay evidence", 60, 60],
      ["overlay focus", 20, 20],
      ["the inventory of blocks", 20, 20],
    ]);
    expect(t.blocks).toEqual([{ id: "freeze", tokens: 36 }]);
    expect(t.missing).toBeNull();
  });

  test("modes without a preset: each mode's count, no inventory", () => {
    const t = explainTokens(catalog, null, ["focus", "evidence"], () => counts);
    expect(t).toMatchObject({ alwaysOn: 80, blocks: [], missing: null });
    expect(t.parts.map((p) => p.what)).toEqual(["mode evidence", "mode focus"]);
  });

  test("a bundle without counts: null figures and the reason, the blocks listed uncounted", () => {
    const t = explainTokens(catalog, "ship", ["focus", "evidence"], () => null);
    expect(t).toMatchObject({ alwaysOn: null, parts: [], blocks: [{ id: "freeze", tokens: null }] });
    expect(t.missing).toBe("its project bundle carries no token counts (built before forge counted tokens): rebuild it with npx --no-install forge build");
  });
});
