// The session model (core/session-state.ts): one fold of the branch equals the reducers it replaces, an incremental
// fold equals the batch one, pins carry edit limits (absent in old entries), and branch settings replay like Pi's.
import { sha256Hex } from "../../core/digest.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSessionContext } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/session-manager.js";
import { latestCompaction } from "../../core/delivery-view.js";
import { MODE_STATE_TYPE, reduceBranch } from "../../core/mode-state-reducer.js";
import { EMPTY_SESSION, reduceSession, type SessionEntry, type SessionState } from "../../core/session-state.js";
import { createApplyEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import type { EditLimit, ForgeModeStateEntry } from "../../generated/types.js";
import { POLICY_ENTRY_TYPE, readPolicyEntry, type PolicyRecord } from "../../core/policy-record.js";

const D = "a".repeat(64);
const now = new Date("2026-12-01T08:00:00Z");
const LIMIT: EditLimit = { allow: [{ kind: "glob", source: "docs/**", regex: "^docs\\/.*$" }], deny: [] };

function state(overlays: string[], pins: Record<string, Partial<ForgeModeStateEntry["components"][string] & object>> = {}): ForgeModeStateEntry {
  const components: ForgeModeStateEntry["components"] = {};
  for (const k of overlays) components[k] = { digest: D, scope: "builtin", ...pins[k] };
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
  };
}

const custom = (customType: string, data: unknown): SessionEntry => ({ type: "custom", customType, data });
const rule = (ruleId: string, path: string) =>
  custom(UPDATE_ENTRY_TYPE, createApplyEvent({ updateId: ruleId, source: "rule", content: `Rule ${ruleId}.`, rule: { ruleId, path, glob: "src/**" }, now }));

/** The parts of a session value that must not depend on how it was folded. */
function view(s: SessionState) {
  return {
    leafId: s.leafId,
    count: s.count,
    selection: { state: s.selection.state, entryId: s.selection.entryId, pins: s.selection.pins, diagnostics: s.selection.diagnostics },
    active: s.updates.active,
    updateDiagnostics: s.updates.diagnostics,
    rules: [...s.appliedRules.values()],
    compaction: s.compaction,
    preferences: s.preferences,
    policy: s.policy,
    delivery: [s.delivery(false), s.delivery(true)],
  };
}

const policyRecord = (version: string): PolicyRecord => ({
  v: 1,
  identity: `user:@acme/team-policy:${version}`,
  policies: [{ origin: "user", name: "@acme/team-policy", version, bundleHash: D }],
  at: "2026-12-01T08:00:00.000Z",
});

const entryArb: fc.Arbitrary<SessionEntry> = fc.oneof(
  fc.constantFrom<string[][]>(["a"], ["b"], ["a", "b"], []).map((o) => custom(MODE_STATE_TYPE, state(o, { a: { edits: LIMIT }, b: { edits: null } }))),
  fc.constant(custom(MODE_STATE_TYPE, { v: 2 })),
  fc.constantFrom("r1", "r2").map((id) => rule(id, `src/${id}.ts`)),
  fc.constantFrom("u1", "u2").map((id) => custom(UPDATE_ENTRY_TYPE, createApplyEvent({ updateId: id, source: "user", content: id, now }))),
  fc.constant({ type: "compaction", summary: "s", firstKeptEntryId: "e1" }),
  fc.constantFrom("low", "high").map((thinkingLevel) => ({ type: "thinking_level_change", thinkingLevel })),
  fc.constantFrom("m1", "m2").map((modelId) => ({ type: "model_change", provider: "p", modelId })),
  fc.constant({ type: "message", message: { role: "assistant", provider: "q", model: "m3", content: [] } }),
  fc.anything().map((data) => custom(MODE_STATE_TYPE, data)),
  fc.constantFrom("1.0.0", "1.1.0").map((v) => custom(POLICY_ENTRY_TYPE, policyRecord(v))),
  fc.anything().map((data) => custom(POLICY_ENTRY_TYPE, data)),
);
const branchArb = fc.array(entryArb, { maxLength: 30 }).map((entries) => entries.map((e, i) => ({ ...e, id: `e${i + 1}` })));

