// forge explain's token figures: a preset's always-on total, each part's share (largest first) and each block's cost
// when it switches on, read from the token counts each bundle carries (phase 10-tokens), never recounted here.
import { forgeCommand } from "../../core/forge-command.js";
import type { AlwaysOnPart, TokenCounts } from "../../generated/types.js";
import { describePart } from "../tokens/part-names.js";
import type { CliExplainTokens } from "../../generated/types.js";
import type { Holds } from "./schema-check.js";

/** Where a component came from (core/component-catalog.ts's Origin; spelled out so the studio page needs no core). */
export interface Origin {
  scope: string;
  layer: string | null;
}

/** What the figures read of the catalog. */
interface Catalog {
  presets: ReadonlyMap<string, Origin & { key: string; preset: { systemUpdates: ReadonlyArray<{ id: string }> } }>;
  modes: ReadonlyMap<string, Origin>;
}

/** What the counts are exact for, and what they only estimate: said beside every figure, in text and JSON. */
export const TOKENIZER_SCOPE = {
  tokenizer: "o200k_base",
  exactFor: "OpenAI's o200k family (GPT-4o, GPT-4.1, GPT-5, o-series)",
  estimateFor: "other families such as Claude and Gemini, whose tokenizers differ",
} as const;

/** The token counts of the bundle a component came from (its scope and layer); null when that bundle has none. */
export type TokensOf = (origin: Origin) => TokenCounts | null;

export interface ExplainTokenPart {
  kind: AlwaysOnPart["kind"] | "mode";
  /** The mode of a base, overlay or mode part; null for an inventory. */
  key: string | null;
  /** As messages name it: "overlay review", "the inventory of blocks". */
  what: string;
  tokens: number;
  /** Percent of the always-on total, one decimal. */
  share: number;
}

export interface ExplainTokens {
  tokenizer: "o200k_base";
  exactFor: string;
  estimateFor: string;
  /** forge's own always-on text (base, overlays, the inventory of dormant blocks and rules); null when not counted. */
  alwaysOn: number | null;
  /** The always-on parts, largest first (ties in prompt order). */
  parts: ExplainTokenPart[];
  /** Each system-update block of the preset: its text's tokens when it switches on (null: not counted). */
  blocks: Array<{ id: string; tokens: number | null }>;
  /** Why there are no counts (a bundle built before forge counted tokens); null when counted. */
  missing: string | null;
}

/** forge explain --json carries it as the schema's CliExplainTokens. */
export type ExplainTokensMatchesSchema = Holds<ExplainTokens extends CliExplainTokens ? true : false>;

const share = (tokens: number, total: number): number => (total === 0 ? 0 : Math.round((tokens / total) * 1000) / 10);

function largestFirst(parts: ReadonlyArray<Omit<ExplainTokenPart, "share">>, total: number): ExplainTokenPart[] {
  return parts
    .map((p, i) => ({ part: { ...p, share: share(p.tokens, total) }, i }))
    .sort((a, b) => b.part.tokens - a.part.tokens || a.i - b.i)
    .map((x) => x.part);
}

/** No path here: every path a command prints goes through display-path (test/cli/path-sweep.test.ts). */
const notCounted = (origin: Origin): string =>
  `its ${origin.scope} bundle carries no token counts (built before forge counted tokens): rebuild it with ${forgeCommand("build")}`;

/**
 * A preset's figures from its own bundle's counts, or a mode list's from each mode's bundle (no preset: no inventory,
 * each mode as forge adds it). Pure.
 */
export function explainTokens(catalog: Catalog, preset: string | null, modes: readonly string[], tokensOf: TokensOf): ExplainTokens {
  const head = { ...TOKENIZER_SCOPE, tokenizer: "o200k_base" as const };
  const entry = preset === null ? undefined : catalog.presets.get(preset);
  if (entry !== undefined) {
    const counts = tokensOf(entry)?.presets[entry.key];
    const blocks = entry.preset.systemUpdates.map((u) => ({ id: u.id, tokens: counts?.blocks[u.id] ?? null }));
    if (counts === undefined) return { ...head, alwaysOn: null, parts: [], blocks, missing: notCounted(entry) };
    const parts = counts.parts.map((p) => ({ kind: p.kind, key: p.key ?? null, what: describePart(p), tokens: p.tokens }));
    return { ...head, alwaysOn: counts.alwaysOn, parts: largestFirst(parts, counts.alwaysOn), blocks, missing: null };
  }
  const parts: Array<Omit<ExplainTokenPart, "share">> = [];
  for (const key of modes) {
    const mode = catalog.modes.get(key);
    const tokens = mode === undefined ? undefined : tokensOf(mode)?.modes[key];
    if (mode === undefined || tokens === undefined)
      return { ...head, alwaysOn: null, parts: [], blocks: [], missing: mode === undefined ? `mode ${key} is not offered` : notCounted(mode) };
    parts.push({ kind: "mode", key, what: `mode ${key}`, tokens });
  }
  const total = parts.reduce((n, p) => n + p.tokens, 0);
  return { ...head, alwaysOn: total, parts: largestFirst(parts, total), blocks: [], missing: null };
}

/** The tokens of one explained component: its part of the preset's always-on text, or the mode alone. */
export function componentTokens(tokens: ExplainTokens | null, key: string): number | null {
  return tokens?.parts.find((p) => p.key === key && p.kind !== "blocks" && p.kind !== "rules")?.tokens ?? null;
}
