// Phase 10, tokens: the o200k_base token count of every mode, preset (its always-on text: base, overlays and the
// inventory of dormant blocks and rules, core/always-on.ts), block and rule, and the budgets checked against them.
import { alwaysOnParts, buildTimeVars, modeContribution, type AlwaysOnPart, type ModeText, type PresetText } from "../../core/always-on.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import type { InventoryRule } from "../../core/prompt-inventory.js";
import { renderTemplate } from "../../core/template.js";
import type { PresetTokens, Segment, TokenBudget, TokenCounts } from "../../generated/types.js";
import { countTokens, TOKENIZER } from "../tokens/count-tokens.js";
import { checkBudget, largestContributors, type BudgetSource } from "../tokens/budgets.js";
import { contextRuleLabel } from "./4-context.js";
import { presetBlockEntries } from "./preset-blocks.js";
import type { Lowered } from "./9-lower.js";
import { planCarry } from "./carry-libraries.js";
import { whereAt } from "./yaml-positions.js";
import type { Phase } from "./pipeline.js";

/** The value of phase 10: the lowered sources with the bundle's token counts. */
export interface Counted extends Lowered {
  tokens: TokenCounts;
}

const nfc = (text: string): string => text.normalize("NFC");

/** A preset as counted: its text view, its blocks' contents, and its budget with where it was declared. */
interface CountedPreset {
  key: string;
  text: PresetText;
  contents: ReadonlyArray<{ id: string; content: readonly Segment[] }>;
  budget: BudgetSource | null;
}

/**
 * Phase 10. Each count is kept while its text is the same (the text is the memo's dep: a string compares by value), so
 * a rebuild tokenizes only what changed. Budgets: a preset's own `budget`, each field else forge.yaml's.
 */
