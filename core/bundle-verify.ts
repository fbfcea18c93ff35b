// The one verification of a compiled bundle: format, schema, scope, every digest, every pin and the bundleHash.
// It returns every mismatch; the runtime refuses a bundle with any, and forge diff/explain report them all.
import { computeBundleHash, digestComponent, type BundleScope } from "./digest.js";
import { describeError, describeValidationError } from "./error-text.js";
import { validateBundle } from "../generated/runtime-validators.js";
import type { ForgeBundle } from "../generated/types.js";
import { forgeVersion } from "./forge-version.js";
import { describeSigner, signatureProblem } from "./bundle-signature.js";
import { bundlePatternProblems, describeLargest, describePatternAt, MAX_PATTERN_COST, type PatternAt } from "./pattern-check.js";

export const SUPPORTED_BUNDLE_FORMAT = 1;

/** One reason a bundle is not exactly what forge build wrote. */
export type BundleProblem =
  | { kind: "json"; detail: string }
  | { kind: "not-object" }
  /** `forgeVersion`: the version of the forge that wrote it, when the file says (for "update the extension"). */
  | { kind: "format"; format: unknown; forgeVersion?: string }
  /** `detail` is the validator's first error (`at /path: message`), when there is one. */
  | { kind: "schema"; detail: string | null }
  | { kind: "scope"; declared: BundleScope; expected: BundleScope }
  /** A string that is not in Unicode NFC: digests hash NFC text, so its stored bytes are not what was hashed. */
  | { kind: "not-nfc"; path: string }
  | { kind: "mode-digest"; key: string }
  | { kind: "update-digest"; preset: string; id: string }
  | { kind: "preset-digest"; key: string }
  | { kind: "rule-digest"; key: string }
  | { kind: "preset-pin"; preset: string; mode: string }
  | { kind: "bundle-hash" }
  /** A stored path pattern that is not what this forge compiles its source to (core/pattern-check.ts). */
  | { kind: "pattern"; at: PatternAt; detail: string }
  /** The bundle's patterns cost more than one bundle may (LIMITS.maxPatternCost), the largest first. */
  | { kind: "pattern-cost"; total: number; largest: Array<PatternAt & { cost: number }> }
  /** A signature that does not hold for this bundleHash: the bundle is tampered (or its signature is). */
  | { kind: "signature"; index: number; fingerprint: string; name: string; detail: string };

/** Structural problems stop verification (nothing else can be checked); the bundle is then null. */
export interface BundleVerification {
  bundle: ForgeBundle | null;
  problems: BundleProblem[];
}

/** The text of a bundle file as JSON; a leading BOM is tolerated. */
export function parseBundleJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The structural checks, null when they pass. Order matters: the format version is checked first so a future
 * format gets a clear "unsupported format" instead of a schema error.
 */
function checkShape(value: unknown): BundleProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { kind: "not-object" };
  const { format, forgeVersion } = value as { format?: unknown; forgeVersion?: unknown };
  if (format !== SUPPORTED_BUNDLE_FORMAT)
    return { kind: "format", format, ...(typeof forgeVersion === "string" ? { forgeVersion: forgeVersion.slice(0, 64) } : {}) };
  if (!validateBundle(value)) return { kind: "schema", detail: describeValidationError(validateBundle) };
  return null;
}

/**
 * The path of the first string (key or value) that is not in NFC, or null. Digests are computed over canonical JSON,
 * which NFC-normalizes, so a look-alike edit (K -> U+212A KELVIN SIGN, ; -> U+037E GREEK QUESTION MARK) would still
 * verify while the model received the edited bytes. forge build writes NFC only, so any other text is a tamper.
 */
