// /forge cost: the branch's usage ledger as a report (per model, spend at catalog prices, who caused each prefix
// rewrite) and its plain text. Pure: the runtime hands in the ledger and each model's prices.
import { FORGE_CAUSES, MAX_USAGE_TOKENS, USER_CAUSES, type PrefixRewrite, type RewriteCause, type TokenTotals, type UsageLedger } from "./usage-ledger.js";
import { formatDollars, hasPrices, spendOf, type ModelPrices } from "./usage-prices.js";

export interface ModelUsage {
  /** `provider/model`, or `unknown` for usage no model was recorded for. */
  model: string;
  requests: number;
  tokens: TokenTotals;
  /** Dollars at the model's catalog prices; null when the catalog has no prices for it. */
  spend: number | null;
}

export interface CostReport {
  /** Every request with reported usage (turns, compaction summaries, 1.x usage entries). */
  requests: number;
  /** Usage entries left out: figures that were not usable numbers (core/usage-ledger.ts). */
  skipped: number;
  tokens: TokenTotals;
  /** cacheRead over input + cacheRead + cacheWrite; null without input. */
  cacheShare: number | null;
  /** Sum over models with prices; null when no model has prices. */
  spend: number | null;
  /** Whether every model's usage was priced (false: `spend` leaves some out). */
  spendComplete: boolean;
  models: ModelUsage[];
  rewrites: {
    total: number;
    /**
     * Rewrites after forge's own actions only, after the user's model switch or compaction only, both, after a change
     * of the declared tools that neither made, or nothing recorded.
     */
    forge: number;
    user: number;
    both: number;
    other: number;
    unexplained: number;
    /** How often each cause preceded a rewrite. */
    causes: Partial<Record<RewriteCause, number>>;
    list: PrefixRewrite[];
  };
}

const zero = (): TokenTotals => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

/** The report of `ledger`, each model priced by `pricesOf` (null: the catalog has no prices for it). */
export function buildCostReport(ledger: UsageLedger, pricesOf: (provider: string | null, model: string | null) => ModelPrices | null): CostReport {
  const byModel = new Map<string, { provider: string | null; model: string | null; usage: ModelUsage }>();
  for (const r of ledger.requests) {
    const key = r.provider !== null && r.model !== null ? `${r.provider}/${r.model}` : "unknown";
    let m = byModel.get(key);
    if (!m) byModel.set(key, (m = { provider: r.provider, model: r.model, usage: { model: key, requests: 0, tokens: zero(), spend: null } }));
    m.usage.requests++;
    for (const k of ["input", "output", "cacheRead", "cacheWrite"] as const) m.usage.tokens[k] += r[k];
  }
  let spend: number | null = null;
  let spendComplete = true;
  const models = [...byModel.values()].map(({ provider, model, usage }) => {
    const prices = pricesOf(provider, model);
    if (!hasPrices(prices)) {
      spendComplete = false;
      return usage;
    }
    const s = spendOf(usage.tokens, prices);
    // Prices come from the model catalog, a file on disk too: a spend that is not a finite amount is no price.
    if (!Number.isFinite(s)) {
      spendComplete = false;
      return usage;
    }
    spend = (spend ?? 0) + s;
    return { ...usage, spend: s };
  });
  const causes: Partial<Record<RewriteCause, number>> = {};
  for (const r of ledger.rewrites) for (const c of r.causes) causes[c] = (causes[c] ?? 0) + 1;
  const count = (by: PrefixRewrite["by"]) => ledger.rewrites.filter((r) => r.by === by).length;
  return {
    requests: ledger.requests.length,
    skipped: ledger.skipped,
    tokens: { ...ledger.totals },
    cacheShare: ledger.cacheShare,
    spend,
    spendComplete: spendComplete || ledger.requests.length === 0,
    models,
    rewrites: {
      total: ledger.rewrites.length,
      forge: count("forge"),
      user: count("user"),
      both: count("both"),
      other: count("other"),
      unexplained: count("unexplained"),
      causes,
      list: ledger.rewrites,
    },
  };
}

