// The provider's own usage on a session branch, read from the entries Pi records (assistant messages' `usage`, 1.x
// `usage` entries and compaction summaries), with each prefix rewrite and what changed before it. Pure: /forge cost.
import type { SessionEntry } from "./delivery-view.js";
import { MODE_STATE_TYPE } from "./mode-state-reducer.js";
import { UPDATE_ENTRY_TYPE } from "./update-events.js";

/**
 * What changed between two requests: forge's own actions (a selection change, a system update, a rule switching on,
 * a prompt sent without drifted modes), the user's (or Pi's) model switch and compaction, and a change of the tools the
 * request declares (which lead the cached prefix), whoever made it.
 */
export type RewriteCause = "mode" | "preset" | "update" | "rule" | "leave-out" | "model" | "compaction" | "tools";
export const FORGE_CAUSES: readonly RewriteCause[] = ["mode", "preset", "update", "rule", "leave-out"];
export const USER_CAUSES: readonly RewriteCause[] = ["model", "compaction"];

/**
 * The entry the drift dialog's "Send without" appends (runtime/drift-hold.ts): that prompt composes the selection
 * without the drifted modes, which changes the prompt like a selection change does, so the ledger attributes it.
 */
export const LEAVE_OUT_TYPE = "forge-drift-answer";

export interface TokenTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** One request the provider reported usage for. */
export interface RequestUsage extends TokenTotals {
  /** `turn`: an assistant message; `summary`: a compaction's summary; else a 1.x usage entry's kind (`cache_warm`). */
  kind: string;
  entryId: string | null;
  /** The model that answered (a usage entry names it; a summary is the branch's model then); null when unknown. */
  provider: string | null;
  model: string | null;
}

/** A turn whose cache read covers less of the prompt than the previous turn sent. */
export interface PrefixRewrite {
  /** Index among the branch's turns (assistant messages with usage). */
  turn: number;
  entryId: string | null;
  /** The previous turn's whole prompt (input + cacheRead + cacheWrite) minus this turn's cache read. */
  missedTokens: number;
  /** What changed since the previous turn, in branch order, each once; empty: nothing recorded (a cache that expired). */
  causes: RewriteCause[];
  /**
   * Who caused it: forge's own actions, the user's model switch or compaction, both, a change of the declared tools
   * that neither made (another extension, Pi's MCP), or nothing recorded.
   */
  by: "forge" | "user" | "both" | "other" | "unexplained";
}

export interface UsageLedger {
  requests: RequestUsage[];
  /** Usage entries left out: a figure that is not a number, not finite, negative or over MAX_USAGE_TOKENS. */
  skipped: number;
  totals: TokenTotals;
  /** cacheRead over every input token (input + cacheRead + cacheWrite); null without input. */
  cacheShare: number | null;
  rewrites: PrefixRewrite[];
}

/**
 * Providers cache in blocks (OpenAI: 128 tokens), so a turn may read up to one block less than the previous prompt
 * without anything rewritten; a shortfall beyond it, or a cache read below the previous turn's, is a rewrite.
 */
export const REWRITE_SLACK_TOKENS = 128;

/**
 * More tokens than any request holds (models' windows are millions of tokens): a figure above it is not usage. Every
 * sum stays far below 2^53, so the report's figures stay exact, finite numbers.
 */
export const MAX_USAGE_TOKENS = 1_000_000_000;

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_USAGE_TOKENS;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

type Usage = { input?: unknown; output?: unknown; cacheRead?: unknown; cacheWrite?: unknown } | null | undefined;

/**
 * The usage an entry reports: `none` when it reports none; `bad` when a figure is there but is not a count (a string,
 * NaN, Infinity, negative, 1e308): the entry comes from a file on disk, so such a figure is data from outside, left
 * out with the whole entry and counted. A field that is absent reads 0.
 */
function usageOf(u: Usage): TokenTotals | "none" | "bad" {
  if (u === null || u === undefined) return "none";
  if (typeof u !== "object") return "bad";
  const figures = [u.input, u.output, u.cacheRead, u.cacheWrite];
  if (figures.every((v) => v === undefined)) return "none";
  if (!figures.every((v) => v === undefined || isCount(v))) return "bad";
  const n = (v: unknown) => (isCount(v) ? v : 0);
  return { input: n(u.input), output: n(u.output), cacheRead: n(u.cacheRead), cacheWrite: n(u.cacheWrite) };
}

/** A forge custom entry's cause: a selection (mode or preset; a changed preset is a preset change) or an update. */
function forgeCause(entry: SessionEntry, preset: { value: string | null }): RewriteCause | null {
  if (entry.type !== "custom") return null;
  const data = entry.data as { preset?: unknown; source?: unknown } | null | undefined;
  if (entry.customType === MODE_STATE_TYPE) {
    const next = str(data?.preset);
    const changed = next !== preset.value;
    preset.value = next;
    return changed ? "preset" : "mode";
  }
  if (entry.customType === UPDATE_ENTRY_TYPE) return data?.source === "rule" ? "rule" : "update";
  if (entry.customType === LEAVE_OUT_TYPE) return "leave-out";
  return null;
}

