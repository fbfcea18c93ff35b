// The pure tier of forge test: the request a fresh Pi session would send after a test's selection, switched-on blocks
// and touched paths, composed with the runtime's own core functions (selection, composition, each host's layout, the
// inventory, update tags, path-rule matching, tools and edit limits). No Pi, no I/O.
import { join } from "node:path";
import { checkContracts } from "../../core/candidate.js";
import type { Catalog } from "../../core/component-catalog.js";
import { composeSelection } from "../../core/composition.js";
import { sha256Hex } from "../../core/digest.js";
import { matchRules, ruleCandidates, type TriggerCache } from "../../core/path-rule-match.js";
import type { ActiveLimit } from "../../core/pinned-limits.js";
import { toolAllowedUnder } from "../../core/pinned-limits.js";
import { mergePreferences, resolveTools } from "../../core/preferences.js";
import { renderPromptInventory } from "../../core/prompt-inventory.js";
import { renderPromptString, sectionName } from "../../core/prompt-layout.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import { globRoot } from "../../core/rule-catalog.js";
import { sectionsDelivery } from "../../core/sections-delivery.js";
import { previewStateEntry } from "../../core/selection.js";
import { buildPromptVars, renderTemplate, type PromptVars } from "../../core/template.js";
import { projectRelative } from "../../core/tool-paths.js";
import { chooseBlockUpdateId } from "../../core/update-ids.js";
import { appendPromptBlock, INVENTORY_SECTION, renderApplyTag, UPDATE_TOOL_NAME } from "../../core/update-text.js";
import { LIMITS } from "../../generated/constants.js";
import type { Mode } from "../../generated/types.js";
import { resolveSelection, type ResolvedSelection } from "../review/inspection.js";
import { DEFAULT_ACTIVE_TOOLS, hasSections, PI_PLACEHOLDERS, renderSectionsPrompt, sectionsOf } from "./host-layouts.js";
import type { PromptView } from "./prompt-view.js";
import { inputsDate, modelOf, type HostId, type PromptTest } from "./test-case.js";

/** What every test of one side composes against: the sources compiled in memory, as Pi would load them. */
export interface TestContext {
  catalog: Catalog;
  /** The path rules the layers offer (rules/, nested context files). */
  rules: readonly RuleRef[];
  /** The project root (absolute): a test's paths are relative to it, a rule of another layer's to that layer's root. */
  root: string;
}

/** A test's selection, resolved as `/preset use` or `/mode set` would; an error when Pi would refuse it. */
export function resolveTestSelection(catalog: Catalog, test: Pick<PromptTest, "preset" | "modes">): ResolvedSelection | { error: string } {
  const spec = test.preset !== null ? { kind: "preset" as const, name: test.preset } : { kind: "modes" as const, keys: test.modes ?? [] };
  const resolved = resolveSelection(catalog, spec);
  if ("error" in resolved) return resolved;
  const violations = checkContracts(catalog, resolved.candidate);
  return violations.length > 0 ? { error: `the selection is refused: contracts: ${violations.join("; ")}` } : resolved;
}

/** The active tools after activation: Pi's defaults narrowed by the modes' tools, less what an edit limit turns off. */
function activeTools(modes: ReadonlyArray<{ key: string; mode: Mode; layer: string | null }>, callable: boolean): string[] {
  const limits: ActiveLimit[] = modes.flatMap(({ key, mode, layer }) => (mode.edits ? [{ kind: "limit" as const, mode: key, layer, limit: mode.edits }] : []));
  const tools = resolveTools(DEFAULT_ACTIVE_TOOLS, mergePreferences(modes.map((m) => m.mode)).tools).filter((t) =>
    toolAllowedUnder(limits, t, [UPDATE_TOOL_NAME]),
  );
  // The system-update feature adds its tool while the preset declares a callable block (runtime/updates/update-tool.ts).
  return callable && !tools.includes(UPDATE_TOOL_NAME) ? [...tools, UPDATE_TOOL_NAME] : tools;
}

interface Switched {
  messages: string[];
  rulesOn: string[];
}

/**
 * The messages of a fresh session: each block the test switches on (/system-update use, one message each, before the
 * prompt), then each rule a touched path switches on (the tool gate's step, once per rule, after the read).
 */
