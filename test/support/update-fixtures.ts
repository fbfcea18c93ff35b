// System-update test data: preset blocks, an active preset reference, and the feature's deps on a fake Pi (real adapter).
import type { Preset, SystemUpdate } from "../../generated/types.js";
import { detectHostAdapter } from "../../runtime/host-adapter/index.js";
import type { ActivePresetRef, SystemUpdatesDeps } from "../../runtime/updates/index.js";
import type { FakePi } from "./fake-pi.js";

export function block(id: string, opts: { callable?: boolean; text?: string } = {}): SystemUpdate {
  return {
    id,
    name: `Block ${id}`,
    description: `Does ${id} things.`,
    modelCallable: opts.callable ?? false,
    content: [{ text: opts.text ?? `Instructions of ${id}.` }],
    digest: "0".repeat(64),
  };
}

export function presetRef(blocks: SystemUpdate[], opts: { key?: string; scope?: ActivePresetRef["scope"]; trusted?: boolean } = {}): ActivePresetRef {
  const preset: Preset = { description: "p", overlays: [], modeDigests: {}, systemUpdates: blocks, source: "presets/p.yaml", digest: "1".repeat(64) };
  return { key: opts.key ?? "review", preset, scope: opts.scope ?? "builtin", trusted: opts.trusted ?? true };
}

/**
 * The deps the extension hands the feature, on `pi`: the real host adapter, the preset in `holder` (tests swap it),
 * slots rendered as `{slot}`, and a clock that ticks one second per read.
 */
export function updatesDeps(pi: FakePi, holder: { preset: ActivePresetRef | null }): SystemUpdatesDeps {
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0);
  return {
    adapter: detectHostAdapter(pi),
    getActivePreset: () => holder.preset,
    renderTemplate: (segments) => segments.map((s) => ("text" in s ? s.text : `{${s.slot}}`)).join(""),
    now: () => new Date((clock += 1000)),
  };
}
