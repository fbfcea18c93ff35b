// Sessions carried over from pi-modes: which entry is pending (table), and what its migration plan is (table).
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../core/component-catalog.js";
import { findPendingLegacy, planLegacyMigration, type LegacySelection } from "../../core/legacy-state.js";
import { MODE_STATE_TYPE, type BranchEntryLike } from "../../core/mode-state-reducer.js";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { makeBundle } from "../runtime/helpers.js";

const D = "a".repeat(64);
const forge = (overlays: string[], extra: Partial<ForgeModeStateEntry> = {}): BranchEntryLike => ({
  type: "custom",
  customType: MODE_STATE_TYPE,
  data: {
    v: 1,
    base: null,
    overlays,
    preset: null,
    components: Object.fromEntries(overlays.map((k) => [k, { digest: D, scope: "global" }])),
    bundleHashes: {},
    driftPolicy: "block",
    source: "command",
    activatedAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  },
});
const custom = (customType: string, data: unknown): BranchEntryLike => ({ type: "custom", customType, data });
const message: BranchEntryLike = { type: "message" };
const v3 = (baseKey: string | null, overlayKeys: string[], extra: Record<string, unknown> = {}) =>
  custom("pi-mode-state.v3", {
    baseKey,
    overlayKeys,
    fingerprints: {},
    driftPolicy: "warn",
    activatedAt: "2026-07-13T10:00:00.000Z",
    source: "selector",
    ...extra,
  });
const withIds = (entries: BranchEntryLike[]) => entries.map((e, i) => ({ ...e, id: `e${i}` }));

describe("findPendingLegacy", () => {
  const cases: Array<[string, BranchEntryLike[], { keys: string[]; index: number; split?: unknown; driftPolicy?: string } | null, string[]]> = [
    ["no pi-modes entry", [message, forge(["review"])], null, []],
    ["MaximeRivest mode-switch", [message, custom("mode-switch", { mode: "review" })], { keys: ["review"], index: 1, split: null, driftPolicy: "block" }, []],
    ["the newest of several wins", [custom("mode-switch", { mode: "a" }), custom("pi-mode-state.v1", { key: "plan" })], { keys: ["plan"], index: 1 }, []],
    ["v1 off (key null) is pending with no keys", [custom("pi-mode-state.v1", { key: null })], { keys: [], index: 0 }, []],
    [
      "v2 base and overlays",
      [custom("pi-mode-state.v2", { baseKey: "plan", overlayKeys: ["review", "tests"] })],
      { keys: ["plan", "review", "tests"], index: 0, split: { base: "plan", overlays: ["review", "tests"] } },
      [],
    ],
    ["v3 keeps its drift policy", [v3(null, ["review"])], { keys: ["review"], index: 0, driftPolicy: "warn" }, []],
    ["a forge entry after it: already migrated (or superseded)", [custom("mode-switch", { mode: "review" }), forge(["tests"])], null, []],
    ["a forge entry before it: still pending", [forge(["tests"]), custom("mode-switch", { mode: "review" })], { keys: ["review"], index: 1 }, []],
    [
      "a malformed forge entry after it does not count",
      [custom("mode-switch", { mode: "review" }), custom(MODE_STATE_TYPE, { v: 9 })],
      { keys: ["review"], index: 0 },
      [],
    ],
    [
      "a malformed entry is skipped with a diagnostic; the older well-formed one stays pending",
      [custom("mode-switch", { mode: "review" }), custom("pi-mode-state.v2", { baseKey: 7, overlayKeys: [] })],
      { keys: ["review"], index: 0 },
      ["legacy_state_malformed"],
    ],
    ["v3 with an unknown drift policy is malformed", [v3(null, ["review"], { driftPolicy: "sometimes" })], null, ["legacy_state_malformed"]],
    ["v1 with a numeric key is malformed", [custom("pi-mode-state.v1", { key: 7 })], null, ["legacy_state_malformed"]],
    ["a mode-switch without its mode is malformed", [custom("mode-switch", { key: "review" })], null, ["legacy_state_malformed"]],
    ["a key longer than 128 characters is malformed", [custom("mode-switch", { mode: "k".repeat(129) })], null, ["legacy_state_malformed"]],
    ["malformed entries older than a forge entry are history: silent", [custom("pi-mode-state.v2", { baseKey: 7 }), forge(["a"])], null, []],
    ["an unknown-looking key is read, not judged here", [custom("mode-switch", { mode: "deep_work" })], { keys: ["deep_work"], index: 0 }, []],
  ];
  it.each(cases)("%s", (_name, entries, expected, codes) => {
    const { legacy, diagnostics } = findPendingLegacy(withIds(entries));
    expect(diagnostics.map((d) => d.code)).toEqual(codes);
    if (expected === null) return expect(legacy).toBeNull();
    expect(legacy).toMatchObject({ keys: expected.keys, ref: { index: expected.index, id: `e${expected.index}` } });
    if (expected.split !== undefined) expect(legacy!.split).toEqual(expected.split);
    if (expected.driftPolicy !== undefined) expect(legacy!.driftPolicy).toBe(expected.driftPolicy);
  });

  it("never throws on exotic data", () => {
    const data = Object.defineProperty({}, "mode", {
      get: () => {
        throw new Error("boom");
      },
      enumerable: true,
    });
    expect(findPendingLegacy([custom("mode-switch", data)]).diagnostics.map((d) => d.code)).toEqual(["legacy_state_malformed"]);
  });
});

