// The price part of a prefix-rewrite notice: the cached tokens a change sends again, estimated from its rewritten
// characters and the last turn's reported usage, priced at the current model's catalog prices (issue 23).
import type { TokenTotals, UsageLedger } from "../../core/usage-ledger.js";
import { describeRewritePrice, rewrittenCachedTokens } from "../../core/usage-prices.js";
import { modelPrices } from "../host-adapter/index.js";
import type { ModelRef } from "../host-adapter/ports.js";
import type { PromptChangeReport } from "./cache-impact.js";

/** The usage the provider reported for the branch's last turn; null before one. */
function lastTurn(ledger: UsageLedger): TokenTotals | null {
  const turns = ledger.requests.filter((r) => r.kind === "turn");
  return turns.at(-1) ?? null;
}

/**
 * `report` with its price words: null when nothing cached is rewritten (no impact, the whole prompt kept, or a provider
 * that reported no caching), or when the model has no prices: its cache words already say the tokens it sends again.
 */
export function withRewritePrice(report: PromptChangeReport, ledger: UsageLedger, model: ModelRef | null | undefined): PromptChangeReport {
  const rewritten = report.impact?.rewrittenChars ?? 0;
  const tokens = rewrittenCachedTokens(Math.ceil(rewritten / 4), lastTurn(ledger));
  if (tokens === null) return { ...report, cost: null };
  return { ...report, cost: describeRewritePrice(tokens, modelPrices(model), model?.id ?? null) };
}
