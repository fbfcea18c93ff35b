// forge diff's token deltas: every changed component (mode, rule, block) and every affected preset's always-on text,
// from the token counts both bundles carry (phase 10-tokens), and the modes whose tools change (the tool declarations
// lead the cached prefix, ahead of any text counted here). Pure.
import type { CliTokenDiff, TokenCounts } from "../../generated/types.js";
import type { Holds } from "./schema-check.js";
import { TOKENIZER_SCOPE } from "./explain-tokens.js";

export interface TokenChange {
  kind: "mode" | "rule" | "block" | "preset";
  key: string;
  /** The preset a block belongs to; null otherwise. */
  preset: string | null;
  /** Tokens in A and B (a preset's: its always-on text); null where the component is absent or the side has no counts. */
  from: number | null;
  to: number | null;
  /** B - A (absent counts as 0); null when a side carries no counts. */
  delta: number | null;
}

export interface TokenDiff {
  tokenizer: "o200k_base";
  exactFor: string;
  estimateFor: string;
  /** The sides whose bundle carries no token counts (built before forge counted tokens). */
  uncounted: Array<"a" | "b">;
  /** Changed modes, rules and blocks: listed as changed, or their counts differ. */
  components: TokenChange[];
  /** Every preset added, removed, changed or affected, or whose always-on count differs. */
  presets: TokenChange[];
  /**
   * Every changed mode whose `tools:` differ. The counts above are forge's text only; the tools Pi declares lead the
   * cached prefix (and Pi's default prompt lists them), so a session that takes such a change rewrites nearly all of it.
   */
  tools: ToolsChange[];
}

/** A mode's `tools:` in A and B (null: the mode names none, so Pi's own stay), and the presets that select it. */
export interface ToolsChange {
  mode: string;
  from: string[] | null;
  to: string[] | null;
  presets: string[];
}

/** forge diff --json carries it as the schema's CliTokenDiff. */
export type TokenDiffMatchesSchema = Holds<TokenDiff extends CliTokenDiff ? true : false>;

type Keyed = ReadonlyArray<{ key: string }>;
type Sides = { added: Keyed; removed: Keyed; changed: Keyed };
/** A changed field as the semantic diff reports it (compiler/review/diff-report.ts FieldChange). */
type Field = { field: string; from: unknown; to: unknown };
/** What the token side reads of the semantic diff (compiler/review/diff-report.ts), by key. */
export interface ChangedKeys {
  modes: { added: Keyed; removed: Keyed; changed: ReadonlyArray<{ key: string; fields?: ReadonlyArray<Field> }> };
  rules: Sides;
  presets: {
    added: Keyed;
    removed: Keyed;
    changed: ReadonlyArray<{
      key: string;
      systemUpdates: { added: ReadonlyArray<{ id: string }>; removed: ReadonlyArray<{ id: string }>; changed: ReadonlyArray<{ id: string }> };
    }>;
  };
  affectedPresets: ReadonlyArray<{ preset: string; modes?: ReadonlyArray<{ key: string }> }>;
}

const toolList = (v: unknown): string[] | null => (Array.isArray(v) ? v.map(String) : null);

/** The changed modes whose tools differ, each with the affected presets that select it. */
function toolChanges(diff: ChangedKeys): ToolsChange[] {
  return diff.modes.changed.flatMap(({ key, fields }) => {
    const tools = fields?.find((f) => f.field === "tools");
    if (tools === undefined) return [];
    const presets = diff.affectedPresets.filter((p) => p.modes?.some((m) => m.key === key)).map((p) => p.preset);
    return [{ mode: key, from: toolList(tools.from), to: toolList(tools.to), presets }];
  });
}

type Counts = Readonly<Record<string, number | undefined>>;
const own = (counts: Counts | null, key: string): number | null => (counts !== null && Object.hasOwn(counts, key) ? (counts[key] ?? null) : null);
const sortedUnion = (...lists: Iterable<string>[]): string[] => [...new Set(lists.flatMap((l) => [...l]))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

function changesOf(kind: TokenChange["kind"], preset: string | null, a: Counts | null, b: Counts | null, listed: Iterable<string>): TokenChange[] {
  const out: TokenChange[] = [];
  const named = new Set(listed);
  for (const key of sortedUnion(named, a === null ? [] : Object.keys(a), b === null ? [] : Object.keys(b))) {
    const from = own(a, key);
    const to = own(b, key);
    const counted = a !== null && b !== null;
    if (!named.has(key) && (!counted || from === to)) continue;
    out.push({ kind, key, preset, from, to, delta: counted ? (to ?? 0) - (from ?? 0) : null });
  }
  return out;
}

const keysOf = (...lists: ReadonlyArray<ReadonlyArray<{ key: string }>>): string[] => lists.flatMap((l) => l.map((x) => x.key));

/** The token side of a diff; `a`/`b`: each bundle's counts, undefined when it carries none (no bundle: empty counts). */
export function compareTokens(a: TokenCounts | undefined, b: TokenCounts | undefined, diff: ChangedKeys): TokenDiff {
  const A = a ?? null;
  const B = b ?? null;
  const uncounted: TokenDiff["uncounted"] = [...(A === null ? ["a" as const] : []), ...(B === null ? ["b" as const] : [])];
  const { modes, presets, rules, affectedPresets } = diff;
  const components = [
    ...changesOf("mode", null, A?.modes ?? null, B?.modes ?? null, keysOf(modes.added, modes.removed, modes.changed)),
    ...changesOf("rule", null, A?.rules ?? (A === null ? null : {}), B?.rules ?? (B === null ? null : {}), keysOf(rules.added, rules.removed, rules.changed)),
  ];
  const changed = new Map(presets.changed.map((p) => [p.key, p.systemUpdates]));
  const blocksOf = (t: TokenCounts | null, key: string) => (t === null ? null : Object.hasOwn(t.presets, key) ? (t.presets[key]?.blocks ?? {}) : {});
  for (const key of sortedUnion(Object.keys(A?.presets ?? {}), Object.keys(B?.presets ?? {}), changed.keys())) {
    const u = changed.get(key);
    const listed = u === undefined ? [] : [...u.added, ...u.removed, ...u.changed].map((x) => x.id);
    components.push(...changesOf("block", key, blocksOf(A, key), blocksOf(B, key), listed));
  }
  const alwaysOn = (t: TokenCounts | null): Counts | null =>
    t === null ? null : Object.fromEntries(Object.entries(t.presets).map(([k, p]) => [k, p?.alwaysOn]));
  const listedPresets = [...keysOf(presets.added, presets.removed, presets.changed), ...affectedPresets.map((p) => p.preset)];
  const presetChanges = changesOf("preset", null, alwaysOn(A), alwaysOn(B), listedPresets);
  return { ...TOKENIZER_SCOPE, tokenizer: "o200k_base", uncounted, components, presets: presetChanges, tools: toolChanges(diff) };
}
