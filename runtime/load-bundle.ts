// Reads and verifies one compiled forge bundle: format, schema, every digest, bundleHash, scope. Never throws.
import { describeValidationError } from "./validation-error.js";
import { readFileSync } from "node:fs";
import { computeBundleHash, digestComponent, type Scope } from "../common/digest.js";
import { validateBundle } from "../generated/runtime-validators.js";
import type { ForgeBundle } from "../generated/types.js";
import { describeError } from "./output.js";

export const SUPPORTED_BUNDLE_FORMAT = 1;

export type BundleLoad =
  /** No bundle file at that place: not an error. */
  | { status: "absent"; file: string }
  | { status: "ok"; file: string; bundle: ForgeBundle }
  /** The whole bundle is refused; `reason` names the file and the first mismatching component. */
  | { status: "refused"; file: string; reason: string };

function refuse(file: string, why: string): BundleLoad {
  return { status: "refused", file, reason: `forge: refused bundle ${file}: ${why}` };
}

/** Why a parsed value is not a bundle this forge reads; each caller words it for its audience. */
export type BundleShapeProblem =
  | { kind: "not-object" }
  | { kind: "format"; format: unknown }
  /** `detail` is the validator's first error (`at /path: message`), when there is one. */
  | { kind: "schema"; detail: string | null };

/**
 * The structural checks every reader of a bundle makes, null when they pass. Order matters: the
 * format version is checked first so a future format gets a clear "unsupported format" instead of
 * a schema error.
 */
export function checkBundleShape(value: unknown): BundleShapeProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { kind: "not-object" };
  const format = (value as { format?: unknown }).format;
  if (format !== SUPPORTED_BUNDLE_FORMAT) return { kind: "format", format };
  if (!validateBundle(value)) return { kind: "schema", detail: describeValidationError(validateBundle) };
  return null;
}

/** The text of a bundle file as JSON; a leading BOM is tolerated. */
export function parseBundleJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (error) {
    return { ok: false, error };
  }
}

function describeShapeProblem(problem: BundleShapeProblem): string {
  switch (problem.kind) {
    case "not-object":
      return "not a JSON object";
    case "format":
      return `unsupported format ${JSON.stringify(problem.format ?? null)} (this forge reads format ${SUPPORTED_BUNDLE_FORMAT}; rebuild with forge build)`;
    case "schema":
      return problem.detail === null ? "does not match schema/bundle.schema.json" : `does not match schema/bundle.schema.json ${problem.detail}`;
  }
}

/** Verifies an already-parsed bundle value: its shape, scope, every digest and the bundleHash. */
export function verifyBundle(value: unknown, expectedScope: Scope, file: string): BundleLoad {
  const shape = checkBundleShape(value);
  if (shape !== null) return refuse(file, describeShapeProblem(shape));
  const bundle = value as ForgeBundle;
  if (bundle.scope !== expectedScope) {
    return refuse(file, `declares scope "${bundle.scope}" but is loaded as the ${expectedScope} bundle`);
  }
  const scope = bundle.scope;
  for (const key of Object.keys(bundle.modes)) {
    const mode = bundle.modes[key]!;
    if (digestComponent("mode", key, scope, mode) !== mode.digest) {
      return refuse(file, `mode "${key}" digest mismatch (content was changed after forge build)`);
    }
  }
  for (const key of Object.keys(bundle.presets)) {
    const preset = bundle.presets[key]!;
    for (const update of preset.systemUpdates) {
      if (digestComponent("update", update.id, scope, update) !== update.digest) {
        return refuse(file, `system update "${update.id}" of preset "${key}" digest mismatch`);
      }
    }
    if (digestComponent("preset", key, scope, preset) !== preset.digest) {
      return refuse(file, `preset "${key}" digest mismatch (content was changed after forge build)`);
    }
    for (const modeKey of Object.keys(preset.modeDigests)) {
      const inBundle = bundle.modes[modeKey];
      if (inBundle && inBundle.digest !== preset.modeDigests[modeKey]) {
        return refuse(file, `preset "${key}" pins mode "${modeKey}" at a digest that differs from the bundle's`);
      }
    }
  }
  if (computeBundleHash(bundle) !== bundle.bundleHash) {
    return refuse(file, "bundleHash mismatch (the bundle was edited after forge build)");
  }
  return { status: "ok", file, bundle };
}

/** Parses bundle text (a BOM is tolerated) and verifies it. */
export function parseBundleText(text: string, expectedScope: Scope, file: string): BundleLoad {
  const parsed = parseBundleJson(text);
  if (!parsed.ok) return refuse(file, `invalid JSON (${describeError(parsed.error)})`);
  return verifyBundle(parsed.value, expectedScope, file);
}

/** Reads a bundle file; a missing file is `absent`, any other read error refuses it. */
export function loadBundleFile(file: string, expectedScope: Scope): BundleLoad {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { status: "absent", file };
    return refuse(file, `cannot be read (${code ?? String(error)})`);
  }
  return parseBundleText(text, expectedScope, file);
}
