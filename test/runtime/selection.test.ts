// selection: startup source precedence and contract checks on the exact candidate (refused whole, never auto-fixed).
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../core/component-catalog.js";
import { checkContracts } from "../../core/candidate.js";
import { createStateEntry, resolveRequest, sameSelection, stalePresetModes } from "../../core/selection.js";
import { resolveStartupSelection } from "../../runtime/startup-request.js";
import { makeBundle } from "./helpers.js";

const catalog = buildCatalog({
  builtin: makeBundle(
    "builtin",
    {
      plan: { strategy: "replace_base" },
      exact: { strategy: "replace_final" },
      other: { strategy: "replace_base" },
      review: { requires: ["tests"], before: ["summary"] },
      tests: {},
      summary: { after: ["tests"] },
      fast: { conflictsWith: ["careful"] },
      careful: {},
    },
    { flow: { base: "plan", overlays: ["tests", "review"], driftPolicy: "warn" } },
  ),
});

describe("resolveStartupSelection", () => {
  const flags = { mode: "tests,review", preset: undefined };
  it("PI_MODES wins over PI_MODE and flags", () => {
    const r = resolveStartupSelection({ PI_MODES: '["plan","tests"]', PI_MODE: "other" }, flags);
    expect(r).toEqual({ kind: "request", source: "env", origin: "PI_MODES", request: { kind: "keys", keys: ["plan", "tests"] } });
  });
  it("PI_MODES takes a preset object", () => {
    const r = resolveStartupSelection({ PI_MODES: '{"preset":"flow"}' }, {});
    expect(r.kind === "request" && r.request).toEqual({ kind: "preset", name: "flow" });
  });
  it("invalid PI_MODES is an error naming the variable, even when PI_MODE is set", () => {
    const r = resolveStartupSelection({ PI_MODES: "[plan", PI_MODE: "plan" }, flags);
    expect(r.kind).toBe("error");
    expect(r.kind === "error" && r.error).toContain("PI_MODES is not valid JSON");
    const shape = resolveStartupSelection({ PI_MODES: '{"preset":1}' }, {});
    expect(shape.kind === "error" && shape.error).toContain("PI_MODES must be");
  });
  it("PI_MODE wins over flags", () => {
    const r = resolveStartupSelection({ PI_MODE: "plan" }, flags);
    expect(r.kind === "request" && r.origin).toBe("PI_MODE");
  });
  it("--mode takes a comma list; --preset a name; both is an error", () => {
    expect(resolveStartupSelection({}, flags)).toMatchObject({ source: "flag", request: { kind: "keys", keys: ["tests", "review"] } });
    expect(resolveStartupSelection({}, { preset: "flow" })).toMatchObject({ source: "flag", request: { kind: "preset", name: "flow" } });
    expect(resolveStartupSelection({}, { mode: "a", preset: "b" }).kind).toBe("error");
  });
  it("falls back to replay when nothing is given (boolean or empty flags are ignored)", () => {
    expect(resolveStartupSelection({ PI_MODE: " " }, { mode: true }).kind).toBe("replay");
  });
});

describe("contracts", () => {
  const check = (keys: string[]) => resolveRequest(catalog, { kind: "keys", keys });
  it("accepts a valid candidate and splits base from overlays", () => {
    const r = check(["tests", "plan", "review", "summary"]);
    expect(r.ok && r.candidate).toMatchObject({ base: "plan", overlays: ["tests", "review", "summary"], preset: null, driftPolicy: "block" });
  });
  it("refuses two bases", () => {
    const r = check(["plan", "other"]);
    expect(!r.ok && r.error).toContain("at most one base");
  });
  it("refuses a missing requirement instead of adding it", () => {
    const r = check(["review"]);
    expect(!r.ok && r.error).toContain('"review" requires "tests"');
  });
  it("refuses conflicts", () => {
    const r = check(["fast", "careful"]);
    expect(!r.ok && r.error).toContain('"fast" conflicts with "careful"');
  });
  it("refuses a wrong order instead of reordering", () => {
    const r = check(["tests", "summary", "review"]);
    expect(!r.ok && r.error).toContain('"review" must come before "summary"');
    const r2 = check(["summary", "tests"]);
    expect(!r2.ok && r2.error).toContain('"summary" must come after "tests"');
  });
  it("refuses overlays with a replace_final base", () => {
    const r = check(["exact", "tests"]);
    expect(!r.ok && r.error).toContain("replace_final");
  });
  it("refuses unknown keys with a suggestion", () => {
    const r = check(["pla"]);
    expect(!r.ok && r.error).toContain('unknown mode "pla" (did you mean "plan"?)');
  });
  it("takes a preset's candidate and drift policy; an explicit policy wins", () => {
    const r = resolveRequest(catalog, { kind: "preset", name: "flow" });
    expect(r.ok && r.candidate).toMatchObject({ base: "plan", overlays: ["tests", "review"], preset: "flow", driftPolicy: "warn" });
    const r2 = resolveRequest(catalog, { kind: "preset", name: "flow" }, "allow");
    expect(r2.ok && r2.candidate.driftPolicy).toBe("allow");
  });
  it("re-checks at replay: a state whose contracts broke is reported", () => {
    expect(checkContracts(catalog, { base: null, overlays: ["review"] })).toEqual(['"review" requires "tests" to be selected too']);
  });
});

describe("stalePresetModes", () => {
  it("names modes whose digest changed since the preset was compiled (e.g. a newer built-in)", () => {
    const old = makeBundle("builtin", { shared: { text: "v1" } });
    const project = makeBundle("project", {}, { p: { overlays: ["shared"] } }, old.modes as never);
    const fresh = makeBundle("builtin", { shared: { text: "v2" } });
    expect(stalePresetModes(buildCatalog({ builtin: old, project }), "p")).toEqual([]);
    expect(stalePresetModes(buildCatalog({ builtin: fresh, project }), "p")).toEqual(["shared"]);
  });
});

describe("state entries", () => {
  it("pin every component's digest, scope, edit limit and tools (null: none) and every bundleHash", () => {
    const r = resolveRequest(catalog, { kind: "keys", keys: ["plan", "tests"] });
    if (!r.ok) throw new Error(r.error);
    const e = createStateEntry(catalog, r.candidate, { source: "env", now: new Date("2026-01-02T03:04:05Z") });
    expect(e).toEqual({
      v: 1,
      base: "plan",
      overlays: ["tests"],
      preset: null,
      components: {
        plan: {
          digest: catalog.modes.get("plan")!.mode.digest,
          scope: "builtin",
          edits: null,
          tools: catalog.modes.get("plan")!.mode.tools ?? null,
          mcp: null,
        },
        tests: { digest: catalog.modes.get("tests")!.mode.digest, scope: "builtin", edits: null, tools: null, mcp: null },
      },
      bundleHashes: { builtin: catalog.bundleHashes.builtin },
      driftPolicy: "block",
      source: "env",
      activatedAt: "2026-01-02T03:04:05.000Z",
    });
    const later = createStateEntry(catalog, r.candidate, { source: "command", now: new Date() });
    expect(sameSelection(e, later)).toBe(true);
    expect(sameSelection(e, { ...later, driftPolicy: "warn" })).toBe(false);
    expect(sameSelection(null, { ...later, base: null, overlays: [], components: {} })).toBe(true);
  });
});