describe("planLegacyMigration", () => {
  const catalog = buildCatalog({
    global: makeBundle("global", {
      plan: { strategy: "replace_base" },
      exact: { strategy: "replace_final" },
      review: {},
      tests: {},
      strict: { requires: ["tests"] },
    }),
  });
  const legacy = (keys: string[], split: LegacySelection["split"] = null, driftPolicy: LegacySelection["driftPolicy"] = "block"): LegacySelection => ({
    customType: split ? "pi-mode-state.v2" : "mode-switch",
    ref: { index: 3, id: "e3" },
    keys,
    split,
    driftPolicy,
  });
  const cases: Array<[string, LegacySelection, { kind: string; base?: string | null; overlays?: string[]; driftPolicy?: string; says?: string }]> = [
    ["an off selection needs nothing", legacy([]), { kind: "none" }],
    ["one append key becomes an overlay", legacy(["review"]), { kind: "migrate", base: null, overlays: ["review"], driftPolicy: "block" }],
    ["one replace_base key becomes the base", legacy(["plan"]), { kind: "migrate", base: "plan", overlays: [] }],
    [
      "v2 split kept, with v3's policy",
      legacy(["plan", "tests", "strict"], { base: "plan", overlays: ["tests", "strict"] }, "warn"),
      { kind: "migrate", base: "plan", overlays: ["tests", "strict"], driftPolicy: "warn" },
    ],
    ["an unknown key freezes, named", legacy(["deep_work"]), { kind: "freeze", says: `not in forge's layers: "deep_work"` }],
    ["every unknown key is named", legacy(["review", "x", "y"], { base: null, overlays: ["review", "x", "y"] }), { kind: "freeze", says: `"x", "y"` }],
    ["a broken contract freezes", legacy(["strict"], { base: null, overlays: ["strict"] }), { kind: "freeze", says: "contracts:" }],
    ["a v2 base that forge has as an overlay freezes", legacy(["review"], { base: "review", overlays: [] }), { kind: "freeze", says: "cannot be the base" }],
    ["an exact base with overlays freezes", legacy(["exact", "review"], { base: "exact", overlays: ["review"] }), { kind: "freeze", says: "replace_final" }],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    const plan = planLegacyMigration(catalog, input);
    expect(plan.kind).toBe(expected.kind);
    if (plan.kind === "migrate") {
      expect(plan.candidate).toEqual({ base: expected.base, overlays: expected.overlays, preset: null, driftPolicy: expected.driftPolicy ?? "block" });
      expect(plan.diagnostic).toMatchObject({ code: "legacy_state_migrated", severity: "info", path: "/branch/3" });
    }
    if (plan.kind === "freeze") {
      expect(plan.diagnostic).toMatchObject({ code: "legacy_state_frozen", severity: "warning" });
      expect(plan.diagnostic.message).toContain(expected.says!);
      expect(plan.diagnostic.message).toContain("using Pi's native prompt");
    }
  });
});
