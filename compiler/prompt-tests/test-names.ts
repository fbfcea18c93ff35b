// The names a test gives, checked against what the compiled sources offer (the catalog Pi would build, built-ins
// included): its preset or modes, the preset's blocks it switches on, and the path rules it asserts on.
import type { Catalog } from "../../core/component-catalog.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import { suggestClosest } from "../../core/suggest.js";
import { testUnknownName } from "../diagnostics/test-codes.js";
import type { ParsedSource } from "../phases/2-parse.js";
import { whereAt } from "../phases/yaml-positions.js";
import type { PromptTest } from "./test-case.js";

/** The ids a test's rules assertion may name: every offered rule, and the blocks with `when` of its preset. */
export function ruleIdsFor(test: Pick<PromptTest, "preset">, catalog: Catalog, rules: readonly RuleRef[]): string[] {
  const blocks = test.preset === null ? [] : (catalog.presets.get(test.preset)?.preset.systemUpdates ?? []).filter((b) => b.when).map((b) => b.id);
  return [...rules.map((r) => r.key), ...blocks];
}

/** Every unknown name of `test`, each at the place it is written. */
function checkOne(test: PromptTest, source: ParsedSource, catalog: Catalog, rules: readonly RuleRef[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const unknown = (segments: (string | number)[], what: string, name: string, known: readonly string[]) =>
    out.push(testUnknownName(whereAt(source, ["tests", test.index, ...segments]), test.name, what, name, suggestClosest(name, known), [...known].sort()));
  const presets = [...catalog.presets.keys()];
  if (test.preset !== null && !catalog.presets.has(test.preset)) {
    unknown(["preset"], "preset", test.preset, presets);
    return out;
  }
  const modes = [...catalog.modes.keys()];
  test.modes?.forEach((key, i) => {
    if (!catalog.modes.has(key)) unknown(["modes", i], "mode", key, modes);
  });
  if (test.preset !== null) {
    const blocks = catalog.presets.get(test.preset)!.preset.systemUpdates.map((b) => b.id);
    test.updates.forEach((id, i) => {
      if (!blocks.includes(id)) unknown(["updates", i], `system-update block of preset ${test.preset}`, id, blocks);
    });
  }
  const ruleIds = ruleIdsFor(test, catalog, rules);
  for (const side of ["on", "off"] as const) {
    test.assert.rules?.[side]?.forEach((id, i) => {
      if (!ruleIds.includes(id)) unknown(["assert", "rules", side, i], "path rule", id, ruleIds);
    });
  }
  return out;
}

/** The tests whose names all resolve, and a diagnostic for every name that does not. */
export function checkTestNames(
  tests: readonly PromptTest[],
  sources: ReadonlyMap<string, ParsedSource>,
  catalog: Catalog,
  rules: readonly RuleRef[],
): { runnable: PromptTest[]; diagnostics: Diagnostic[] } {
  const runnable: PromptTest[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const test of tests) {
    const own = checkOne(test, sources.get(test.file)!, catalog, rules);
    diagnostics.push(...own);
    if (own.length === 0) runnable.push(test);
  }
  return { runnable, diagnostics };
}