export const countBundleTokens: Phase<Lowered, Counted> = (input, { options, memo }) => {
  const diagnostics: Diagnostic[] = [];
  // A count is a pure function of the text: one kept from an earlier process (options.tokenCounts) is the same number.
  const countOnce = (text: string): number => {
    const known = options.tokenCounts?.get(text);
    if (known !== undefined) return known;
    const tokens = countTokens(text);
    options.tokenCounts?.set(text, tokens);
    return tokens;
  };
  const count = (subject: string, text: string): number =>
    memo.reuse(
      "tokens",
      subject,
      () => [text],
      () => countOnce(text),
    );
  const { lowered, paths } = input;
  const plan = planCarry(input.beneath.libraries, input.parsed.modeKeys, input.parsed.presetKeys);
  const config = input.valid.config;
  const rootBudget = config?.data.budget;

  // The modes a preset can name, as the bundle will hold them: own, carried from a library, then those beneath.
  const own = new Map<string, ModeText>(lowered.modes.map((m) => [m.key, { label: nfc(m.data.label), strategy: m.data.strategy, prompt: m.prompt }]));
  const carried = new Map<string, ModeText>([...plan.modes].map(([key, c]) => [key, c.mode]));
  const offered = input.beneath.offered.modes;
  const modeOf = (key: string): ModeText | undefined => own.get(key) ?? carried.get(key) ?? offered.get(key)?.mode;

  const modes: Record<string, number> = {};
  for (const [key, mode] of [...own, ...carried]) setOwn(modes, key, count(`mode ${key}`, modeContribution(key, mode, buildTimeVars(""))));

  // Nested context files' rules (phase 4) are rules of the bundle too: dormant lines in every preset's inventory.
  const rules: InventoryRule[] = [
    ...lowered.rules.map((r) => ({
      key: r.key,
      rule: { name: nfc(r.data.name), description: nfc(r.data.description), when: paths.ruleWhen.get(r.key) ?? { paths: [] } },
    })),
    ...input.contextRules.map((c) => ({ key: c.key, rule: { ...contextRuleLabel(c.entry), when: c.entry.when } })),
  ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ruleCounts: Record<string, number> = {};
  for (const r of lowered.rules) {
    const tokens = count(`rule ${r.key}`, renderTemplate(r.content, buildTimeVars(""), r.key));
    setOwn(ruleCounts, r.key, tokens);
    if (config && rootBudget?.block !== undefined) {
      const subject = { what: `rule "${r.key}"`, budget: "block" as const, declaredIn: "forge.yaml's budget" };
      diagnostics.push(...checkBudget(r.template?.where() ?? atFile(r.file), subject, tokens, rootBudget.block, []));
    }
  }
  for (const c of input.contextRules) {
    const tokens = count(`rule ${c.key}`, renderTemplate(c.entry.content, buildTimeVars(""), c.key));
    setOwn(ruleCounts, c.key, tokens);
    if (config && rootBudget?.block !== undefined) {
      const subject = { what: `rule "${c.key}" (${c.entry.path})`, budget: "block" as const, declaredIn: "forge.yaml's budget" };
      diagnostics.push(...checkBudget(atFile(c.source), subject, tokens, rootBudget.block, []));
    }
  }

  const counted: CountedPreset[] = [
    ...lowered.presets.map((p): CountedPreset => {
      const blocks = presetBlockEntries(p, paths);
      const budget = budgetFor(p.data.budget, rootBudget, p.file, config?.source.file ?? "forge.yaml");
      return {
        key: p.key,
        text: { base: p.data.base, overlays: p.data.overlays ?? [], systemUpdates: blocks },
        contents: blocks.map((b) => ({ id: b.id, content: b.content })),
        budget,
      };
    }),
    ...[...plan.presets].map(
      ([key, { preset }]): CountedPreset => ({
        key,
        text: preset,
        contents: preset.systemUpdates,
        budget: budgetFor(undefined, rootBudget, "", config?.source.file ?? "forge.yaml"),
      }),
    ),
  ];
  const presets: Record<string, PresetTokens> = {};
  for (const p of counted) {
    const parts = alwaysOnParts(p.key, p.text, modeOf, rules).map((part, i) => partTokens(part, count(`preset ${p.key} part ${i}`, part.text)));
    // The parts meet where the tokenizer always cuts (core/always-on.ts), so their sum is the whole text's count.
    const tokens: PresetTokens = { alwaysOn: parts.reduce((n, part) => n + part.tokens, 0), parts, blocks: {} };
    for (const b of p.contents) setOwn(tokens.blocks, b.id, count(`preset ${p.key} block ${b.id}`, renderTemplate(b.content, buildTimeVars(p.key), b.id)));
    setOwn(presets, p.key, tokens);
    diagnostics.push(...checkPresetBudgets(input, p, tokens));
  }
  const value: TokenCounts = { tokenizer: TOKENIZER as TokenCounts["tokenizer"], modes, presets };
  if (lowered.rules.length > 0) value.rules = ruleCounts;
  return { value: { ...input, tokens: value }, diagnostics };
};

/** Sets a key as an own data property: keys are validated, but never let one reach a prototype setter. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function partTokens(part: AlwaysOnPart, tokens: number): PresetTokens["parts"][number] {
  return part.key === null ? { kind: part.kind, tokens } : { kind: part.kind, key: part.key, tokens };
}

/** Each field from the preset's own budget, else forge.yaml's; null when neither sets one. */
function budgetFor(own: TokenBudget | undefined, root: TokenBudget | undefined, presetFile: string, configFile: string): BudgetSource | null {
  const alwaysOn =
    own?.alwaysOn !== undefined ? { limit: own.alwaysOn, own: true } : root?.alwaysOn !== undefined ? { limit: root.alwaysOn, own: false } : null;
  const block = own?.block !== undefined ? { limit: own.block, own: true } : root?.block !== undefined ? { limit: root.block, own: false } : null;
  if (alwaysOn === null && block === null) return null;
  return { alwaysOn, block, presetFile, configFile };
}

/** The budgets of one preset: its always-on text (naming the largest parts), and each block when it switches on. */
function checkPresetBudgets(input: Lowered, p: CountedPreset, tokens: PresetTokens): Diagnostic[] {
  const budget = p.budget;
  if (budget === null) return [];
  const preset = input.valid.presets.find((v) => v.source.key === p.key)?.source;
  const config = input.valid.config?.source;
  const declaredIn = (field: { own: boolean }) => (field.own ? "its budget" : "forge.yaml's budget");
  /** A preset's own budget points at its field; forge.yaml's at the preset (carried from a library: at forge.yaml). */
  const at = (field: { own: boolean }, name: "alwaysOn" | "block", inPreset: (string | number)[]) =>
    preset !== undefined ? whereAt(preset, field.own ? ["budget", name] : inPreset, "key") : whereAt(config!, ["budget", name], "key");
  const out: Diagnostic[] = [];
  if (budget.alwaysOn !== null) {
    const subject = { what: `preset "${p.key}"`, budget: "alwaysOn" as const, declaredIn: declaredIn(budget.alwaysOn) };
    out.push(...checkBudget(at(budget.alwaysOn, "alwaysOn", []), subject, tokens.alwaysOn, budget.alwaysOn.limit, largestContributors(tokens)));
  }
  if (budget.block !== null) {
    p.contents.forEach((b, i) => {
      const subject = { what: `block "${b.id}" of preset "${p.key}"`, budget: "block" as const, declaredIn: declaredIn(budget.block!) };
      out.push(...checkBudget(at(budget.block!, "block", ["systemUpdates", i]), subject, tokens.blocks[b.id] ?? 0, budget.block!.limit, []));
    });
  }
  return out;
}
