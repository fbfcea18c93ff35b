// Whether a rebuilt bundle differs from the previous one only in the component an author changed inside Pi: on Pi 0.73.1,
// forge's trust is bound to the bundleHash, and an edit the user made through /mode or /preset keeps a trusted project trusted.
import type { ForgeBundle, Preset } from "../generated/types.js";
import { stringifyCanonical } from "./canonical-json.js";

/** The one component the authoring command wrote or removed. */
export interface AuthoredChange {
  kind: "mode" | "preset";
  key: string;
}

/** A preset with the parts that follow from the changed mode left out: its digest and that mode's entry in modeDigests. */
function presetWithout(preset: Preset, mode: string | null): string {
  const { digest: _digest, modeDigests, ...rest } = preset;
  const kept = Object.fromEntries(Object.entries(modeDigests).filter(([k]) => k !== mode));
  return stringifyCanonical({ ...rest, modeDigests: kept });
}

/**
 * True when every mode and preset of `next` other than `change` is in `previous` unchanged and nothing else was removed
 * (`previous` null: no bundle before). A preset that only re-pins the changed mode's digest counts as unchanged.
 */
export function changedOnly(previous: ForgeBundle | null, next: ForgeBundle, change: AuthoredChange): boolean {
  const before: Pick<ForgeBundle, "modes" | "presets"> = previous ?? { modes: {}, presets: {} };
  const others = (a: object, b: object, skip: string | null) => new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== skip));
  for (const key of others(before.modes, next.modes, change.kind === "mode" ? change.key : null)) {
    const a = Object.hasOwn(before.modes, key) ? before.modes[key] : undefined;
    const b = Object.hasOwn(next.modes, key) ? next.modes[key] : undefined;
    if (a === undefined || b === undefined || a.digest !== b.digest) return false;
  }
  const mode = change.kind === "mode" ? change.key : null;
  for (const key of others(before.presets, next.presets, change.kind === "preset" ? change.key : null)) {
    const a = Object.hasOwn(before.presets, key) ? before.presets[key] : undefined;
    const b = Object.hasOwn(next.presets, key) ? next.presets[key] : undefined;
    if (a === undefined || b === undefined || presetWithout(a, mode) !== presetWithout(b, mode)) return false;
  }
  return true;
}
