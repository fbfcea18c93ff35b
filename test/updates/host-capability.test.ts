// The host adapter's capability answers for system updates: section delivery per run and outside runs, and prompt previews.
import { describe, expect, it } from "vitest";
import type { Composition } from "../../core/composition.js";
import { detectHostAdapter, legacyHostAdapter, sectionsHostAdapter } from "../../runtime/host-adapter/index.js";
import { createSessionStore } from "../../runtime/session-store.js";
import { INVENTORY_SECTION, isUpdatesTail } from "../../runtime/updates/update-text.js";

const OVERLAY: Composition = { kind: "compose", base: null, overlays: [{ key: "alpha", label: "Alpha", text: "# Alpha\n\nA body" }] };
const NATIVE: Composition = { kind: "native", reason: null };
const legacyEvent = () => ({ systemPrompt: "LEGACY PROMPT", systemPromptOptions: { cwd: "/repo" } });
/** 1.x hands mutable sections and renders the prompt from the options through a getter. */
function modernEvent(force?: string) {
  const options: { cwd: string; sections: Record<string, string>; forceSystemPrompt?: string } = { cwd: "/repo", sections: {} };
  if (force !== undefined) options.forceSystemPrompt = force;
  return {
    systemPromptOptions: options,
    get systemPrompt() {
      return ["MODERN PROMPT", ...Object.entries(options.sections).map(([n, t]) => `<${n}>\n${t}\n</${n}>`)].join("\n\n");
    },
  };
}

describe("supportsSections", () => {
  it("the fixed adapters: never on 0.73.1; on 1.x unless a forced prompt hides the sections", () => {
    expect(legacyHostAdapter.supportsSections(null)).toBe(false);
    expect(legacyHostAdapter.supportsSections({ cwd: "/", sections: {} })).toBe(false);
    expect(sectionsHostAdapter.supportsSections(null)).toBe(true);
    expect(sectionsHostAdapter.supportsSections({ cwd: "/", sections: {} })).toBe(true);
    expect(sectionsHostAdapter.supportsSections({ cwd: "/", sections: {}, forceSystemPrompt: "X" })).toBe(false);
  });

  it("the detected adapter answers from the run's options, and outside a run from what the last run showed", () => {
    // The adapter keeps nothing: the session's records hold what the last run showed (runtime/session-store.ts).
    const adapter = detectHostAdapter({});
    const records = createSessionStore();
    const run = (event: ReturnType<typeof modernEvent> | ReturnType<typeof legacyEvent>) => {
      records.recordRun(adapter.observeRun(event));
      adapter.applyComposition(event, NATIVE);
    };
    expect(adapter.supportsSections(null, records.lastRun())).toBe(false); // no run yet: timeline, which never double-delivers
    const modern = modernEvent();
    expect(adapter.supportsSections(modern.systemPromptOptions)).toBe(true);
    run(modern);
    expect(adapter.supportsSections(null, records.lastRun())).toBe(true);
    expect(adapter.supportsSections(null)).toBe(false); // nothing remembered by the adapter itself
    expect(adapter.supportsSections(modernEvent("forced").systemPromptOptions)).toBe(false);
    run(legacyEvent());
    expect(adapter.supportsSections(null, records.lastRun())).toBe(false);
    expect(adapter.supportsSections(legacyEvent().systemPromptOptions)).toBe(false);
  });
});

describe("previewPrompt", () => {
  it("renders over the fallback before any run, then over the last run's inputs as they were before forge applied", () => {
    const adapter = detectHostAdapter({});
    const records = createSessionStore();
    expect(adapter.previewPrompt(OVERLAY, { systemPrompt: "FALLBACK" }, records.lastRun())).toBe(
      "FALLBACK\n\n<forge-alpha>\n# Alpha\n\nA body\n</forge-alpha>",
    );
    const modern = modernEvent();
    records.recordRun(adapter.observeRun(modern));
    adapter.applyComposition(modern, OVERLAY);
    // The run's options now hold forge's section; the preview still starts from Pi's own prompt.
    expect(modern.systemPrompt).toContain("<forge-alpha>");
    expect(adapter.previewPrompt(NATIVE, { systemPrompt: "FALLBACK" }, records.lastRun())).toBe("MODERN PROMPT");
    expect(adapter.previewPrompt(OVERLAY, { systemPrompt: "FALLBACK" }, records.lastRun())).toBe(modern.systemPrompt);
  });

  it("a replace_base preview without options is an estimate, never a throw", () => {
    const base: Composition = { kind: "compose", base: { key: "b", strategy: "replace_base", text: "BASE" }, overlays: [] };
    expect(legacyHostAdapter.previewPrompt(base, { systemPrompt: "P" })).toBe("P");
    expect(legacyHostAdapter.previewPrompt(base, { systemPrompt: "P", options: { cwd: "/repo" } }).startsWith("BASE")).toBe(true);
  });
});

describe("isUpdatesTail", () => {
  const inventory = "# System update blocks\n\n- a: A. (callable: no)";
  it("accepts the inventory (plain or as its section), update sections, the compaction fold, or nothing", () => {
    expect(isUpdatesTail("", "")).toBe(true);
    expect(isUpdatesTail(`\n\n${inventory}`, inventory)).toBe(true);
    expect(isUpdatesTail(`\n\n<${INVENTORY_SECTION}>\n${inventory}\n</${INVENTORY_SECTION}>\n\n<forge-update-x>\nX\n</forge-update-x>`, inventory)).toBe(true);
    expect(isUpdatesTail("\n\n<forge-update-update-1>\nBe terse.\n</forge-update-update-1>", "")).toBe(true);
    expect(isUpdatesTail("\n\n# Active system updates\n\n...", "")).toBe(true);
  });
  it("rejects another selection's mode sections", () => {
    expect(isUpdatesTail("\n\n<forge-review>\n# Review\n</forge-review>", "")).toBe(false);
    expect(isUpdatesTail("\n\n<forge-review>\n# Review\n</forge-review>", inventory)).toBe(false);
  });
});

describe("foldsSectionChanges", () => {
  it("a section change is an appended patch only for a model with mid-conversation system messages", () => {
    const adapter = detectHostAdapter({});
    expect(adapter.foldsSectionChanges({ model: { provider: "p", id: "m", compat: { supportsMidConvoSystemMessages: true } } })).toBe(false);
    expect(adapter.foldsSectionChanges({ model: { provider: "p", id: "m" } })).toBe(true);
    expect(adapter.foldsSectionChanges({})).toBe(true);
    expect(legacyHostAdapter.foldsSectionChanges({})).toBe(false);
  });
});
