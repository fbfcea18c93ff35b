// Static composition checks: the seed's rules for one candidate selection, reported and never fixed.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkSelection, judgeContracts, type ContractComponent } from "../../core/contracts.js";

const c = (key: string, contracts: Partial<Omit<ContractComponent, "key">> = {}): ContractComponent => ({
  key,
  requires: [],
  conflictsWith: [],
  before: [],
  after: [],
  ...contracts,
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
    expect(checkSelection(null, [c("a", { after: ["b"] }), c("b")])).toEqual([
      { kind: "order", at: "a", first: "b", second: "a", declaredBy: "a", via: "after" },
    ]);
    // An order contract naming an unselected overlay, or the base, does not apply.
    expect(checkSelection(c("base"), [c("a", { before: ["base", "zzz"], after: ["base"] })])).toEqual([]);
  });

  test("a mutual before/after declaration of the same order is reported once", () => {
    expect(checkSelection(null, [c("b", { after: ["a"] }), c("a", { before: ["b"] })])).toHaveLength(1);
  });
});

describe("judgeContracts and checkSelection", () => {
  test("a candidate has violations exactly when some declared contract is judged violated", () => {
    const keys = ["a", "b", "c", "d", "e"];
    const list = fc.subarray(keys, { maxLength: 3 });
    const contracts = fc.record({ requires: list, conflictsWith: list, before: list, after: list });
    fc.assert(
      fc.property(fc.tuple(...keys.map(() => contracts)), fc.shuffledSubarray(keys), fc.boolean(), (declared, picked, withBase) => {
        const component = (k: string) => ({ key: k, ...declared[keys.indexOf(k)]! });
        const base = withBase && picked.length > 0 ? component(picked[0]!) : null;
        const overlays = (base === null ? picked : picked.slice(1)).map(component);
        const violated = judgeContracts(base, overlays).filter((j) => j.status === "violated");
        expect(checkSelection(base, overlays).length > 0).toBe(violated.length > 0);
        // Every violation reported is one of the judged contracts.
        for (const v of checkSelection(base, overlays)) expect(violated.some((j) => j.declaredBy === v.at)).toBe(true);
      }),
    );
  });
});
