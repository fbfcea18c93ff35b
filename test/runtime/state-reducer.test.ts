// state-reducer: folds the active branch only; newest well-formed entry wins; malformed entries are skipped with a diagnostic.
import { describe, expect, it } from "vitest";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { INITIAL_REPLAY, MODE_STATE_TYPE, reduceBranch, stepReplay } from "../../core/mode-state-reducer.js";
import { FakeSession } from "../support/fake-pi.js";

const D = "a".repeat(64);
function state(overlays: string[], extra: Partial<ForgeModeStateEntry> = {}): ForgeModeStateEntry {
  const components: ForgeModeStateEntry["components"] = {};
  for (const k of overlays) components[k] = { digest: D, scope: "builtin" };
  return {
    v: 1,
    base: null,
    overlays,
    preset: null,
    components,
    bundleHashes: {},
    driftPolicy: "block",
    source: "command",
    activatedAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

describe("reduceBranch", () => {
  it("is null for a branch without forge entries", () => {
    const s = new FakeSession();
    s.appendMessage("hi");
    expect(reduceBranch(s.getBranch()).state).toBeNull();
  });

  it("lets the newest well-formed entry win", () => {
    const s = new FakeSession();
    s.appendCustom(MODE_STATE_TYPE, state(["a"]));
    s.appendMessage("x");
    s.appendCustom(MODE_STATE_TYPE, state(["b"]));
    expect(reduceBranch(s.getBranch()).state?.overlays).toEqual(["b"]);
  });

  it("skips malformed entries with a diagnostic and keeps the previous state", () => {
    const s = new FakeSession();
    s.appendCustom(MODE_STATE_TYPE, state(["a"]));
    s.appendCustom(MODE_STATE_TYPE, { v: 2, base: null });
    s.appendCustom(MODE_STATE_TYPE, { ...state(["b"]), overlays: ["Bad Key"] });
    s.appendCustom("other-ext", { v: 1 });
    const r = reduceBranch(s.getBranch());
    expect(r.state?.overlays).toEqual(["a"]);
    expect(r.diagnostics).toHaveLength(2);
    expect(r.diagnostics[0]!.code).toBe("mode_state_malformed");
    expect(r.diagnostics[0]!.message).toContain("e2");
  });

  it("gives two tree branches their own states", () => {
    const s = new FakeSession();
    const root = s.appendMessage("root");
    s.appendCustom(MODE_STATE_TYPE, state(["a"]));
    const leafA = s.appendMessage("on a");
    s.branchFrom(root);
    s.appendCustom(MODE_STATE_TYPE, state(["b"]));
    expect(reduceBranch(s.getBranch()).state?.overlays).toEqual(["b"]);
    s.branchFrom(leafA);
    expect(reduceBranch(s.getBranch()).state?.overlays).toEqual(["a"]);
    s.branchFrom(root);
    expect(reduceBranch(s.getBranch()).state).toBeNull();
  });

  it("steps incrementally: the state after N entries equals the fold of the prefix", () => {
    const s = new FakeSession();
    s.appendCustom(MODE_STATE_TYPE, state(["a"]));
    s.appendMessage("m");
    s.appendCustom(MODE_STATE_TYPE, { broken: true });
    s.appendCustom(MODE_STATE_TYPE, state(["c"]));
    const entries = s.getBranch();
    let acc = INITIAL_REPLAY;
    entries.forEach((entry, i) => {
      acc = stepReplay(acc, entry);
      expect(acc).toEqual(reduceBranch(entries.slice(0, i + 1)));
    });
  });
});
