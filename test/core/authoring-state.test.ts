// Authoring and state: the remainder after deleting an active mode (pins kept), and what a rebuilt bundle may differ in
// for forge's 0.73.1 trust to follow an edit made inside Pi.
import { describe, expect, it } from "vitest";
import { changedOnly, unauthoredChanges } from "../../core/authored-change.js";
import { computeBundleHash, digestComponent } from "../../core/digest.js";
import type { ForgeBundle } from "../../generated/types.js";
import { buildCatalog } from "../../core/component-catalog.js";
import { isActiveIn, remainderViolations, selectionWithout } from "../../core/selection-remainder.js";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { makeBundle } from "../runtime/helpers.js";

const D = (c: string) => c.repeat(64);
const state: ForgeModeStateEntry = {
  v: 1,
  base: "exact",
  overlays: [],
  preset: "p",
  driftPolicy: "warn",
  source: "preset",
  activatedAt: "2026-01-01T00:00:00.000Z",
  components: { exact: { digest: D("a"), scope: "project" } },
  bundleHashes: { project: D("f") },
  confirmedExact: D("a"),
};
const overlays: ForgeModeStateEntry = {
  ...state,
  base: "plan",
  overlays: ["tests", "strict", "review"],
  confirmedExact: undefined,
  components: {
    plan: { digest: D("1"), scope: "global" },
    tests: { digest: D("2"), scope: "project" },
    strict: { digest: D("3"), scope: "project" },
    review: { digest: D("4"), scope: "builtin" },
  },
};
delete overlays.confirmedExact;
const catalog = buildCatalog({ global: makeBundle("global", { plan: { strategy: "replace_base" }, tests: {}, strict: { requires: ["tests"] }, review: {} }) });
const now = new Date("2026-11-30T12:00:00.000Z");

describe("the remainder of a deleted active mode", () => {
  it("keeps the other pins as they were, drops the preset, records source delete", () => {
    expect(selectionWithout(overlays, "review", now)).toEqual({
      ...overlays,
      overlays: ["tests", "strict"],
      preset: null,
      source: "delete",
      activatedAt: now.toISOString(),
      components: { plan: overlays.components.plan, tests: overlays.components.tests, strict: overlays.components.strict },
    });
  });

  it("drops the exact confirmation with its base; deleting the last mode leaves an empty (native) selection", () => {
    const entry = selectionWithout(state, "exact", now);
    expect(entry).toMatchObject({ base: null, overlays: [], components: {}, source: "delete" });
    expect(entry).not.toHaveProperty("confirmedExact");
  });

  it("is checked against the contracts of what remains", () => {
    expect(remainderViolations(catalog, overlays, "review")).toEqual([]);
    expect(remainderViolations(catalog, overlays, "tests").join()).toContain('requires "tests"');
  });

  it("is active only when selected and pinned in the scope being deleted from", () => {
    expect(isActiveIn(overlays, "tests", "project")).toBe(true);
    expect(isActiveIn(overlays, "tests", "global")).toBe(false);
    expect(isActiveIn(overlays, "nope", "project")).toBe(false);
    expect(isActiveIn(null, "tests", "project")).toBe(false);
  });
});

describe("changedOnly", () => {
  const before = makeBundle("project", { alpha: { text: "A1" }, beta: { text: "B" } }, { both: { overlays: ["alpha", "beta"] }, solo: { overlays: ["beta"] } });
  const editedAlpha = makeBundle(
    "project",
    { alpha: { text: "A2" }, beta: { text: "B" } },
    { both: { overlays: ["alpha", "beta"] }, solo: { overlays: ["beta"] } },
  );

  it.each([
    ["an edit of the authored mode, re-pinned by the presets using it", before, editedAlpha, { kind: "mode", key: "alpha" }, true],
    ["the same edit claimed for another mode", before, editedAlpha, { kind: "mode", key: "beta" }, false],
    [
      "a new mode",
      before,
      makeBundle("project", { alpha: { text: "A1" }, beta: { text: "B" }, gamma: {} }, { both: { overlays: ["alpha", "beta"] }, solo: { overlays: ["beta"] } }),
      { kind: "mode", key: "gamma" },
      true,
    ],
    [
      "a new mode plus an unrelated change",
      before,
      makeBundle(
        "project",
        { alpha: { text: "A1" }, beta: { text: "B2" }, gamma: {} },
        { both: { overlays: ["alpha", "beta"] }, solo: { overlays: ["beta"] } },
      ),
      { kind: "mode", key: "gamma" },
      false,
    ],
    [
      "a deleted preset",
      before,
      makeBundle("project", { alpha: { text: "A1" }, beta: { text: "B" } }, { both: { overlays: ["alpha", "beta"] } }),
      { kind: "preset", key: "solo" },
      true,
    ],
    [
      "a preset changed beyond the mode's digest",
      before,
      makeBundle("project", { alpha: { text: "A2" }, beta: { text: "B" } }, { both: { overlays: ["beta", "alpha"] }, solo: { overlays: ["beta"] } }),
      { kind: "mode", key: "alpha" },
      false,
    ],
    ["the first bundle holding only the new mode", null, makeBundle("project", { alpha: {} }), { kind: "mode", key: "alpha" }, true],
    ["the first bundle holding other sources too", null, before, { kind: "mode", key: "alpha" }, false],
    ["the first bundle holding the new mode and an unbuilt rule", null, withRule(makeBundle("project", { alpha: {} })), { kind: "mode", key: "alpha" }, false],
    ["an edit of the authored mode plus a new rule", before, withRule(editedAlpha), { kind: "mode", key: "alpha" }, false],
  ] as const)("%s", (_name, previous, next, change, expected) => {
    expect(changedOnly(previous, next, change)).toBe(expected);
  });

  it("names what the author did not write, kind by kind", () => {
    expect(unauthoredChanges(null, withRule(makeBundle("project", { alpha: {} })), { kind: "mode", key: "alpha" })).toEqual(["rules: added inject"]);
    expect(unauthoredChanges(before, withRule(editedAlpha), { kind: "mode", key: "beta" })).toEqual([
      "modes: changed alpha",
      "presets: changed both",
      "rules: added inject",
    ]);
  });
});

/** The bundle with a rule added (as an unbuilt rules/inject.yaml in a clone would add it), digests and hash recomputed. */
function withRule(bundle: ForgeBundle): ForgeBundle {
  const entry = {
    name: "Inject",
    description: "I.",
    when: { paths: [{ kind: "glob" as const, source: "**", regex: "^(?:.*)$" }] },
    content: [{ text: "Obey." }],
    source: "rules/inject.yaml",
  };
  const next = { ...bundle, rules: { inject: { ...entry, digest: digestComponent("rule", "inject", "project", entry) } } } as ForgeBundle;
  return { ...next, bundleHash: computeBundleHash(next) };
}
