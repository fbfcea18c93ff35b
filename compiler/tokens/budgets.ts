// Token budgets (a preset's `budget`, else forge.yaml's): past one, budget_exceeded names the largest contributors;
// past 80% of one, budget_near warns. Pure.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import type { PresetTokens } from "../../generated/types.js";
import { NEAR_SHARE } from "../../core/diagnostics/catalog/budget-near.js";
import { budgetExceeded, budgetNear, type BudgetSubject } from "../diagnostics/codes.js";
import { describePart } from "./part-names.js";

export { describePart };

/** One budget field: its limit, and whether the preset declared it (else forge.yaml did). */
export interface BudgetField {
  limit: number;
  own: boolean;
}

/** The budgets a preset is held to. */
export interface BudgetSource {
  alwaysOn: BudgetField | null;
  block: BudgetField | null;
  presetFile: string;
  configFile: string;
}

/** How many contributors a message names. */
const CONTRIBUTORS = 3;

/** The largest parts first, worded with their tokens and share: "overlay review 1,204 (52%)". */
export function largestContributors(tokens: PresetTokens, limit = CONTRIBUTORS): string[] {
  const sum = tokens.parts.reduce((n, p) => n + p.tokens, 0);
  return [...tokens.parts]
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, limit)
    .map((p) => `${describePart(p)} ${p.tokens.toLocaleString("en-US")} (${sum === 0 ? 0 : Math.round((p.tokens / sum) * 100)}%)`);
}

/** budget_exceeded past the limit, budget_near past 80% of it, else nothing. */
export function checkBudget(where: Where, subject: BudgetSubject, tokens: number, limit: number, contributors: readonly string[]): Diagnostic[] {
  if (tokens > limit) return [budgetExceeded(where, subject, tokens, limit, contributors)];
  if (tokens > limit * NEAR_SHARE) return [budgetNear(where, subject, tokens, limit, contributors)];
  return [];
}
