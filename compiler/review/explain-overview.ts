// `forge explain` with no names: everything one scope's sources offer, a line or two per component, so a reviewer can
// read what trusting a bundle turns on (prompts that replace Pi's, tools, MCP servers that start processes, limits).
import type { Catalog } from "../../core/component-catalog.js";
import type { Scope } from "../../core/digest.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import type { Mode } from "../../generated/types.js";
import { explainTools } from "./explain-tools.js";

export interface OverviewMode {
  key: string;
  label: string;
  strategy: Mode["strategy"];
  source: string;
  /** What forge's tool gate lets run while it is selected, in the gate's words (core/tool-report.ts); null: Pi's own tools. */
  tools: string | null;
  /** Each MCP server it brings and what that starts (a command) or reaches (a URL), as explain and /mode status say it. */
  mcpServers: Array<{ name: string; target: string }>;
  /** Whether it limits edits (edits:). */
  edits: boolean;
  model: string | null;
  thinking: string | null;
}

export interface OverviewPreset {
  key: string;
  description: string;
  source: string;
  /** The base (if any) then the overlays, in prompt order. */
  modes: string[];
  /** Its system-update blocks, by id. */
  blocks: string[];
}

export interface ExplainOverview {
  scope: Scope;
  presets: OverviewPreset[];
  modes: OverviewMode[];
  rules: Array<{ key: string; source: string }>;
  /** How many components other scopes offer beside these (built-in, global, or this scope shadowed), by scope. */
  elsewhere: Partial<Record<Scope, number>>;
}

type DescribeSource = (scope: Scope, source: string, layer: string | null) => string;

/** The components of `scope` the catalog offers (its own layers, libraries carried in it), sorted by key. */
export function explainOverview(catalog: Catalog, rules: readonly RuleRef[], scope: Scope, describe: DescribeSource): ExplainOverview {
  const elsewhere: Partial<Record<Scope, number>> = {};
  /** The entries of this scope by key; those of other scopes are only counted. */
  const ownOf = <T extends { key: string; scope: Scope }>(entries: Iterable<T>): T[] => {
    const sorted = [...entries].sort((a, b) => a.key.localeCompare(b.key));
    for (const { scope: other } of sorted) if (other !== scope) elsewhere[other] = (elsewhere[other] ?? 0) + 1;
    return sorted.filter((entry) => entry.scope === scope);
  };
  const sourceOf = (origin: { scope: Scope; layer: string | null }, source: string, library: string | undefined) =>
    library === undefined ? describe(origin.scope, source, origin.layer) : `${library}: ${source}`;
  const modes = ownOf(catalog.modes.values()).map((entry): OverviewMode => {
    const { mode } = entry;
    // The mode selected alone: the same report explain <mode> and /mode status show.
    const report = explainTools(catalog, [{ key: entry.key, mode, layer: entry.layer }], null);
    return {
      key: entry.key,
      label: mode.label,
      strategy: mode.strategy,
      source: sourceOf(entry, mode.source, mode.library),
      tools: report.sets[0]?.allows ?? null,
      mcpServers: report.servers.map((server) => ({ name: server.name, target: server.target })),
      edits: mode.edits !== undefined,
      model: mode.model ?? null,
      thinking: mode.thinking ?? null,
    };
  });
  const presets = ownOf(catalog.presets.values()).map(
    ({ key, preset, ...origin }): OverviewPreset => ({
      key,
      description: preset.description,
      source: sourceOf(origin, preset.source, preset.library),
      modes: [...(preset.base === undefined ? [] : [preset.base]), ...preset.overlays],
      blocks: preset.systemUpdates.map((block) => block.id),
    }),
  );
  const own = rules.filter((ref) => ref.scope === scope).sort((a, b) => a.key.localeCompare(b.key));
  return { scope, presets, modes, rules: own.map((ref) => ({ key: ref.key, source: describe(ref.scope, ref.rule.source, ref.layer) })), elsewhere };
}
