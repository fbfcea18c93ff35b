// Parses bundle text for `forge diff`: JSON, format and the generated schema validator; digest mismatches are notes, not refusals.
import { digestComponent } from "../../common/digest.js";
import { validateBundle } from "../../generated/runtime-validators.js";
import type { ForgeBundle } from "../../generated/types.js";
import { SUPPORTED_BUNDLE_FORMAT } from "../../runtime/load-bundle.js";
import { describeValidationError } from "../../runtime/validation-error.js";

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
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, message: `${name} is not a forge bundle: invalid JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: `${name} is not a forge bundle: not a JSON object` };
  }
  // The format first, so a bundle from a newer forge says so instead of failing the schema.
  const format = (value as { format?: unknown }).format;
  if (format !== SUPPORTED_BUNDLE_FORMAT) {
    const what = format === undefined ? "it has no \"format\" field" : `unsupported format ${JSON.stringify(format)}`;
    return { ok: false, message: `${name} is not a forge bundle this forge reads: ${what} (expected format ${SUPPORTED_BUNDLE_FORMAT}, written by forge build)` };
  }
  if (!validateBundle(value)) {
    const detail = describeValidationError(validateBundle);
    return { ok: false, message: `${name} is not a valid forge bundle: does not match schema/bundle.schema.json${detail === null ? "" : ` ${detail}`}` };
  }
  const bundle = value as ForgeBundle;
  return { ok: true, bundle, notes: digestNotes(bundle, name) };
}
