// Reads one bundle file for the runtime and verifies it with core's one verification; never throws.
import { LIMITS } from "../generated/constants.js";
import { readBoundedText } from "./read-bounded.js";
import type { Scope } from "../core/digest.js";
import { describeBundleProblem, verifyBundleText } from "../core/bundle-verify.js";
import type { ForgeBundle } from "../generated/types.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { bundlePatternMismatch, bundleRefused } from "../core/diagnostics/load-codes.js";
import { noticeText } from "../core/diagnostics/diagnostic-line.js";

export type BundleLoad =
  /** No bundle file at that place: not an error. */
  | { status: "absent"; file: string }
  | { status: "ok"; file: string; bundle: ForgeBundle }
  /**
   * The whole bundle is refused: `diagnostic` (bundle_refused, bundle_pattern_mismatch or layer_refused) names the file and the first problem;
   * `reason` is its notice text, `forge: <code>: <message>`.
   */
  | { status: "refused"; file: string; reason: string; diagnostic: Diagnostic };

/** A refused load of `file`, from its coded diagnostic. */
export function refusedLoad(file: string, diagnostic: Diagnostic): BundleLoad {
  return { status: "refused", file, reason: noticeText(diagnostic), diagnostic };
}

function refuse(file: string, why: string): BundleLoad {
  return refusedLoad(file, bundleRefused(file, why));
}

/** Verifies bundle text as the `expectedScope` bundle; any problem refuses the whole bundle. */
export function parseBundleText(text: string, expectedScope: Scope, file: string): BundleLoad {
  const { bundle, problems } = verifyBundleText(text, expectedScope);
  const first = problems[0];
  if (first?.kind === "pattern") return refusedLoad(file, bundlePatternMismatch(file, describeBundleProblem(first)));
  if (first !== undefined || bundle === null) return refuse(file, describeBundleProblem(first!));
  return { status: "ok", file, bundle };
}

/**
 * Reads a bundle file; a missing file is `absent`, anything else that is not a regular file under the bound (a
 * symlink to /dev/zero or a FIFO in a cloned repository) is refused before it is read, so Pi never hangs on it.
 */
export function loadBundleFile(file: string, expectedScope: Scope): BundleLoad {
  const read = readBoundedText(file, LIMITS.maxBundleBytes);
  if (!read.ok) return read.reason === "absent" ? { status: "absent", file } : refuse(file, `it ${read.detail}`);
  return parseBundleText(read.text, expectedScope, file);
}
