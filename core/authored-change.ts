// What a rebuilt bundle changed beyond the component an author changed inside Pi: on Pi 0.73.1, forge's trust is bound
// to the bundleHash, and an edit the user made through /mode or /preset keeps a trusted project trusted, nothing more.
import type { ForgeBundle, Preset } from "../generated/types.js";
import { stringifyCanonical } from "./canonical-json.js";
import { componentDigests, describeComponentChanges, type ComponentDigests } from "./component-changes.js";
import { sha256Hex } from "./digest.js";

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

const EMPTY: Pick<ForgeBundle, "modes" | "presets"> = { modes: {}, presets: {} };

/** A bundle's digests by kind without the authored component (a preset compared without its pin of an edited mode). */
function digestsBesides(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules" | "lock">, change: AuthoredChange): ComponentDigests {
  const all = componentDigests(bundle);
  const drop = (map: Record<string, string>, key: string) => void delete map[key];
  if (change.kind === "mode") {
    drop(all.modes, change.key);
    drop(all.limits, change.key);
    for (const [key, preset] of Object.entries(bundle.presets)) if (preset) all.presets[key] = sha256Hex(presetWithout(preset, change.key));
  } else {
    drop(all.presets, change.key);
    for (const block of Object.keys(all.blocks)) if (block.startsWith(`${change.key}/`)) drop(all.blocks, block);
  }
  return all;
}

/**
 * Every change of `next` over `previous` (null: no bundle before) other than `change`, one line per kind
 * (`rules: added inject`): modes, their edit limits, presets, their blocks, rules and libraries. Empty when the
 * rebuild changed only what the author wrote through Pi.
 */
export function unauthoredChanges(previous: ForgeBundle | null, next: ForgeBundle, change: AuthoredChange): string[] {
  return describeComponentChanges(digestsBesides(previous ?? EMPTY, change), digestsBesides(next, change));
}

/** True when every component of `next` other than `change` is in `previous` unchanged and nothing else was removed. */
export function changedOnly(previous: ForgeBundle | null, next: ForgeBundle, change: AuthoredChange): boolean {
  return unauthoredChanges(previous, next, change).length === 0;
}
