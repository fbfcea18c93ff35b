// Writes the current selection as a preset source file (.pi/forge/presets/<name>.yaml), atomically, never clobbering
// silently; its text comes from forge's CLI (`forge source`), which writes YAML with the yaml library.
import { forgeCommand } from "../core/forge-command.js";
import { mkdirSync } from "node:fs";
import { createTextExclusive, writeTextAtomic } from "../io/atomic-write.js";
import { join } from "node:path";
import type { ForgeModeStateEntry, PresetSourceRequest } from "../generated/types.js";
import { describeSelection } from "../core/candidate.js";
import { KEY_PATTERN, LIMITS } from "../generated/constants.js";
import { writeEscape } from "../io/project-layers.js";

/** A preset name is a key (schema/common.schema.json#/$defs/key): the pattern and length every key has. */
export function isPresetName(name: string): boolean {
  return KEY_PATTERN.test(name) && name.length <= LIMITS.maxKeyLength;
}

/** What `forge source` is asked for: the source of the current selection as preset `name`. */
export function presetSourceRequest(name: string, state: ForgeModeStateEntry): PresetSourceRequest {
  return {
    kind: "preset",
    header: [`Preset "${name}", saved by /preset save. Run \`${forgeCommand("build")}\` to compile it into .pi/forge/bundle.json.`],
    description: `Saved selection: ${describeSelection(state)}`,
    base: state.base,
    overlays: state.overlays,
    driftPolicy: state.driftPolicy,
  };
}

export function presetFilePath(forgeRoot: string, name: string): string {
  return join(forgeRoot, ".pi", "forge", "presets", `${name}.yaml`);
}

/**
 * Writes atomically. Without `overwrite` the file is created exclusively (io/atomic-write.ts links the temp
 * file into place), so an existing file is never replaced without the caller's confirmation. Nothing is written
 * through a symbolic link out of `boundary` (the project root).
 */
export function writePresetSource(
  file: string,
  text: string,
  overwrite: boolean,
  boundary: string,
): { ok: true } | { ok: false; exists: boolean; error: string } {
  const escape = writeEscape(file, boundary);
  if (escape !== null) return { ok: false, exists: false, error: escape };
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    if (overwrite) writeTextAtomic(file, text);
    else if (!createTextExclusive(file, text)) return { ok: false, exists: true, error: `${file} already exists` };
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, exists: code === "EEXIST", error: `${file}: ${code ?? String(error)}` };
  }
}
