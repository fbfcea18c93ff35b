// Cache-impact report for /mode and /preset: the core's compositions before and after a selection change, estimated
// by the system-update feature (which knows the rest of the prompt).
import { composeSelection, type Composition } from "../../core/composition.js";
import { previewStateEntry, type ResolvedCandidate } from "../../core/selection.js";
import type { ForgeController } from "../controller.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { ActivePresetRef, PromptChangeReport, SystemUpdates } from "../updates/index.js";

/** The preset `name` as system updates see it (none while `composition` is native): its blocks are usable only from a trusted scope. */
export function presetRefFor(controller: ForgeController, composition: Composition, name: string | null | undefined): ActivePresetRef | null {
  if (composition.kind === "native" || !name) return null;
  const entry = controller.catalog.presets.get(name);
  if (!entry) return null;
  return { key: entry.key, preset: entry.preset, scope: entry.scope, trusted: entry.scope !== "project" || controller.discovered?.trust.trusted === true };
}

export interface CacheReporter {
  /** The estimate for switching to `candidate` (null: /mode off), or null when it cannot be made. */
  estimate(ctx: CtxPort, candidate: ResolvedCandidate | null): PromptChangeReport | null;
}

/** `updates` is read at each estimate: the feature registers after the commands that report. */
export function createCacheReporter(controller: ForgeController, updates: () => SystemUpdates | null): CacheReporter {
  return {
    estimate(ctx, candidate) {
      const feature = updates();
      if (feature === null) return null;
      try {
        const vars = controller.vars(ctx);
        const now = controller.compose(ctx).composition;
        let next: Composition = { kind: "native", reason: null };
        if (candidate !== null) {
          // A replace_final base is confirmed by the action itself; estimate it as confirmed.
          const entry = previewStateEntry(controller.catalog, candidate);
          next = composeSelection(controller.catalog, { state: entry, error: null }, { ...vars, preset: candidate.preset ?? "" }).composition;
        }
        const nowPreset = presetRefFor(controller, now, controller.selection.state?.preset);
        return feature.estimateSelectionChange(ctx, { now, nowPreset, next, nextPreset: presetRefFor(controller, next, candidate?.preset) });
      } catch {
        return null;
      }
    },
  };
}
