// core/sections-delivery.ts against the runtime's 1.x adapter: the data studio shows is what the adapter sets.
import { describe, expect, it } from "vitest";
import type { Composition } from "../../core/composition.js";
import { sectionsDelivery } from "../../core/sections-delivery.js";
import { sectionsHostAdapter } from "../../runtime/host-adapter/index.js";
import type { PromptOptions as HostPromptOptionsLike } from "../../runtime/host-adapter/ports.js";

const compositions: Array<[string, Composition]> = [
  ["native", { kind: "native", reason: null }],
  [
    "overlays only",
    {
      kind: "compose",
      base: null,
      overlays: [
        { key: "plan", label: "Plan", text: "# Plan\n\nThink." },
        { key: "review", label: "Review", text: "# Review\n\nLook." },
      ],
    },
  ],
  [
    "an empty overlay is dropped",
    {
      kind: "compose",
      base: null,
      overlays: [
        { key: "empty", label: "E", text: "" },
        { key: "b", label: "B", text: "# B\n\nb" },
      ],
    },
  ],
  [
    "replace_base",
    {
      kind: "compose",
      base: { key: "arch", strategy: "replace_base", text: "You design." },
      overlays: [{ key: "plan", label: "Plan", text: "# Plan\n\nThink." }],
    },
  ],
  [
    "empty replace_base",
    { kind: "compose", base: { key: "arch", strategy: "replace_base", text: "" }, overlays: [{ key: "plan", label: "Plan", text: "# Plan\n\nThink." }] },
  ],
  ["replace_final", { kind: "compose", base: { key: "exact", strategy: "replace_final", text: "Exactly this." }, overlays: [] }],
  ["empty replace_final", { kind: "compose", base: { key: "exact", strategy: "replace_final", text: "" }, overlays: [] }],
];

describe("sectionsDelivery", () => {
  it.each(compositions)("matches what the 1.x adapter sets: %s", (_name, composition) => {
    const options: HostPromptOptionsLike & { sections: Record<string, string> } = { cwd: "/repo", sections: {} };
    sectionsHostAdapter.applyComposition({ systemPrompt: "native", systemPromptOptions: options }, composition);
    const delivery = sectionsDelivery(composition);
    const set = {
      customPrompt: options.customPrompt ?? null,
      sections: Object.entries(options.sections),
      forceSystemPrompt: options.forceSystemPrompt ?? null,
    };
    const shown = {
      customPrompt: delivery?.customPrompt ?? null,
      sections: (delivery?.sections ?? []).map((s) => [s.name, s.body]),
      forceSystemPrompt: delivery?.forceSystemPrompt ?? null,
    };
    expect(shown).toEqual(set);
    if (delivery === null) expect(set).toEqual({ customPrompt: null, sections: [], forceSystemPrompt: null });
  });
});
