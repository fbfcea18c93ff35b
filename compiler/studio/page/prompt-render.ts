// The composed prompt as text runs coloured by component: each run links to its component's source line, and filled
// slots are marked (cache-sensitive ones more strongly, with how often they change).
import type { ComposeComponent, PromptBlock, PromptSegment, PromptView } from "../model/studio-api.js";
import { el, type Child } from "./dom.js";
import { openSource } from "./source-panel.js";

/** Palette size in app.css (.c0 .. .c7): components past it reuse colours, their labels still tell them apart. */
const PALETTE = 8;

export function colourClass(position: number): string {
  return `c${(position - 1) % PALETTE}`;
}

function segmentNode(s: PromptSegment, components: ReadonlyMap<string, ComposeComponent>): Child {
  if (s.component === null) return el("span", { class: "seg host", attrs: { title: "Pi's own text (a sample)" } }, [s.text]);
  // The team policy's overlay: its own layer and colour (never a component's), first in every prompt Pi composes.
  if (s.layer === "policy")
    return el(
      s.slot ? "mark" : "span",
      {
        class: `seg policy ${s.role}`,
        attrs: {
          title: `team policy overlay ${s.component}: first in every prompt, cannot be deselected`,
          "data-layer": "policy",
          "data-component": s.component,
        },
      },
      [s.text],
    );
  const c = components.get(s.component);
  const colour = c ? colourClass(c.position) : "c0";
  const classes = ["seg", colour, s.role];
  let title = c ? `${c.key} (${c.role}, ${c.strategy}) — ${c.source.display}` : s.component;
  if (s.slot) {
    classes.push("slot");
    if (s.slot.cacheSensitive) classes.push("cache-sensitive");
    title = `{{${s.slot.name}}} (${s.slot.volatility}): ${s.slot.describe} — in ${title}`;
  }
  const attrs: Record<string, string> = { title, "data-component": s.component, "data-role": s.role };
  if (s.slot) attrs["data-slot"] = s.slot.name;
  const file = c?.source.file ?? null;
  if (file === null) return el(s.slot ? "mark" : "span", { class: classes.join(" "), attrs }, [s.text]);
  const line = c!.source.line;
  // The whole run is the link: keyboard users reach it with Tab, pointer users click anywhere in it.
  const link = el(
    "a",
    {
      class: classes.join(" "),
      attrs: { ...attrs, href: `#source=${encodeURIComponent(file)}:${line ?? 1}` },
      onClick: (event) => {
        event.preventDefault();
        void openSource(file, line);
      },
    },
    [s.slot ? el("mark", {}, [s.text]) : s.text],
  );
  return link;
}

function blockNode(block: PromptBlock, components: ReadonlyMap<string, ComposeComponent>, host: PromptView["host"]): HTMLElement {
  const pre = el(
    "pre",
    { class: "prompt", attrs: { tabindex: "0", "aria-label": block.name === null ? "composed prompt" : `section ${block.name}` } },
    block.segments.map((s) => segmentNode(s, components)),
  );
  if (host === "string") return pre;
  const owner = block.segments.find((s) => s.component !== null) ?? null;
  const whose = owner === null ? " (Pi)" : owner.layer === "policy" ? ` (team policy: ${owner.component})` : ` (forge: ${owner.component})`;
  return el("section", { class: "prompt-block", attrs: { "data-section": block.name ?? "" } }, [
    el("h4", {}, [el("code", {}, [block.name ?? ""]), whose]),
    pre,
  ]);
}

export function promptNode(prompt: PromptView, components: readonly ComposeComponent[]): HTMLElement {
  const byKey = new Map(components.map((c) => [c.key, c]));
  const intro =
    prompt.host === "string"
      ? "Pi 0.73.1 gets one string: forge returns it whole from before_agent_start."
      : "Pi 1.x gets structured sections: forge sets customPrompt (the preamble), one forge-<key> section per overlay, or forceSystemPrompt; Pi joins them with blank lines.";
  return el("div", { class: "prompt-view", attrs: { "data-host": prompt.host } }, [
    el("p", { class: "muted" }, [intro, ` ${prompt.chars.toLocaleString()} characters, ~${prompt.estimatedTokens.toLocaleString()} tokens.`]),
    prompt.attributed ? null : el("p", { class: "note" }, ["This prompt could not be split by component; it is shown whole."]),
    ...prompt.blocks.map((b) => blockNode(b, byKey, prompt.host)),
  ]);
}
