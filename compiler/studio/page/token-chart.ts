// The Compose view's token figures: the always-on total, a small bar chart of its composition (one bar per part, in
// the component's colour), each part's tokens and share, and what a block adds when it switches on.
import type { ComposeData } from "../model/studio-api.js";
import { el, type Child } from "./dom.js";
import { colourClass } from "./prompt-render.js";

const n = (x: number): string => x.toLocaleString("en-US");

/** One bar per part (its width its tokens), coloured as the Compose view colours its component, inventories grey. */
export function barChart(
  parts: ReadonlyArray<{ what: string; tokens: number; share?: number }>,
  colour: (index: number) => string,
  props: { id?: string; mini?: boolean } = {},
): HTMLElement {
  const total = parts.reduce((sum, p) => sum + p.tokens, 0);
  const share = (p: { tokens: number; share?: number }) => p.share ?? (total === 0 ? 0 : Math.round((p.tokens / total) * 1000) / 10);
  const bars = parts.map((p, i) => {
    const bar = el("span", { class: `token-bar ${colour(i)}`, attrs: { title: `${p.what}: ${n(p.tokens)} tokens (${share(p)}%)`, "data-part": p.what } });
    // Set through the CSSOM, which the page's Content-Security-Policy allows (a style attribute it would not).
    bar.style.flexGrow = String(p.tokens);
    return bar;
  });
  const label = `Always-on composition: ${parts.map((p) => `${p.what} ${share(p)}%`).join(", ")}`;
  return el(
    "div",
    { class: props.mini ? "token-chart mini" : "token-chart", ...(props.id ? { id: props.id } : {}), attrs: { role: "img", "aria-label": label } },
    bars,
  );
}

/** The section, or a note saying why there are no counts; nothing for a refused selection. */
export function tokensNode(data: ComposeData): Child[] {
  const t = data.tokens;
  if (t === null) return [];
  const heading = el("h3", {}, ["Always-on tokens"]);
  const scope = el("p", { class: "muted" }, [`${t.tokenizer}: exact for ${t.exactFor}; an estimate for ${t.estimateFor}.`]);
  if (t.alwaysOn === null) return [heading, el("p", { class: "note", id: "compose-tokens-total" }, [`Not counted: ${t.missing ?? "no counts"}`]), scope];
  const position = new Map(data.components.map((c) => [c.key, c.position]));
  const colour = (key: string | null) => (key !== null && position.has(key) ? colourClass(position.get(key)!) : "inventory");
  return [
    heading,
    el("p", { id: "compose-tokens-total" }, [
      el("strong", {}, [`${n(t.alwaysOn)} tokens`]),
      ` on every request while ${data.selection?.preset ? `preset ${data.selection.preset}` : "these modes"} ${data.selection?.preset ? "is" : "are"} active (forge's own text; Pi's prompt comes on top).`,
    ]),
    barChart(t.parts, (i) => colour(t.parts[i]!.key), { id: "compose-token-chart" }),
    el(
      "ul",
      { class: "token-parts", id: "compose-tokens" },
      t.parts.map((p) =>
        el("li", { attrs: { "data-part": p.what } }, [
          el("span", { class: `swatch ${colour(p.key)}`, attrs: { "aria-hidden": "true" } }),
          `${p.what}: ${n(p.tokens)} tokens (${p.share}%)`,
        ]),
      ),
    ),
    t.blocks.length === 0
      ? null
      : el("p", { id: "compose-block-tokens" }, [
          `When a block switches on: ${t.blocks.map((b) => `${b.id} +${b.tokens === null ? "?" : n(b.tokens)} tokens`).join(", ")}.`,
        ]),
    scope,
  ];
}
