// The cache-impact estimate of a /mode or /preset change: the core's compositions before and after, estimated by the
// system-update feature (which knows the rest of the prompt).
import { composeSelection, type Composition } from "../../core/composition.js";
import { previewStateEntry, type ResolvedCandidate } from "../../core/selection.js";
import type { SessionView } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { PendingReport, SystemUpdates } from "../updates/index.js";

export interface SelectionEstimator {
  /**
   * Before the change: the estimate for switching to `candidate` (null: /mode off), a report to make once the change is
   * applied (the tools Pi then declares); null when it cannot be made.
   */
  estimate(ctx: CtxPort, candidate: ResolvedCandidate | null): PendingReport | null;
}

/** `updates` is read at each estimate: the feature registers after the commands that report. */
export function createSelectionEstimator(session: SessionView, updates: () => SystemUpdates | null): SelectionEstimator {
  return {
    estimate(ctx, candidate) {
      const feature = updates();
      if (feature === null) return null;
      try {
        const catalog = session.catalog();
        const vars = session.vars(ctx);
        const now = session.compose(ctx).composition;
        let next: Composition = { kind: "native", reason: null };
        if (candidate !== null) {
          // A replace_final base is confirmed by the action itself; estimate it as confirmed.
          const entry = previewStateEntry(catalog, candidate);
          next = composeSelection(catalog, { state: entry, error: null }, { ...vars, preset: candidate.preset ?? "" }).composition;
        }
        return feature.estimateSelectionChange(ctx, {
          now,
          nowPreset: session.activePreset(ctx),
          next,
          nextPreset: session.presetRef(next, candidate?.preset),
        });
      } catch {
        return null;
      }
    },
  };
}
