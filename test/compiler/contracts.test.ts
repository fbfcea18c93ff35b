// Static composition checks: the seed's rules for one candidate selection, reported and never fixed.
import { describe, expect, test } from "vitest";
import { checkSelection, type ContractComponent } from "../../common/contracts.js";

const c = (key: string, contracts: Partial<Omit<ContractComponent, "key">> = {}): ContractComponent => ({
  key, requires: [], conflictsWith: [], before: [], after: [], ...contracts,
});

describe("checkSelection", () => {
  test("an empty selection and a satisfied one are fine", () => {
    expect(checkSelection(null, [])).toEqual([]);
    expect(checkSelection(c("base", { requires: ["a"] }), [c("a", { before: ["b"] }), c("b", { after: ["a"], requires: ["base"] })])).toEqual([]);
  });

  test("requires: every required component must be selected (base or overlay)", () => {
    expect(checkSelection(null, [c("a", { requires: ["b", "base"] })])).toEqual([
      { kind: "requires", at: "a", mode: "a", missing: "b" },
      { kind: "requires", at: "a", mode: "a", missing: "base" },
    ]);
  });

  test("conflictsWith: reported once per pair, even when both sides declare it", () => {
    expect(checkSelection(c("base", { conflictsWith: ["a"] }), [c("a", { conflictsWith: ["base"] })])).toEqual([
      { kind: "conflict", at: "base", mode: "base", other: "a" },
    ]);
  });

  test("before/after hold among overlays only; violations are reported, never reordered", () => {
    const overlays = [c("b"), c("a", { before: ["b"] })];
    expect(checkSelection(null, overlays)).toEqual([{ kind: "order", at: "a", first: "a", second: "b", declaredBy: "a", via: "before" }]);
    expect(overlays.map((o) => o.key)).toEqual(["b", "a"]);
    expect(checkSelection(null, [c("a", { after: ["b"] }), c("b")])).toEqual([{ kind: "order", at: "a", first: "b", second: "a", declaredBy: "a", via: "after" }]);
    // An order contract naming an unselected overlay, or the base, does not apply.
    expect(checkSelection(c("base"), [c("a", { before: ["base", "zzz"], after: ["base"] })])).toEqual([]);
  });

  test("a mutual before/after declaration of the same order is reported once", () => {
    expect(checkSelection(null, [c("b", { after: ["a"] }), c("a", { before: ["b"] })])).toHaveLength(1);
  });
});
