// budget_exceeded (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "budget_exceeded";
export const severity = "error";
export const summary =
  "A preset's always-on text, or one of its blocks or rules, has more tokens (o200k_base) than its budget (the preset's budget, else forge.yaml's); the message names the largest contributors.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision with its reason, the options you rejected and why, and who made it.\n",
    "presets/lean.yaml": "description: A lean preset.\noverlays: [notes]\nbudget: { alwaysOn: 20 }\n",
  },
};

/** What a budget is about, as the message names it: `preset "lean"` (always-on), `block "freeze" of preset "lean"`, `rule "db"`. */
export interface BudgetSubject {
  what: string;
  /** "always-on" or "block". */
  budget: "alwaysOn" | "block";
  /** Where the budget was declared: the preset's own, or forge.yaml's. */
  declaredIn: string;
}

const n = (x: number) => x.toLocaleString("en-US");

/** `contributors`: the largest parts first, already worded ("overlay notes 24"). */
export const budgetExceeded = (w: Where, subject: BudgetSubject, tokens: number, limit: number, contributors: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${subject.what} is ${n(tokens - limit)} tokens over its ${subject.budget === "alwaysOn" ? "always-on" : "block"} budget: ${n(tokens)} tokens (o200k_base) against ` +
      `${subject.budget}: ${n(limit)} (${subject.declaredIn}).` +
      (contributors.length > 0 ? ` Largest contributors: ${contributors.join(", ")}.` : "") +
      (subject.budget === "alwaysOn"
        ? " Shorten them, move text into a system-update block (loaded only when it switches on), or raise the budget."
        : " Shorten it, or raise the budget."),
  );
