// A lowered template's segments in their one normal form: adjacent text merged, empty text dropped, NFC.
import type { Segment } from "../../generated/types.js";
import type { RawSegment } from "./handlebars-lower.js";

/** Merges adjacent text, drops empty text, then NFC-normalizes (after merging, so combining marks join up). */
export function normalizeSegments(raw: readonly RawSegment[]): Segment[] {
  const out: Segment[] = [];
  for (const seg of raw) {
    const last = out[out.length - 1];
    if ("text" in seg) {
      if (seg.text === "") continue;
      if (last && "text" in last) last.text += seg.text;
      else out.push({ text: seg.text });
    } else out.push({ slot: seg.slot });
  }
  for (const seg of out) if ("text" in seg) seg.text = seg.text.normalize("NFC");
  return out;
}