function whoOf(causes: readonly RewriteCause[]): PrefixRewrite["by"] {
  const forge = causes.some((c) => FORGE_CAUSES.includes(c));
  const user = causes.some((c) => USER_CAUSES.includes(c));
  return forge && user ? "both" : forge ? "forge" : user ? "user" : causes.includes("tools") ? "other" : "unexplained";
}

/** 1.x records a change of the declared tools on the branch: a system message entry that adds or removes tools. */
function changesTools(entry: SessionEntry): boolean {
  const m = entry.type === "message" ? (entry.message as { role?: unknown; toolsAdded?: unknown; toolsRemoved?: unknown } | null | undefined) : null;
  const some = (v: unknown) => Array.isArray(v) && v.length > 0;
  return m?.role === "system" && (some(m.toolsAdded) || some(m.toolsRemoved));
}

/** What the runtime saw of the request bodies (0.73.1 records no tool change on the branch). */
export interface LedgerOptions {
  /** The tools the request sent at this leaf declared (names in order); undefined: that body was not seen. */
  toolsAt?: (leafId: string) => readonly string[] | undefined;
}

const promptOf = (u: TokenTotals): number => u.input + u.cacheRead + u.cacheWrite;

/** Whether `next` rewrote part of the prefix `previous` sent (see REWRITE_SLACK_TOKENS). */
export function isPrefixRewrite(previous: TokenTotals, next: TokenTotals): boolean {
  return next.cacheRead < previous.cacheRead || promptOf(previous) - next.cacheRead > REWRITE_SLACK_TOKENS;
}

/** The ledger of `branch` (root first). Never throws on entry data: entries without usable usage are skipped. */
export function readUsageLedger(branch: readonly SessionEntry[], options: LedgerOptions = {}): UsageLedger {
  const requests: RequestUsage[] = [];
  const rewrites: PrefixRewrite[] = [];
  const totals: TokenTotals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const preset = { value: null as string | null };
  let model: { provider: string | null; model: string | null } = { provider: null, model: null };
  let causes: RewriteCause[] = [];
  let previous: TokenTotals | null = null;
  let turn = -1;
  let skipped = 0;
  const usable = (u: Usage): TokenTotals | null => {
    const read = usageOf(u);
    if (read === "bad") skipped++;
    return typeof read === "string" ? null : read;
  };
  const add = (r: RequestUsage) => {
    requests.push(r);
    totals.input += r.input;
    totals.output += r.output;
    totals.cacheRead += r.cacheRead;
    totals.cacheWrite += r.cacheWrite;
  };
  const cause = (c: RewriteCause) => {
    if (!causes.includes(c)) causes.push(c);
  };
  let leaf: string | null = null;
  let declared: readonly string[] | undefined;
  for (const entry of branch) {
    if (entry === null || typeof entry !== "object") continue;
    const before = leaf;
    leaf = str((entry as { id?: unknown }).id);
    if (changesTools(entry)) cause("tools");
    const e = entry as SessionEntry & { provider?: unknown; modelId?: unknown; model?: unknown; kind?: unknown; usage?: Usage };
    const id = str(e.id);
    const forge = forgeCause(entry, preset);
    if (forge !== null) cause(forge);
    else if (e.type === "model_change") {
      model = { provider: str(e.provider), model: str(e.modelId) };
      cause("model");
    } else if (e.type === "compaction") {
      cause("compaction");
      const u = usable(e.usage);
      if (u !== null) add({ ...u, kind: "summary", entryId: id, ...model });
    } else if (e.type === "usage") {
      const u = usable(e.usage);
      if (u !== null) add({ ...u, kind: str(e.kind) ?? "usage", entryId: id, provider: str(e.provider), model: str(e.model) });
    } else if (e.type === "message") {
      const m = e.message as { role?: unknown; usage?: Usage; provider?: unknown; model?: unknown } | null | undefined;
      const u = m?.role === "assistant" ? usable(m.usage) : null;
      if (u === null) continue;
      // The request this turn answers was sent at the entry before it: its tools against the previous turn's request.
      const sent = before === null ? undefined : options.toolsAt?.(before);
      if (sent !== undefined && declared !== undefined && sent.join("\n") !== declared.join("\n")) cause("tools");
      declared = sent;
      model = { provider: str(m!.provider) ?? model.provider, model: str(m!.model) ?? model.model };
      add({ ...u, kind: "turn", entryId: id, ...model });
      turn++;
      if (previous !== null && isPrefixRewrite(previous, u)) {
        rewrites.push({ turn, entryId: id, missedTokens: Math.max(0, promptOf(previous) - u.cacheRead), causes, by: whoOf(causes) });
      }
      previous = u;
      causes = [];
    }
  }
  const all = promptOf(totals);
  return { requests, skipped, totals, cacheShare: all === 0 ? null : totals.cacheRead / all, rewrites };
}