function switchedOn(ctx: TestContext, test: PromptTest, presetKey: string | null, vars: PromptVars): Switched {
  const preset = presetKey === null ? undefined : ctx.catalog.presets.get(presetKey);
  const known = new Map<string, string | null>();
  const messages: string[] = [];
  const activated = new Set<string>();
  const tell = (id: string, content: string) => {
    const digest = sha256Hex(content);
    const updateId = chooseBlockUpdateId({ known }, id, digest);
    known.set(updateId, digest);
    messages.push(renderApplyTag({ updateId, contentSnapshot: content }));
  };
  const renders = (content: string) => content.trim() !== "" && content.length <= LIMITS.maxPromptChars;
  for (const id of test.updates) {
    const block = preset?.preset.systemUpdates.find((b) => b.id === id);
    if (block === undefined) continue;
    const content = renderTemplate(block.content, vars, "");
    if (!renders(content)) continue;
    tell(id, content);
    activated.add(id);
  }
  const candidates = ruleCandidates(ctx.rules, preset ? { key: preset.key, blocks: preset.preset.systemUpdates, layer: preset.layer } : null);
  const cache: TriggerCache = new WeakMap();
  const applied = new Set<string>();
  const rulesOn: string[] = [];
  for (const path of test.inputs.touched) {
    const absolute = join(ctx.root, path);
    const relativeTo = (layer: string | null) => projectRelative(absolute, ctx.root, globRoot(layer, ctx.root), "/nonexistent");
    for (const { candidate } of matchRules(candidates, "read", (c) => [relativeTo(c.layer)], cache)) {
      const key = `${candidate.presetId ?? ""}/${candidate.id}`;
      if (applied.has(key) || (candidate.presetId !== undefined && activated.has(candidate.id))) continue;
      const content = renderTemplate(candidate.content, vars, "");
      if (!renders(content)) continue;
      applied.add(key);
      tell(candidate.id, content);
      rulesOn.push(candidate.id);
    }
  }
  return { messages, rulesOn };
}

/** The request `test` yields on `host` in a fresh session, as the runtime composes it. */
export function composeTestPrompt(ctx: TestContext, test: PromptTest, host: HostId): PromptView {
  const { catalog } = ctx;
  const { inputs } = test;
  const resolved = resolveTestSelection(catalog, test);
  const selection = "error" in resolved ? null : resolved;
  const presetKey = selection?.preset ?? null;
  const vars = buildPromptVars({ cwd: inputs.cwd, now: inputsDate(inputs), model: modelOf(inputs), os: inputs.os, preset: presetKey });
  const state = selection === null ? null : previewStateEntry(catalog, { ...selection.candidate, preset: presetKey, driftPolicy: "block" });
  const composition = composeSelection(catalog, { state, error: null }, vars).composition;
  const keys = state === null ? [] : [...(state.base === null ? [] : [state.base]), ...state.overlays];
  const modes = keys.map((key) => ({ key, mode: catalog.modes.get(key)!.mode, layer: catalog.modes.get(key)!.layer }));
  const preset = presetKey === null ? undefined : catalog.presets.get(presetKey);
  const blocks = preset?.preset.systemUpdates ?? [];
  const inventory = renderPromptInventory(presetKey, blocks, ctx.rules);
  const tools = activeTools(
    modes,
    blocks.some((b) => b.modelCallable),
  );
  let system: string;
  if (!hasSections(host)) {
    const options = { cwd: inputs.cwd, selectedTools: tools, contextFiles: [], skills: [] };
    system = appendPromptBlock(renderPromptString(PI_PLACEHOLDERS.prompt, options, composition) ?? PI_PLACEHOLDERS.prompt, inventory);
  } else {
    const delivery = sectionsDelivery(composition);
    if (delivery?.forceSystemPrompt != null) system = appendPromptBlock(delivery.forceSystemPrompt, inventory);
    else {
      const custom: Array<[string, string]> = (delivery?.sections ?? []).map((s) => [sectionName(s.key), s.body]);
      if (inventory !== "") custom.push([INVENTORY_SECTION, inventory]);
      system = renderSectionsPrompt(delivery?.customPrompt ?? null, inputs.cwd, custom);
    }
  }
  const switched = switchedOn(ctx, test, presetKey, vars);
  return {
    host,
    system,
    sections: hasSections(host) ? sectionsOf(system) : null,
    messages: switched.messages,
    tools,
    rulesOn: switched.rulesOn,
    refused: "error" in resolved ? resolved.error : null,
  };
}
