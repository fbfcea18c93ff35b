// budget_near (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import type { BudgetSubject } from "./budget-exceeded.js";

export const code = "budget_near";
export const severity = "warning";
export const summary = "A preset's always-on text, or one of its blocks or rules, uses more than 80% of its token budget.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision with its reason.\n",
    "presets/lean.yaml": "description: A lean preset.\noverlays: [notes]\nbudget: { alwaysOn: 24 }\n",
  },
};

/** The share past which a budget warns. */
export const NEAR_SHARE = 0.8;

const n = (x: number) => x.toLocaleString("en-US");

export const budgetNear = (w: Where, subject: BudgetSubject, tokens: number, limit: number, contributors: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${subject.what} uses ${n(tokens)} of its ${n(limit)}-token ${subject.budget === "alwaysOn" ? "always-on" : "block"} budget (${Math.floor((tokens / limit) * 100)}%, ${subject.declaredIn}; o200k_base)` +
      (contributors.length > 0 ? `; largest contributors: ${contributors.join(", ")}` : "") +
      `. It fails the build past ${n(limit)}.`,
  );
