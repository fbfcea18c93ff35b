// compose: each strategy, each drift policy, missing components, drifted replace_final, replay contracts, the cache.
import { describe, expect, it } from "vitest";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { buildCatalog, type Catalog } from "../../core/component-catalog.js";
import { composeSelection } from "../../core/composition.js";
import { createComposeCache } from "../../runtime/compose-cache.js";
import { renderOverlaySection } from "../../core/composition.js";
import { buildPromptVars } from "../../core/template.js";
import { createStateEntry, resolveRequest, type DriftPolicy } from "../../core/selection.js";
import { makeBundle, type ModeSpec } from "./helpers.js";

const vars = buildPromptVars({ cwd: "/w", now: new Date(2026, 0, 2, 3, 4), model: { provider: "p", id: "m" }, os: "linux", preset: null });

const MODES: Record<string, ModeSpec> = {
  plan: { strategy: "replace_base", label: "Plan", prompt: [{ text: "Plan in " }, { slot: "cwd" }, { text: " as " }, { slot: "mode" }] },
  exact: { strategy: "replace_final", prompt: [{ text: "EXACT " }, { slot: "date" }, { text: " " }, { slot: "time" }] },
  review: { label: "Review", prompt: [{ text: "Review with " }, { slot: "model" }, { text: " on " }, { slot: "os" }] },
  tests: { label: "Tests", text: "Write tests." },
};

function catalogWith(overrides: Record<string, ModeSpec> = {}, drop: string[] = []): Catalog {
  const modes: Record<string, ModeSpec> = { ...MODES, ...overrides };
  for (const k of drop) delete modes[k];
  return buildCatalog({ builtin: makeBundle("builtin", modes) });
}

function pin(catalog: Catalog, keys: string[], driftPolicy: DriftPolicy = "block"): ForgeModeStateEntry {
  const r = resolveRequest(catalog, { kind: "keys", keys }, driftPolicy);
  if (!r.ok) throw new Error(r.error);
  const e = createStateEntry(catalog, r.candidate, { source: "command", now: new Date(0) });
  if (r.candidate.base === "exact") e.confirmedExact = e.components.exact!.digest;
  return e;
}

describe("composeSelection strategies", () => {
  const c = catalogWith();
  it("nothing selected is native without a reason", () => {
    expect(composeSelection(c, { state: null, error: null }, vars)).toEqual({
      composition: { kind: "native", reason: null },
      drift: [],
      fallbackReason: null,
      fallback: null,
    });
  });
  it("append overlays are labelled sections in order, slots rendered", () => {
    const r = composeSelection(c, { state: pin(c, ["review", "tests"]), error: null }, vars);
    expect(r.composition).toEqual({
      kind: "compose",
      base: null,
      overlays: [
        { key: "review", label: "Review", text: renderOverlaySection("Review", "Review with p/m on linux") },
        { key: "tests", label: "Tests", text: renderOverlaySection("Tests", "Write tests.") },
      ],
    });
  });
  it("replace_base renders the base (mode slot = its key)", () => {
    const r = composeSelection(c, { state: pin(c, ["plan", "tests"]), error: null }, vars);
    expect(r.composition.kind === "compose" && r.composition.base).toEqual({ key: "plan", strategy: "replace_base", text: "Plan in /w as plan" });
  });
  it("replace_final returns exact configured text with local date and time", () => {
    const r = composeSelection(c, { state: pin(c, ["exact"]), error: null }, vars);
    expect(r.composition.kind === "compose" && r.composition.base).toEqual({ key: "exact", strategy: "replace_final", text: "EXACT 2026-01-02 03:04" });
  });
  it("an unconfirmed replace_final state falls back to native", () => {
    const s = pin(c, ["exact"]);
    delete s.confirmedExact;
    const r = composeSelection(c, { state: s, error: null }, vars);
    expect(r.composition.kind).toBe("native");
    expect(r.fallbackReason).toContain("not confirmed");
  });
  it("a startup refusal forces native with its reason", () => {
    const r = composeSelection(c, { state: pin(c, ["tests"]), error: "PI_MODES bad" }, vars);
    expect(r).toMatchObject({ composition: { kind: "native", reason: "PI_MODES bad" }, fallbackReason: "PI_MODES bad" });
  });
});