const n = (x: number) => x.toLocaleString("en-US");
const CAUSE_WORDS: Record<RewriteCause, string> = {
  mode: "mode change",
  preset: "preset change",
  update: "system update",
  rule: "rule switching on",
  "leave-out": 'a prompt sent without drifted modes ("Send without")',
  model: "model switch",
  compaction: "compaction",
  tools: "tool change",
};

function causeList(report: CostReport, of: readonly RewriteCause[]): string {
  const parts = Object.entries(report.rewrites.causes)
    .filter(([c]) => of.includes(c as RewriteCause))
    .map(([c, k]) => `${CAUSE_WORDS[c as RewriteCause]} ${k}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** The report as the /forge cost notice. */
export function renderCostReport(report: CostReport): string {
  const skipped =
    report.skipped === 0
      ? []
      : [
          `  ${n(report.skipped)} usage ${report.skipped === 1 ? "entry was" : "entries were"} not numbers forge can count (not finite, negative or over ${n(MAX_USAGE_TOKENS)} tokens) and ${report.skipped === 1 ? "is" : "are"} left out`,
        ];
  if (report.requests === 0) return ["forge cost: no request on this branch reported usage yet", ...skipped].join("\n");
  const t = report.tokens;
  const lines = [
    `forge cost: this branch, from the provider's own usage (${n(report.requests)} ${report.requests === 1 ? "request" : "requests"})`,
    `  input ${n(t.input)} · cache read ${n(t.cacheRead)} · cache write ${n(t.cacheWrite)} · output ${n(t.output)} tokens`,
    `  served from cache: ${report.cacheShare === null ? "n/a" : `${Math.floor(report.cacheShare * 100)}%`}`,
    ...skipped,
  ];
  const priced = report.models.filter((m) => m.spend !== null).map((m) => `${m.model} ${formatDollars(m.spend!)}`);
  const unpriced = report.models.filter((m) => m.spend === null).map((m) => m.model);
  const without = unpriced.length > 0 ? `${unpriced.join(", ")} ${unpriced.length === 1 ? "has" : "have"} no prices` : "";
  if (report.spend === null) lines.push(`  spend: unknown (${without})`);
  else lines.push(`  spend at catalog prices: ${formatDollars(report.spend)} (${[priced.join(", "), without].filter((p) => p !== "").join("; ")})`);
  const r = report.rewrites;
  lines.push(
    `  prefix rewrites: ${r.total}; after forge's actions ${r.forge + r.both}${causeList(report, FORGE_CAUSES)}, after your model switches or compaction ${r.user + r.both}${causeList(report, USER_CAUSES)}, ${r.other > 0 ? `after tool changes outside forge ${r.other}, ` : ""}unexplained ${r.unexplained}`,
  );
  lines.push(...rewriteGroups(r.list));
  return lines.join("\n");
}

/** At most this many turn numbers per group line; a long session's rewrites stay a few lines (--json lists every one). */
export const SHOWN_TURNS = 8;

/** The rewrites grouped by what preceded them, in order of first appearance: one line per group, its turns capped. */
function rewriteGroups(list: readonly PrefixRewrite[]): string[] {
  const groups = new Map<string, { turns: number[]; tokens: number }>();
  for (const w of list) {
    const key = w.causes.length > 0 ? `after ${w.causes.map((c) => CAUSE_WORDS[c]).join(", ")}` : "after nothing recorded (an expired cache?)";
    const g = groups.get(key) ?? { turns: [], tokens: 0 };
    g.turns.push(w.turn + 1);
    g.tokens += w.missedTokens;
    groups.set(key, g);
  }
  return [...groups].map(([why, g]) => {
    const shown = g.turns.slice(0, SHOWN_TURNS).join(", ");
    const more = g.turns.length > SHOWN_TURNS ? ` and ${g.turns.length - SHOWN_TURNS} more` : "";
    const turns = `${g.turns.length === 1 ? "turn" : `${g.turns.length} turns:`} ${shown}${more}`;
    return `    ${why}: ${turns}, about ${n(g.tokens)} tokens not served from cache`;
  });
}
