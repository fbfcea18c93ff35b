// Portable presets (schema/preset-export.schema.json): an export from the exporter's catalog, and the check of an import
// against the importer's layers. Keys, order, drift policy and digests only: never prompt text, never authority. Pure.
import type { ForgePresetExport } from "../generated/types.js";
import { checkContracts } from "./candidate.js";
import type { Catalog } from "./component-catalog.js";
import type { Scope } from "./digest.js";

export const PRESET_EXPORT_FORMAT = "forge-preset-export";

/** The export of preset `name` as the exporter's catalog resolves it (the digests and scopes its Pi would pin), or why not. */
export function createPresetExport(
  catalog: Catalog,
  name: string,
  forgeVersion: string,
): { ok: true; value: ForgePresetExport } | { ok: false; error: string } {
  const entry = catalog.presets.get(name);
  if (!entry) return { ok: false, error: `unknown preset "${name}"` };
  const { preset } = entry;
  const keys = [...(preset.base ? [preset.base] : []), ...preset.overlays];
  const digests: ForgePresetExport["digests"] = {};
  for (const key of keys) {
    const mode = catalog.modes.get(key);
    if (!mode) return { ok: false, error: `preset "${name}" names mode "${key}", which this session's layers do not offer` };
    digests[key] = { digest: mode.mode.digest, scope: mode.scope };
  }
  return {
    ok: true,
    value: {
      format: PRESET_EXPORT_FORMAT,
      v: 1,
      name,
      description: preset.description,
      base: preset.base ?? null,
      overlays: [...preset.overlays],
      driftPolicy: preset.driftPolicy ?? "block",
      digests,
      forgeVersion,
    },
  };
}

/** The file text of an export: stable key order, two-space indent, trailing newline. */
export function presetExportText(value: ForgePresetExport): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A component whose definition differs from the exporter's: another digest, another scope, or both. */
export interface DigestDifference {
  key: string;
  exported: { digest: string; scope: Scope } | null;
  current: { digest: string; scope: Scope };
}

export type ImportCheck =
  | { ok: true; differences: DigestDifference[] }
  /** Keys the importer's layers lack, or a selection that breaks a role or contract there: nothing may be written. */
  | { ok: false; error: string };

/** Validates an export's keys against the importer's layers (the catalog the target scope's build links against). */
export function checkPresetImport(catalog: Catalog, value: ForgePresetExport): ImportCheck {
  const keys = [...(value.base === null ? [] : [value.base]), ...value.overlays];
  const unknown = keys.filter((k) => !catalog.modes.has(k));
  if (unknown.length > 0) return { ok: false, error: `preset "${value.name}" names modes your layers do not have: ${unknown.join(", ")}` };
  const violations = checkContracts(catalog, { base: value.base, overlays: value.overlays });
  if (violations.length > 0) return { ok: false, error: `preset "${value.name}" breaks contracts with your definitions: ${violations.join("; ")}` };
  const differences: DigestDifference[] = [];
  for (const key of keys) {
    const mode = catalog.modes.get(key)!;
    const exported = Object.hasOwn(value.digests, key) ? value.digests[key]! : null;
    if (exported === null || exported.digest !== mode.mode.digest || exported.scope !== mode.scope) {
      differences.push({ key, exported, current: { digest: mode.mode.digest, scope: mode.scope } });
    }
  }
  return { ok: true, differences };
}

/** One line per differing component, e.g. `review: exporter had 1a2b3c4d5e6f (project), you have 9f8e7d6c5b4a (builtin)`. */
export function describeDifferences(differences: readonly DigestDifference[]): string[] {
  const short = (d: { digest: string; scope: Scope }) => `${d.digest.slice(0, 12)} (${d.scope})`;
  return differences.map((d) => `${d.key}: exporter had ${d.exported ? short(d.exported) : "no digest"}, you have ${short(d.current)}`);
}
