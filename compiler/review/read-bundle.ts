// Reads bundle text for `forge diff`: structural problems refuse it; digest, pin and hash mismatches become notes.
import { SUPPORTED_BUNDLE_FORMAT, describeBundleProblem, verifyBundleText, type BundleProblem } from "../../core/bundle-verify.js";
import type { ForgeBundle } from "../../generated/types.js";

export type ReadBundle = { ok: true; bundle: ForgeBundle; notes: string[] } | { ok: false; message: string };

/**
 * A reviewer's wording of a content mismatch. Unlike the runtime, `forge diff` still compares such a bundle
 * (reviewing a hand edit is the point), but says what the runtime would refuse it for.
 */
export function describeMismatch(problem: BundleProblem, name: string): string {
  switch (problem.kind) {
    case "mode-digest":
      return `${name}: mode ${problem.key} does not match its digest (edited after forge build)`;
    case "preset-digest":
      return `${name}: preset ${problem.key} does not match its digest (edited after forge build)`;
    case "update-digest":
      return `${name}: system update ${problem.id} of preset ${problem.preset} does not match its digest (edited after forge build)`;
    case "rule-digest":
      return `${name}: rule ${problem.key} does not match its digest (edited after forge build)`;
    case "preset-pin":
      return `${name}: preset ${problem.preset} pins mode ${problem.mode} at a digest that differs from the bundle's`;
    case "bundle-hash":
      return `${name}: bundleHash does not match the content (edited after forge build)`;
    case "not-nfc":
      return `${name}: text at ${problem.path} is not in Unicode NFC, so its digest does not cover the bytes (edited after forge build)`;
    case "scope":
      return `${name}: declares scope "${problem.declared}" but is read as the ${problem.expected} bundle`;
    case "signature":
      return `${name}: ${describeBundleProblem(problem)}`;
    default:
      return `${name}: ${problem.kind}`;
  }
}

/** `name` says where the text came from in messages, e.g. `HEAD:.pi/forge/bundle.json`. */
export function readBundleText(text: string, name: string): ReadBundle {
  const { bundle, problems } = verifyBundleText(text);
  const first = problems[0];
  switch (first?.kind) {
    case "json":
      return { ok: false, message: `${name} is not a forge bundle: invalid JSON (${first.detail})` };
    case "not-object":
      return { ok: false, message: `${name} is not a forge bundle: not a JSON object` };
    case "format": {
      const what = first.format === undefined ? 'it has no "format" field' : `unsupported format ${JSON.stringify(first.format)}`;
      return {
        ok: false,
        message: `${name} is not a forge bundle this forge reads: ${what} (expected format ${SUPPORTED_BUNDLE_FORMAT}, written by forge build)`,
      };
    }
    case "schema":
      return {
        ok: false,
        message: `${name} is not a valid forge bundle: does not match schema/bundle.schema.json${first.detail === null ? "" : ` ${first.detail}`}`,
      };
  }
  const notes = problems.map((p) => describeMismatch(p, name));
  if (notes.length > 0) notes.push(`${name}: Pi would refuse this bundle; run \`npx --no-install forge build\` to rebuild it`);
  return { ok: true, bundle: bundle!, notes };
}
