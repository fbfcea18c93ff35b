// A bundle's token counts equal the tokenizer's own count of the text the runtime composes: the committed fixtures'
// counts byte for byte, and (a property) every preset's always-on count against core's composition of its prompt.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildTimeVars } from "../../core/always-on.js";
import { buildCatalog } from "../../core/component-catalog.js";
import { composeSelection } from "../../core/composition.js";
import { joinPromptBlocks, renderBlockInventory, renderRuleInventory } from "../../core/prompt-inventory.js";
import { overlayTail } from "../../core/prompt-layout.js";
import { collectRules } from "../../core/rule-catalog.js";
import { previewStateEntry } from "../../core/selection.js";
import { renderTemplate } from "../../core/template.js";
import { compile } from "../../compiler/compile.js";
import type { ForgeBundle } from "../../generated/types.js";
import { FIXED_OPTIONS, FIXTURES_DIR } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const library = createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string, options?: object): number };
/** The tokenizer's own count of a whole text, special-token spellings as ordinary text (as the API counts a prompt). */
const whole = (text: string): number => library.countTokens(text, { disallowedSpecial: new Set() });

/** Stands in for Pi's prompt, which forge's text follows; it is not forge's and is cut off again. */
const HOST = "<Pi's prompt>";

/**
 * forge's own always-on text of `preset` as the runtime composes it, with core's own code: the selection composed
 * (composeSelection), the base's text or Pi's prompt, the overlays as sections (overlayTail), then the inventory of
 * blocks and path rules joined as the runtime joins it (runtime/updates/block-inventory.ts), Pi's part cut off.
 */
function composedAlwaysOn(bundle: ForgeBundle, preset: string): string {
  const catalog = buildCatalog({ project: bundle });
  const entry = catalog.presets.get(preset)!;
  const state = previewStateEntry(catalog, { base: entry.preset.base ?? null, overlays: entry.preset.overlays, preset, driftPolicy: "block" });
  const composed = composeSelection(catalog, { state, error: null }, buildTimeVars(preset)).composition;
  if (composed.kind !== "compose") throw new Error(`preset ${preset} did not compose: ${composed.reason}`);
  const base = composed.base !== null && composed.base.text !== "" ? composed.base.text : null;
  const rules = collectRules([{ scope: "project", layer: null, bundle, trusted: true, file: "" }]);
  const inventory = joinPromptBlocks(renderBlockInventory(preset, entry.preset.systemUpdates), renderRuleInventory(rules));
  const prompt = joinPromptBlocks((base ?? HOST) + overlayTail(composed.overlays), inventory);
  return base === null ? prompt.slice(HOST.length) : prompt;
}

function readBundle(fixture: string): ForgeBundle {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, fixture, "bundle.json"), "utf8")) as ForgeBundle;
}

describe("the committed fixtures' token counts", () => {
  test.each(["valid-rich", "path-rules", "context-files"])("%s: every preset, block and rule equals the tokenizer's count of its composed text", (fixture) => {
    const bundle = readBundle(fixture);
    const tokens = bundle.tokens!;
    expect(tokens.tokenizer).toBe("o200k_base");
    expect(Object.keys(tokens.presets).sort()).toEqual(Object.keys(bundle.presets).sort());
    for (const [key, preset] of Object.entries(bundle.presets)) {
      const text = composedAlwaysOn(bundle, key);
      expect(tokens.presets[key]!.alwaysOn, `preset ${key}: ${JSON.stringify(text)}`).toBe(whole(text));
      expect(tokens.presets[key]!.parts.reduce((n, p) => n + p.tokens, 0)).toBe(tokens.presets[key]!.alwaysOn);
      for (const block of preset!.systemUpdates)
        expect(tokens.presets[key]!.blocks[block.id]).toBe(whole(renderTemplate(block.content, buildTimeVars(key), block.id)));
    }
    for (const [key, rule] of Object.entries(bundle.rules ?? {})) expect(tokens.rules![key]).toBe(whole(renderTemplate(rule!.content, buildTimeVars(""), key)));
  });
});

/** Prompt pieces that meet at every kind of edge: words, spaces, line breaks, "/" after a break, CJK, slots. */
const piece = fc.constantFrom(
  "Review",
  " the",
  " change",
  ".",
  "\n",
  "\n\n",
  "  ",
  "/",
  "\n/tmp",
  "#",
  "- ",
  "漢字",
  "😀",
  "don't",
  "{{preset}}",
  "{{mode}}",
  "<x>",
  "123",
  "\t",
);
const text = fc.array(piece, { minLength: 1, maxLength: 40 }).map((p) => p.join("").trim() || "x");
const label = fc.constantFrom("Plan", "Code review", "Évidence", "漢字 mode");
const yamlString = (s: string): string => JSON.stringify(s);

const sources = fc.record({
  base: fc.option(fc.record({ strategy: fc.constantFrom("replace_base", "replace_final"), prompt: text }), { nil: undefined }),
  overlays: fc.array(fc.record({ label, prompt: text }), { maxLength: 3 }),
  blocks: fc.array(fc.record({ name: label, description: text, content: text, callable: fc.boolean() }), { maxLength: 2 }),
  rule: fc.option(fc.record({ description: text, content: text }), { nil: undefined }),
});

describe("property: a preset's always-on count is the count of its composed prompt", () => {
  test("for random modes, overlays, blocks and rules", () => {
    fc.assert(
      fc.property(sources, (s) => {
        // replace_final is the exact final prompt: it takes no overlays.
        const overlays = s.base?.strategy === "replace_final" ? [] : s.overlays;
        const files: Record<string, string> = {};
        if (s.base) files["modes/base.yaml"] = `label: Base\ndescription: The base.\nstrategy: ${s.base.strategy}\nprompt: ${yamlString(s.base.prompt)}\n`;
        overlays.forEach(
          (o, i) =>
            (files[`modes/o${i}.yaml`] = `label: ${yamlString(o.label)}\ndescription: An overlay.\nstrategy: append\nprompt: ${yamlString(o.prompt)}\n`),
        );
        if (!s.base && overlays.length === 0) files["modes/o0.yaml"] = "label: Only\ndescription: x\nstrategy: append\nprompt: Only.\n";
        const blocks = s.blocks.map(
          (b, i) =>
            `  - id: b${i}\n    name: ${yamlString(b.name)}\n    description: ${yamlString(b.description)}\n    modelCallable: ${b.callable}\n    content: ${yamlString(b.content)}\n`,
        );
        const overlayKeys = overlays.length > 0 || s.base ? overlays.map((_, i) => `o${i}`) : ["o0"];
        files["presets/p.yaml"] =
          `description: P.\n${s.base ? "base: base\n" : ""}overlays: [${overlayKeys.join(", ")}]\n${blocks.length ? `systemUpdates:\n${blocks.join("")}` : ""}`;
        if (s.rule)
          files["rules/r.yaml"] = `name: R\ndescription: ${yamlString(s.rule.description)}\nwhen:\n  paths: [src/**]\ncontent: ${yamlString(s.rule.content)}\n`;
        const result = compile(treeOf(files), FIXED_OPTIONS);
        expect(result.bundle, JSON.stringify(result.diagnostics)).not.toBeNull();
        const bundle = result.bundle!;
        expect(bundle.tokens!.presets.p!.alwaysOn).toBe(whole(composedAlwaysOn(bundle, "p")));
      }),
      { numRuns: 60 },
    );
  });
});
