// Parses bundle text for `forge diff`: JSON, format and the generated schema validator; digest mismatches are notes, not refusals.
import { digestComponent } from "../../common/digest.js";
import type { ForgeBundle } from "../../generated/types.js";
import { checkBundleShape, parseBundleJson, SUPPORTED_BUNDLE_FORMAT } from "../../runtime/load-bundle.js";

export type ReadBundle = { ok: true; bundle: ForgeBundle; notes: string[] } | { ok: false; message: string };

/**
 * Digests that disagree with their content. Unlike the runtime, `forge diff` still compares such
 * a bundle (reviewing a hand edit is the point), but says the bundle was edited after forge build.
 */
function digestNotes(bundle: ForgeBundle, name: string): string[] {
  const notes: string[] = [];
  for (const [key, mode] of Object.entries(bundle.modes)) {
    if (mode && digestComponent("mode", key, bundle.scope, mode) !== mode.digest) {
      notes.push(`${name}: mode ${key} does not match its digest (edited after forge build)`);
    }
  }
  for (const [key, preset] of Object.entries(bundle.presets)) {
    if (preset && digestComponent("preset", key, bundle.scope, preset) !== preset.digest) {
      notes.push(`${name}: preset ${key} does not match its digest (edited after forge build)`);
    }
  }
  return notes;
}

/** `name` says where the text came from in messages, e.g. `HEAD:.pi/forge/bundle.json`. */
export function readBundleText(text: string, name: string): ReadBundle {
  const parsed = parseBundleJson(text);
  if (!parsed.ok) return { ok: false, message: `${name} is not a forge bundle: invalid JSON (${(parsed.error as Error).message})` };
  // The runtime's own structural checks (format first, then the schema), worded for a reviewer.
  const shape = checkBundleShape(parsed.value);
  switch (shape?.kind) {
    case "not-object":
      return { ok: false, message: `${name} is not a forge bundle: not a JSON object` };
    case "format": {
      const what = shape.format === undefined ? "it has no \"format\" field" : `unsupported format ${JSON.stringify(shape.format)}`;
      return { ok: false, message: `${name} is not a forge bundle this forge reads: ${what} (expected format ${SUPPORTED_BUNDLE_FORMAT}, written by forge build)` };
    }
    case "schema":
      return { ok: false, message: `${name} is not a valid forge bundle: does not match schema/bundle.schema.json${shape.detail === null ? "" : ` ${shape.detail}`}` };
  }
  const bundle = parsed.value as ForgeBundle;
  return { ok: true, bundle, notes: digestNotes(bundle, name) };
}
