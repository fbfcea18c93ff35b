// The YAML text of a preset source (presets/<name>.yaml) as /preset save, /preset import and forge preset import write
// it, through yaml's Document API.
import { Document, isMap, isSeq } from "yaml";
import type { DriftPolicy } from "../../core/selection.js";
import type { ForgePresetExport } from "../../generated/types.js";
import { commentFirstKey, WRITE_OPTIONS } from "./yaml-text.js";

export interface PresetSourceFields {
  /** Comment lines at the top (each written as `# <line>`). */
  header: readonly string[];
  description: string;
  base: string | null;
  overlays: readonly string[];
  driftPolicy: DriftPolicy;
}

/** Keys are validated keys; free text is whatever yaml needs it to be (plain, quoted or a block) to read back exactly. */
export function renderPresetSource(p: PresetSourceFields): string {
  const doc = new Document({ description: p.description, ...(p.base === null ? {} : { base: p.base }), overlays: [...p.overlays], driftPolicy: p.driftPolicy });
  // A header line never holds a line break, so it stays one comment line whatever a file name held.
  commentFirstKey(
    doc,
    p.header.map((h) => h.replace(/[\r\n]+/g, " ")),
  );
  // An empty list reads best as [], a non-empty one as a block list.
  if (isMap(doc.contents)) for (const pair of doc.contents.items) if (isSeq(pair.value)) pair.value.flow = pair.value.items.length === 0;
  return doc.toString(WRITE_OPTIONS);
}

/** The preset source an import writes: the export's keys, order and policy, with where it came from in a comment. */
export function importedPresetSource(value: ForgePresetExport, from: string): string {
  return renderPresetSource({
    header: [
      `Preset "${value.name}", imported by forge from ${JSON.stringify(from)} (exported by forge ${value.forgeVersion}).`,
      "Run `forge build` after editing it.",
    ],
    description: value.description,
    base: value.base,
    overlays: value.overlays,
    driftPolicy: value.driftPolicy,
  });
}