function firstNonNfc(value: unknown, path: string): string | null {
  // ASCII is always NFC: the common case costs one regular-expression test per string.
  const nfc = (s: string) => /^[\x00-\x7f]*$/.test(s) || s.normalize("NFC") === s;
  if (typeof value === "string") return nfc(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstNonNfc(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = `${path}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (!nfc(key)) return here;
      const found = firstNonNfc(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Text, digest, pin and bundleHash mismatches of a structurally valid bundle, in bundle order. */
function contentProblems(bundle: ForgeBundle): BundleProblem[] {
  const problems: BundleProblem[] = [];
  const notNfc = firstNonNfc(bundle, "");
  if (notNfc !== null) problems.push({ kind: "not-nfc", path: notNfc });
  const scope = bundle.scope;
  for (const key of Object.keys(bundle.modes)) {
    const mode = bundle.modes[key]!;
    if (digestComponent("mode", key, scope, mode) !== mode.digest) problems.push({ kind: "mode-digest", key });
  }
  for (const key of Object.keys(bundle.presets)) {
    const preset = bundle.presets[key]!;
    for (const update of preset.systemUpdates) {
      if (digestComponent("update", update.id, scope, update) !== update.digest) problems.push({ kind: "update-digest", preset: key, id: update.id });
    }
    if (digestComponent("preset", key, scope, preset) !== preset.digest) problems.push({ kind: "preset-digest", key });
    for (const modeKey of Object.keys(preset.modeDigests)) {
      const inBundle = Object.hasOwn(bundle.modes, modeKey) ? bundle.modes[modeKey] : undefined;
      if (inBundle && inBundle.digest !== preset.modeDigests[modeKey]) problems.push({ kind: "preset-pin", preset: key, mode: modeKey });
    }
  }
  for (const [key, rule] of Object.entries(bundle.rules ?? {})) {
    if (rule && digestComponent("rule", key, scope, rule) !== rule.digest) problems.push({ kind: "rule-digest", key });
  }
  if (computeBundleHash(bundle) !== bundle.bundleHash) problems.push({ kind: "bundle-hash" });
  // What Pi enforces is derived from what a reviewer reads: a stored expression must be the source's compilation.
  for (const p of bundlePatternProblems(bundle))
    problems.push(p.kind === "stored" ? { kind: "pattern", at: p.at, detail: p.detail } : { kind: "pattern-cost", total: p.total, largest: p.largest });
  // Every signature must hold: one that does not refuses the bundle as tampered, whoever signed it (an unknown key's
  // valid signature only fails to grant trust; a broken one means the bytes are not what someone signed).
  (bundle.signatures ?? []).forEach((signature, index) => {
    const detail = signatureProblem(bundle.bundleHash, signature);
    if (detail !== null) problems.push({ kind: "signature", index, fingerprint: signature.fingerprint, name: signature.name, detail });
  });
  return problems;
}

/** Verifies a parsed value; `expectedScope` (the runtime's) adds the scope check. */
export function verifyBundleValue(value: unknown, expectedScope?: BundleScope): BundleVerification {
  const shape = checkShape(value);
  if (shape !== null) return { bundle: null, problems: [shape] };
  const bundle = value as ForgeBundle;
  const problems: BundleProblem[] = [];
  if (expectedScope !== undefined && bundle.scope !== expectedScope) problems.push({ kind: "scope", declared: bundle.scope, expected: expectedScope });
  problems.push(...contentProblems(bundle));
  return { bundle, problems };
}

/**
 * Where JSON.parse stopped, never what it read: V8's message quotes the text it refused ("root:x:0:0"... is not
 * valid JSON), and a bundle path may lead anywhere, so its bytes must not reach build output or CI annotations.
 */
export function describeJsonError(error: unknown): string {
  const message = describeError(error);
  const at = /at position (\d+)/.exec(message);
  if (/Unexpected end of JSON input/.test(message)) return "the text ends before the JSON does; its content is not shown";
  return at ? `stops at character ${at[1]}; its content is not shown` : "its content is not shown";
}

/** Parses and verifies bundle text. */
export function verifyBundleText(text: string, expectedScope?: BundleScope): BundleVerification {
  const parsed = parseBundleJson(text);
  if (!parsed.ok) return { bundle: null, problems: [{ kind: "json", detail: describeJsonError(parsed.error) }] };
  return verifyBundleValue(parsed.value, expectedScope);
}

/**
 * A bundle of another format: written by a newer forge (this one cannot read it: update the reader) or an older one
 * (rebuild the bundle with this forge). Who wrote it is named when the file says.
 */
function describeFormat(format: unknown, writer: string | undefined): string {
  const by = writer === undefined ? "" : ` (written by forge ${writer})`;
  const reader = `this forge (${forgeVersion}) reads format ${SUPPORTED_BUNDLE_FORMAT}`;
  const which = `unsupported format ${JSON.stringify(format ?? null)}${by}`;
  if (typeof format === "number" && Number.isInteger(format) && format > SUPPORTED_BUNDLE_FORMAT) {
    return `${which}: a newer forge built it and ${reader}; update the extension: install forge ${writer ?? "of that version"} or newer where Pi loads it from (npm install -g pi-forge-modes@latest, or the project's devDependency), then restart Pi`;
  }
  return `${which}: an older forge built it and ${reader}; rebuild it with this forge (npx --no-install forge build)`;
}

/** The runtime's wording of a problem (after `forge: refused bundle <file>: `). */
export function describeBundleProblem(problem: BundleProblem): string {
  switch (problem.kind) {
    case "json":
      return `invalid JSON (${problem.detail})`;
    case "not-object":
      return "not a JSON object";
    case "format":
      return describeFormat(problem.format, problem.forgeVersion);
    case "schema":
      return problem.detail === null ? "does not match schema/bundle.schema.json" : `does not match schema/bundle.schema.json ${problem.detail}`;
    case "scope":
      return `declares scope "${problem.declared}" but is loaded as the ${problem.expected} bundle`;
    case "not-nfc":
      return `text at ${problem.path} is not in Unicode NFC, so it is not the text its digest was computed over (forge build writes NFC; the bundle was edited)`;
    case "mode-digest":
      return `mode "${problem.key}" digest mismatch (content was changed after forge build)`;
    case "update-digest":
      return `system update "${problem.id}" of preset "${problem.preset}" digest mismatch`;
    case "preset-digest":
      return `preset "${problem.key}" digest mismatch (content was changed after forge build)`;
    case "rule-digest":
      return `rule "${problem.key}" digest mismatch (content was changed after forge build)`;
    case "preset-pin":
      return `preset "${problem.preset}" pins mode "${problem.mode}" at a digest that differs from the bundle's`;
    case "bundle-hash":
      return "bundleHash mismatch (the bundle was edited after forge build)";
    case "pattern":
      return `${describePatternAt(problem.at)}: ${problem.detail}; the bundle was edited after forge build, or another forge version built it (rebuild it: npx --no-install forge build)`;
    case "pattern-cost":
      return `its path patterns cost ${problem.total.toLocaleString("en-US")}, over the ${MAX_PATTERN_COST.toLocaleString("en-US")} one bundle may hold (forge build refuses it: pattern_budget_exceeded); the largest: ${describeLargest(problem.largest)}`;
    case "signature":
      return `tampered: signature ${problem.index + 1} (by ${describeSigner(problem)}) is bad: ${problem.detail}`;
  }
}
