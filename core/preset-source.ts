// The YAML text of a preset source (presets/<name>.yaml): /preset save, /preset import and forge preset import write it.
import type { DriftPolicy } from "./selection.js";

export interface PresetSourceFields {
  /** Comment lines at the top (each written as `# <line>`). */
  header: readonly string[];
  description: string;
  base: string | null;
  overlays: readonly string[];
  driftPolicy: DriftPolicy;
}

/** Keys are plain scalars (validated keys); free text is a JSON string, which is valid YAML whatever it holds. */
export function renderPresetYaml(p: PresetSourceFields): string {
  const lines = [...p.header.map((h) => `# ${h}`), `description: ${JSON.stringify(p.description)}`];
  if (p.base !== null) lines.push(`base: ${p.base}`);
  if (p.overlays.length === 0) lines.push("overlays: []");
  else lines.push("overlays:", ...p.overlays.map((key) => `  - ${key}`));
  lines.push(`driftPolicy: ${p.driftPolicy}`);
  return `${lines.join("\n")}\n`;
}
