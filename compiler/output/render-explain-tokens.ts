// Human text for forge explain's token figures: the always-on total, each part's share largest first, each block's
// cost when it switches on, and what the counts are exact for.
import type { ExplainReport } from "../review/explain.js";
import type { Painter } from "./painter.js";

const n = (x: number): string => x.toLocaleString("en-US");

/** The "tokens" section: nothing when refused; a line saying why when the bundle has no counts. */
export function renderTokens(r: ExplainReport, p: Painter): string[] {
  const t = r.tokens;
  if (t === null) return [];
  const out = ["", p.paint("bold", `tokens (${t.tokenizer}: exact for ${t.exactFor}; an estimate for ${t.estimateFor}):`)];
  if (t.alwaysOn === null) return [...out, p.paint("yellow", `  not counted: ${t.missing ?? "no counts"}`)];
  const whose = r.preset ? `preset ${r.preset.key}` : "these modes";
  out.push(`  always-on: ${n(t.alwaysOn)} tokens on every request while ${whose} is active (forge's own text; Pi's prompt comes on top)`);
  const width = Math.max(0, ...t.parts.map((part) => part.what.length));
  for (const part of t.parts) out.push(`    ${part.what.padEnd(width)}  ${n(part.tokens).padStart(7)}  ${`${part.share.toFixed(1)}%`.padStart(6)}`);
  if (t.blocks.length > 0) {
    out.push("  when a block switches on (its text arrives as a system update, on top of the always-on text):");
    const idWidth = Math.max(...t.blocks.map((b) => b.id.length));
    for (const b of t.blocks) out.push(`    ${b.id.padEnd(idWidth)}  ${b.tokens === null ? "not counted" : `+${n(b.tokens)} tokens`}`);
  }
  return out;
}
