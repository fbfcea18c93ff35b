// Writes the current selection as a preset source file (.pi/forge/presets/<name>.yaml), atomically, never clobbering silently.
import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ForgeModeStateEntry } from "../generated/types.js";
import { describeSelection } from "./contracts.js";

export const PRESET_NAME = /^[a-z][a-z0-9-]*$/;

/** YAML source text; keys are plain scalars (validated), free text is a JSON string (valid YAML). */
export function renderPresetSource(name: string, state: ForgeModeStateEntry): string {
  const lines = [
    `# Preset "${name}", saved by /preset save. Run \`forge build\` to compile it into .pi/forge/bundle.json.`,
    `description: ${JSON.stringify(`Saved selection: ${describeSelection(state)}`)}`,
  ];
  if (state.base) lines.push(`base: ${state.base}`);
  if (state.overlays.length > 0) {
    lines.push("overlays:");
    for (const key of state.overlays) lines.push(`  - ${key}`);
  } else lines.push("overlays: []");
  lines.push(`driftPolicy: ${state.driftPolicy}`);
  return `${lines.join("\n")}\n`;
}

export function presetFilePath(forgeRoot: string, name: string): string {
  return join(forgeRoot, ".pi", "forge", "presets", `${name}.yaml`);
}

/**
 * Writes via a temp file. Without `overwrite` the final step is link(), which fails if the target
 * appeared meanwhile, so an existing file is never replaced without the caller's confirmation.
 */
export function writePresetSource(file: string, text: string, overwrite: boolean): { ok: true } | { ok: false; exists: boolean; error: string } {
  const dir = join(file, "..");
  try {
    mkdirSync(dir, { recursive: true });
    if (!overwrite && existsSync(file)) return { ok: false, exists: true, error: `${file} already exists` };
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, text, { flag: "wx" });
    try {
      if (overwrite) renameSync(tmp, file);
      else linkSync(tmp, file);
    } finally {
      if (existsSync(tmp)) unlinkSync(tmp);
    }
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, exists: code === "EEXIST", error: `${file}: ${code ?? String(error)}` };
  }
}
