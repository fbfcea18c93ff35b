// The exact bytes of bundle.json: canonical JSON, 2-space indent, LF, trailing newline.
import { stringifyCanonicalPretty, type CanonicalCache } from "../../core/canonical-json.js";
import type { ForgeBundle } from "../../generated/types.js";

/** `cache`: the entries' texts an incremental rebuild already wrote (compiler/incremental-compile.ts). */
export function emitBundleText(bundle: ForgeBundle, cache: CanonicalCache | null = null): string {
  return stringifyCanonicalPretty(bundle, cache);
}
