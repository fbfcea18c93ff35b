// The bundles a CLI command sees as Pi would layer them (built-in, global, and the target project's), each verified as
// the runtime verifies it: for forge preset export (what the exporter has) and import (what the importer has).
import { join } from "node:path";
import { describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import type { ScopedBundles } from "../../core/component-catalog.js";
import type { Scope } from "../../core/digest.js";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { agentDir, loadBuiltinBundle, type ForgeTarget } from "./forge-target.js";
import { BUNDLE_FILE } from "./read-sources.js";
import { displayPath } from "../output/display-path.js";

/** Every layer up to the target's scope; an absent bundle is skipped, an unusable one is skipped with a problem. */
export function loadScopeBundles(target: ForgeTarget, env: NodeJS.ProcessEnv): { bundles: ScopedBundles; problems: string[] } {
  const bundles: ScopedBundles = {};
  const problems: string[] = [];
  const builtin = loadBuiltinBundle();
  if (builtin.bundle) bundles.builtin = builtin.bundle;
  else if (builtin.problem) problems.push(builtin.problem);
  const files: Array<[Scope, string]> = [["global", join(agentDir(env), "forge", BUNDLE_FILE)]];
  if (target.scope === "project") files.push(["project", target.bundlePath]);
  for (const [scope, file] of files) {
    const read = readBoundedText(file, LIMITS.maxBundleBytes);
    const shown = displayPath(target.cwd, file);
    if (!read.ok) {
      if (read.reason !== "absent") problems.push(`the ${scope} bundle ${shown} ${read.detail}`);
      continue;
    }
    const { bundle, problems: found } = verifyBundleText(read.text, scope);
    if (bundle !== null && found.length === 0) bundles[scope] = bundle;
    else problems.push(`the ${scope} bundle ${shown} is not used: ${describeBundleProblem(found[0]!)}`);
  }
  return { bundles, problems };
}
