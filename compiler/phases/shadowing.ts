// Shadowing check (in link): a mode of this layer that takes the key of a mode beneath (built-in, a project layer above)
// must not break a preset beneath that uses that key, since at runtime the deepest layer wins and the preset would get
// this mode instead.
import type { Layered } from "../../core/layering.js";
import { checkSelection, describeViolation, type ContractComponent } from "../../core/contracts.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode, Preset } from "../../generated/types.js";
import { shadowedPresetBroken } from "../diagnostics/codes.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";

/** A mode of this bundle's own sources, resolved (extends) and linked, as the checks against other layers need it. */
export interface OwnMode {
  key: string;
  file: string;
  data: { strategy: Mode["strategy"]; requires?: string[]; conflictsWith?: string[]; before?: string[]; after?: string[] };
}

export interface Role {
  strategy: Mode["strategy"];
  contracts: ContractComponent;
}

/** Why a preset's selection fails with `role` (own modes over built-in ones): every broken role and contract. */
export function presetProblems(preset: Preset, role: (key: string) => Role | undefined): string[] {
  const problems: string[] = [];
  const base = preset.base === undefined ? undefined : role(preset.base);
  if (preset.base !== undefined && base?.strategy === "append") problems.push(`its base "${preset.base}" would be an append mode`);
  if (base?.strategy === "replace_final" && preset.overlays.length > 0)
    problems.push(`its base "${preset.base}" would be replace_final, which takes no overlays`);
  for (const key of preset.overlays) {
    const overlay = role(key);
    if (overlay && overlay.strategy !== "append") problems.push(`its overlay "${key}" would be ${overlay.strategy}, not an append mode`);
  }
  const known = (key: string): ContractComponent => role(key)?.contracts ?? { key, requires: [], conflictsWith: [], before: [], after: [] };
  const violations = checkSelection(preset.base === undefined ? null : known(preset.base), preset.overlays.map(known));
  for (const v of violations) problems.push(`a contract breaks: ${describeViolation(v)}`);
  return problems;
}

/** `offered`: what Pi offers beside this layer, each component with the name of its layer (null: built in). */
export function checkShadowing(modes: readonly OwnMode[], offered: Layered<string | null>): Diagnostic[] {
  const own = new Map(modes.map((m) => [m.key, m] as const));
  const shadowing = modes.filter((m) => offered.modes.has(m.key));
  if (shadowing.length === 0) return [];
  const role = (key: string): Role | undefined => {
    const mine = own.get(key);
    const c = (d: { requires?: readonly string[]; conflictsWith?: readonly string[]; before?: readonly string[]; after?: readonly string[] }) => ({
      key,
      requires: d.requires ?? [],
      conflictsWith: d.conflictsWith ?? [],
      before: d.before ?? [],
      after: d.after ?? [],
    });
    if (mine) return { strategy: mine.data.strategy, contracts: c(mine.data) };
    const beneath = offered.modes.get(key)?.mode;
    return beneath ? { strategy: beneath.strategy, contracts: c(beneath) } : undefined;
  };
  const diagnostics: Diagnostic[] = [];
  for (const [name, { preset, origin }] of [...offered.presets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const uses = [...(preset.base === undefined ? [] : [preset.base]), ...preset.overlays].filter((k) => own.has(k));
    if (uses.length === 0) continue;
    const problems = presetProblems(preset, role);
    if (problems.length === 0) continue;
    for (const key of uses) {
      diagnostics.push(shadowedPresetBroken(atFile(own.get(key)!.file), key, name, problems.join("; "), offered.modes.get(key)?.origin ?? null, origin));
    }
  }
  return diagnostics;
}
