// Preset-declared dormant blocks: who may activate which block, and under which update id.
import type { Preset, Scope, SystemUpdate } from "../../generated/types.js";

export { chooseBlockUpdateId } from "../../core/update-ids.js";

/** The active preset as the runtime core resolved it. */
export interface ActivePresetRef {
  key: string;
  preset: Preset;
  scope: Scope;
  /** For scope "project": whether the project (and so its bundle) is trusted. Ignored for other scopes. */
  trusted: boolean;
  /** For scope "project": the layer's root (the directory holding its .pi/forge/), what its blocks' globs are relative to. */
  layer?: string | null;
}

export type Actor = "user" | "agent";

export type BlockCheck = { ok: true; block: SystemUpdate } | { ok: false; reason: string };

/** Repository content is untrusted: blocks of an untrusted project bundle are never usable. */
export function blocksUsable(ref: ActivePresetRef | null): boolean {
  return ref !== null && (ref.scope !== "project" || ref.trusted);
}

/** The active preset's blocks that may be offered at all (empty when none or untrusted). */
export function usableBlocks(ref: ActivePresetRef | null): readonly SystemUpdate[] {
  return ref !== null && blocksUsable(ref) ? ref.preset.systemUpdates : [];
}

export function hasCallableBlock(ref: ActivePresetRef | null): boolean {
  return usableBlocks(ref).some((b) => b.modelCallable);
}

/** Whether `actor` may activate block `blockId` of the active preset. Checked on every call. */
export function checkBlockActivation(ref: ActivePresetRef | null, blockId: string, actor: Actor): BlockCheck {
  if (ref === null) return { ok: false, reason: "no preset is active, so no system-update blocks are declared" };
  const block = ref.preset.systemUpdates.find((b) => b.id === blockId);
  if (!block) {
    const ids = ref.preset.systemUpdates.map((b) => b.id);
    return { ok: false, reason: `preset "${ref.key}" declares no block "${blockId}"${ids.length ? ` (declared: ${ids.join(", ")})` : ""}` };
  }
  if (!blocksUsable(ref)) {
    return { ok: false, reason: `block "${blockId}" comes from the untrusted project bundle of preset "${ref.key}"; trust the project first` };
  }
  if (actor === "agent" && !block.modelCallable) {
    return {
      ok: false,
      reason: `block "${blockId}" is not declared modelCallable: true in preset "${ref.key}"; only the user can activate it (/system-update use ${blockId})`,
    };
  }
  return { ok: true, block };
}