describe("drift", () => {
  const before = catalogWith();
  const state = (keys: string[], policy: DriftPolicy) => ({ state: pin(before, keys, policy), error: null });
  const changed = catalogWith({ tests: { label: "Tests", text: "Write MORE tests." } });
  const missing = catalogWith({}, ["tests"]);

  it("block (default): native with the reason naming the component", () => {
    const r = composeSelection(changed, state(["review", "tests"], "block"), vars);
    expect(r.composition.kind).toBe("native");
    expect(r.fallbackReason).toContain('"tests" changed since activation');
    expect(r.fallbackReason).toContain("/mode reapprove");
    expect(r.drift).toMatchObject([{ key: "tests", kind: "changed", role: "overlay" }]);
  });
  it("warn: composes the current text and reports drift", () => {
    const r = composeSelection(changed, state(["review", "tests"], "warn"), vars);
    expect(r.fallbackReason).toBeNull();
    expect(r.composition.kind === "compose" && r.composition.overlays[1]!.text).toContain("Write MORE tests.");
    expect(r.drift).toHaveLength(1);
  });
  it("allow: composes silently (drift still listed for status)", () => {
    const r = composeSelection(changed, state(["review", "tests"], "allow"), vars);
    expect(r.composition.kind).toBe("compose");
    expect(r.drift[0]!.kind).toBe("changed");
  });
  it("a missing component is drift: blocked, or left out under warn", () => {
    const blocked = composeSelection(missing, state(["review", "tests"], "block"), vars);
    expect(blocked.fallbackReason).toContain('"tests" is no longer offered');
    const warned = composeSelection(missing, state(["review", "tests"], "warn"), vars);
    expect(warned.composition.kind === "compose" && warned.composition.overlays.map((o) => o.key)).toEqual(["review"]);
    expect(warned.drift).toMatchObject([{ key: "tests", kind: "missing" }]);
  });
  it("a drifted replace_final stays blocked under every policy", () => {
    const exactChanged = catalogWith({ exact: { strategy: "replace_final", text: "NEW EXACT" } });
    for (const policy of ["block", "warn", "allow"] as const) {
      const r = composeSelection(exactChanged, state(["exact"], policy), vars);
      expect(r.composition.kind).toBe("native");
      expect(r.fallbackReason).toContain("stays blocked under every policy");
    }
    const gone = composeSelection(catalogWith({}, ["exact"]), state(["exact"], "allow"), vars);
    expect(gone.composition.kind).toBe("native");
  });
  it("a base that changed into replace_final is blocked too", () => {
    const turned = catalogWith({ plan: { strategy: "replace_final", text: "now exact" } });
    const r = composeSelection(turned, state(["plan"], "allow"), vars);
    expect(r.composition.kind).toBe("native");
  });
  it("contracts broken at replay fall back to native", () => {
    const c2 = catalogWith({ review: { label: "Review", text: "r", conflictsWith: ["tests"] } });
    const r = composeSelection(c2, state(["review", "tests"], "allow"), vars);
    expect(r.fallbackReason).toContain('contracts broken at replay: "review" conflicts with "tests"');
  });
});

describe("createComposeCache", () => {
  const c = catalogWith();
  const s = { state: pin(c, ["review", "tests"]), error: null };
  it("returns the same result object for the same catalog, state and vars", () => {
    const compose = createComposeCache();
    const a = compose(c, s, vars);
    expect(compose(c, s, { ...vars })).toBe(a);
  });
  it("recomposes when vars, state or catalog change", () => {
    const compose = createComposeCache();
    const a = compose(c, s, vars);
    const b = compose(c, s, { ...vars, time: "03:05" });
    expect(b).not.toBe(a);
    const d = compose(c, { state: pin(c, ["tests"]), error: null }, { ...vars, time: "03:05" });
    expect(d.composition.kind === "compose" && d.composition.overlays).toHaveLength(1);
    const changed = catalogWith({ tests: { text: "x" } });
    expect(compose(changed, s, vars).fallbackReason).toContain("drift");
  });
});
