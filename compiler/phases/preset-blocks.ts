// A preset's system-update blocks as the bundle holds them (without their digests): what phase 10 counts and phase 12
// emits, built once here so the counted text is the emitted text.
import type { SystemUpdate } from "../../generated/types.js";
import { updateKey, type CompiledPaths } from "./8-paths.js";
import type { LoweredPreset } from "./9-lower.js";

const nfc = (text: string): string => text.normalize("NFC");

/** Each block of `p`: its fields in NFC, its content, and its compiled `when` when it has one. */
export function presetBlockEntries(p: LoweredPreset, paths: CompiledPaths): Array<Omit<SystemUpdate, "digest">> {
  return p.updates.map((u, i) => {
    const entry: Omit<SystemUpdate, "digest"> = {
      id: u.data.id,
      name: nfc(u.data.name),
      description: nfc(u.data.description),
      modelCallable: u.data.modelCallable ?? false,
      content: u.content,
    };
    const when = paths.updateWhen.get(updateKey(p.key, i));
    if (when !== undefined) entry.when = when;
    return entry;
  });
}
