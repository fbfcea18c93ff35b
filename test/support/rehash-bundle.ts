// Recomputes a bundle's digests, pins and bundleHash after an edit, as someone hand-crafting a bundle would (tests only).
import { computeBundleHash, digestComponent } from "../../core/digest.js";
import type { ForgeBundle } from "../../generated/types.js";

/** Every mode and update digest, every preset's mode pins and digest, then the bundleHash: the bundle verifies again. */
export function rehashBundle(bundle: ForgeBundle): void {
  for (const [key, mode] of Object.entries(bundle.modes)) mode!.digest = digestComponent("mode", key, bundle.scope, mode!);
  for (const [key, preset] of Object.entries(bundle.presets)) {
    for (const u of preset!.systemUpdates) u.digest = digestComponent("update", u.id, bundle.scope, u);
    for (const mode of Object.keys(preset!.modeDigests)) if (bundle.modes[mode]) preset!.modeDigests[mode] = bundle.modes[mode]!.digest;
    preset!.digest = digestComponent("preset", key, bundle.scope, preset!);
  }
  bundle.bundleHash = computeBundleHash(bundle);
}
