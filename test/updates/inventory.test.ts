// The compact inventory: one line per block, no bodies, no active flags, nothing from untrusted bundles.
import { describe, expect, it } from "vitest";
import { renderInventory } from "../../runtime/updates/block-inventory.js";
import { block, presetRef } from "../support/update-fixtures.js";

describe("inventory", () => {
  it("lists id, name, one-line description and callable, without the block text", () => {
    const b = { ...block("tdd", { callable: true }), description: "First line.\nSecond line is dropped." };
    const text = renderInventory(presetRef([b, block("strict")]));
    expect(text.split("\n").slice(-2)).toEqual(["- tdd: Block tdd. First line. (callable: yes)", "- strict: Block strict. Does strict things. (callable: no)"]);
    expect(text).toContain("forge_system_update");
    expect(text).not.toContain("Instructions of");
  });

  it("is empty without blocks, without a preset, or for an untrusted project bundle", () => {
    expect(renderInventory(null)).toBe("");
    expect(renderInventory(presetRef([]))).toBe("");
    expect(renderInventory(presetRef([block("tdd")], { scope: "project", trusted: false }))).toBe("");
    expect(renderInventory(presetRef([block("tdd")], { scope: "project", trusted: true }))).toContain("- tdd:");
  });

  it("does not mention the tool when no block is callable", () => {
    const text = renderInventory(presetRef([block("strict")]));
    expect(text).not.toContain("forge_system_update");
    expect(text).toContain("Only the user can activate them.");
  });
});