describe("reduceSession", () => {
  it("folds the selection and the updates exactly as the two reducers it replaces", () => {
    fc.assert(
      fc.property(branchArb, (branch) => {
        const s = reduceSession(branch);
        const modes = reduceBranch(branch);
        expect([s.selection.state, s.selection.entryId, s.selection.diagnostics]).toEqual([modes.state, modes.entryId, modes.diagnostics]);
        expect(s.updates).toEqual(foldUpdateEvents(branch));
        expect(s.compaction).toEqual(latestCompaction(branch));
      }),
      { numRuns: 300 },
    );
  });

  it("an incremental fold (from the value of a prefix) equals the fold of the whole branch", () => {
    fc.assert(
      fc.property(branchArb, fc.nat(), (branch, cut) => {
        const prefix = reduceSession(branch.slice(0, branch.length === 0 ? 0 : cut % (branch.length + 1)));
        expect(view(reduceSession(branch, prefix))).toEqual(view(reduceSession(branch)));
      }),
      { numRuns: 300 },
    );
  });

  it("refolds from the root when `from` is not a prefix of this branch (another tree branch)", () => {
    const a = [custom(MODE_STATE_TYPE, state(["a"])), { type: "message", message: { role: "user" } }].map((e, i) => ({ ...e, id: `x${i}` }));
    const b = [custom(MODE_STATE_TYPE, state(["b"])), { type: "message", message: { role: "user" } }, { type: "message" }].map((e, i) => ({
      ...e,
      id: `y${i}`,
    }));
    expect(reduceSession(b, reduceSession(a)).selection.state?.overlays).toEqual(["b"]);
    expect(reduceSession([], reduceSession(a))).toMatchObject({ count: 0, leafId: null, selection: { state: null } });
  });

  it("pins each selected component's edit limit: a limit, null (none), or undefined in an entry written before pins", () => {
    const s = reduceSession([custom(MODE_STATE_TYPE, { ...state(["a", "b", "c"], { a: { edits: LIMIT }, b: { edits: null } }), base: null })]);
    expect(s.selection.pins.map((p) => [p.key, p.role, p.edits])).toEqual([
      ["a", "overlay", LIMIT],
      ["b", "overlay", null],
      ["c", "overlay", undefined],
    ]);
    expect(EMPTY_SESSION.selection.pins).toEqual([]);
  });

  it("records each rule that switched on once, with the path and glob that did it, when, and the digest of its text", () => {
    const s = reduceSession([rule("db", "src/db/a.sql"), rule("db", "src/db/b.sql")].map((e, i) => ({ ...e, id: `r${i}` })));
    expect([...s.appliedRules.values()]).toEqual([
      { key: "rule:db", updateId: "db", path: "src/db/a.sql", glob: "src/**", entryId: "r0", at: now.toISOString(), digest: sha256Hex("Rule db.") },
    ]);
  });

  it("replays the model and thinking level like Pi's buildSessionContext", () => {
    fc.assert(
      fc.property(branchArb, (branch) => {
        const linked = branch.map((e, i) => ({ ...e, parentId: i === 0 ? null : `e${i}`, timestamp: "t" }));
        const pi = buildSessionContext(linked as never);
        const { model, thinkingLevel } = reduceSession(branch).preferences;
        expect(model).toEqual(pi.model);
        expect(thinkingLevel ?? "off").toBe(pi.thinkingLevel);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the team policy the branch last ran under: the newest well-formed forge-policy entry; a malformed one is skipped", () => {
    fc.assert(
      fc.property(branchArb, (branch) => {
        const newest =
          branch
            .map((e) => readPolicyEntry(e))
            .filter((r) => r !== null)
            .at(-1) ?? null;
        expect(reduceSession(branch).policy).toEqual(newest);
      }),
      { numRuns: 300 },
    );
    const branch = [custom(POLICY_ENTRY_TYPE, policyRecord("1.0.0")), custom(POLICY_ENTRY_TYPE, { v: 1, identity: 7 })].map((e, i) => ({ ...e, id: `p${i}` }));
    expect(reduceSession(branch).policy?.identity).toBe("user:@acme/team-policy:1.0.0");
  });

  it("is immutable: the value and its parts are frozen", () => {
    const s = reduceSession([custom(MODE_STATE_TYPE, state(["a"]))]);
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.selection)).toBe(true);
    expect(Object.isFrozen(s.selection.pins)).toBe(true);
    expect(s.delivery(true)).toBe(s.delivery(true));
  });
});
