// Human text for forge diff's token deltas: `mode review: +12 tokens (40 -> 52)`, `preset shipping: +312 tokens always-on`,
// and what a mode's tools change does to the cached prefix, which its declarations lead.
import type { TokenChange, TokenDiff, ToolsChange } from "../review/token-diff.js";
import type { Painter } from "./painter.js";

const n = (x: number): string => x.toLocaleString("en-US");
const signed = (x: number): string => (x > 0 ? `+${n(x)}` : x < 0 ? `-${n(-x)}` : "±0");

function subject(c: TokenChange): string {
  return c.kind === "block" ? `block ${c.key} of preset ${c.preset}` : `${c.kind} ${c.key}`;
}

/** One line: the delta, then from -> to (or added/removed). */
export function describeTokenChange(c: TokenChange, uncounted: TokenDiff["uncounted"]): string {
  const what = subject(c);
  const onTop = c.kind === "preset" ? " always-on" : c.kind === "mode" ? "" : " when it switches on";
  if (c.delta === null) return `${what}: not counted in ${uncounted.map((s) => s.toUpperCase()).join(" and ")} (a bundle built before forge counted tokens)`;
  const range = c.from === null ? "added" : c.to === null ? "removed" : `${n(c.from)} -> ${n(c.to)}`;
  return `${what}: ${signed(c.delta)} ${Math.abs(c.delta) === 1 ? "token" : "tokens"}${onTop} (${range})`;
}

const toolsOf = (tools: string[] | null): string => (tools === null ? "Pi's own" : tools.length === 0 ? "none" : tools.join(", "));

/**
 * One line for a mode whose tools change: the counts leave the tool declarations out, yet they lead the cached prefix
 * (and Pi's default prompt lists the tools), so a session that takes the change sends nearly all of it again.
 */
export function describeToolsChange(c: ToolsChange): string {
  const presets = c.presets.length === 0 ? "" : `; presets ${c.presets.join(", ")} select it`;
  return `mode ${c.mode}: tools ${toolsOf(c.from)} -> ${toolsOf(c.to)}: the tool declarations lead the cached prefix, so taking this change rewrites nearly all of it (not in these counts${presets})`;
}

/** The "tokens" section of forge diff; empty when nothing changed. */
export function renderTokenDiff(t: TokenDiff, p: Painter): string[] {
  const all = [...t.components, ...t.presets];
  if (all.length === 0 && t.tools.length === 0) return [];
  const paint = (c: TokenChange, line: string) => (c.delta === null || c.delta === 0 ? line : p.paint(c.delta > 0 ? "yellow" : "green", line));
  return [
    p.paint("bold", `tokens (${t.tokenizer}: exact for ${t.exactFor}; an estimate for ${t.estimateFor}):`),
    ...all.map((c) => `  ${paint(c, describeTokenChange(c, t.uncounted))}`),
    ...t.tools.map((c) => `  ${p.paint("yellow", describeToolsChange(c))}`),
  ];
}
