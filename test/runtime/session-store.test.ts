// The session store: the runtime's one reader of the branch folds it once per leaf (incrementally as the session
// grows), keeps the last value for completions, and holds what the last run showed (the host adapter holds nothing).
import { describe, expect, it } from "vitest";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { reduceSession } from "../../core/session-state.js";
import { detectHostAdapter } from "../../runtime/host-adapter/index.js";
import { createSessionStore } from "../../runtime/session-store.js";
import { FakeSession } from "../support/fake-pi.js";

const D = "b".repeat(64);
const entry = (overlays: string[]) => ({
  v: 1,
  base: null,
  overlays,
  preset: null,
  components: Object.fromEntries(overlays.map((k) => [k, { digest: D, scope: "builtin", edits: null }])),
  bundleHashes: {},
  driftPolicy: "block",
  source: "command",
  activatedAt: "2026-01-01T00:00:00.000Z",
});

describe("session store", () => {
  it("folds the branch once per leaf: the same value until the leaf moves; a new leaf folds again", () => {
    const session = new FakeSession();
    session.appendCustom(MODE_STATE_TYPE, entry(["a"]));
    const store = createSessionStore();
    const ctx = { sessionManager: session };
    const first = store.read(ctx);
    expect(store.read(ctx)).toBe(first);
    expect(store.read(ctx)).toBe(first);
    expect(session.branchReads).toBe(1);
    session.appendCustom(MODE_STATE_TYPE, entry(["b"]));
    const second = store.read(ctx);
    expect(session.branchReads).toBe(2);
    expect(second.selection.state?.overlays).toEqual(["b"]);
    expect(store.current()).toBe(second);
    // The incremental fold equals folding the whole branch.
    expect({ ...second, delivery: null, usage: null }).toEqual({ ...reduceSession(session.getBranch()), delivery: null, usage: null });
  });

  it("follows /tree (another leaf on the same tree) and an empty branch; reset forgets the cached fold", () => {
    const session = new FakeSession();
    const root = session.appendMessage("root");
    session.appendCustom(MODE_STATE_TYPE, entry(["a"]));
    const store = createSessionStore();
    const ctx = { sessionManager: session };
    expect(store.read(ctx).selection.state?.overlays).toEqual(["a"]);
    session.branchFrom(root);
    expect(store.read(ctx).selection.state).toBeNull();
    session.branchFrom(null);
    expect(store.read(ctx).count).toBe(0);
    const reads = session.branchReads;
    store.reset();
    store.read(ctx);
    expect(session.branchReads).toBe(reads + 1);
  });

  it("without getLeafId (an older host shape) it compares the branch it reads, and keeps the value when nothing was added", () => {
    const session = new FakeSession();
    session.appendCustom(MODE_STATE_TYPE, entry(["a"]));
    const store = createSessionStore();
    const ctx = { sessionManager: { getBranch: () => session.getBranch() } };
    const first = store.read(ctx);
    expect(store.read(ctx)).toBe(first);
    session.appendMessage("more");
    expect(store.read(ctx)).not.toBe(first);
  });

  it("keeps what the last run showed: the adapter answers from the record, not from memory of its own", () => {
    const store = createSessionStore();
    const adapter = detectHostAdapter({});
    expect(store.lastRun()).toBeNull();
    const options = { cwd: "/w", sections: {} as Record<string, string> };
    store.recordRun(adapter.observeRun({ systemPrompt: "P", systemPromptOptions: options }));
    expect(store.lastRun()).toMatchObject({ sections: true, native: { systemPrompt: "P" } });
    expect(adapter.supportsSections(null, store.lastRun())).toBe(true);
    expect(adapter.supportsSections(null)).toBe(false);
    expect(detectHostAdapter({})).toBe(adapter);
    expect(Object.isFrozen(adapter)).toBe(true);
  });
});
