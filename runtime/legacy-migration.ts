// Replay of a session carried over from pi-modes: its newest selection migrates once into one forge entry (source migrate),
// or the session freezes to Pi's native prompt with a notice naming the keys (recorded once, also with source migrate).
import type { Catalog } from "../core/component-catalog.js";
import { findPendingLegacy, freezeLegacy, planLegacyMigration } from "../core/legacy-state.js";
import type { BranchEntryLike } from "../core/mode-state-reducer.js";
import type { ResolvedCandidate } from "../core/selection.js";
import type { ActivationResult } from "./activation.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { OnceTeller } from "./notify.js";

export interface LegacyMigrationDeps {
  catalog: Catalog;
  branch: readonly BranchEntryLike[];
  tell: OnceTeller;
  /** Activates the migrated selection headless (a replace_final base needs PI_MODE_CONFIRM_EXACT, as at startup). */
  activate(candidate: ResolvedCandidate): Promise<ActivationResult>;
  /** Appends the native (off) entry with source migrate and composes natively with `reason`. */
  freeze(reason: string): void;
}

/** Does nothing unless a pi-modes entry is newer than every forge entry; after it ran, the entry it appended is newer. */
export async function migrateLegacySession(ctx: CtxPort, deps: LegacyMigrationDeps): Promise<void> {
  const { legacy, diagnostics } = findPendingLegacy(deps.branch);
  for (const d of diagnostics) deps.tell.tell(ctx, d.message);
  if (legacy === null) return;
  let plan = planLegacyMigration(deps.catalog, legacy);
  if (plan.kind === "none") return;
  if (plan.kind === "migrate") {
    const result = await deps.activate(plan.candidate);
    if (result.ok) return deps.tell.tell(ctx, plan.diagnostic.message, "info");
    plan = freezeLegacy(legacy, result.message);
  }
  if (plan.kind !== "freeze") return;
  deps.freeze(plan.diagnostic.message);
  deps.tell.tell(ctx, plan.diagnostic.message);
}
