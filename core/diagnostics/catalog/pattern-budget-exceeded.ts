// pattern_budget_exceeded (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "pattern_budget_exceeded";
export const severity = "error";
export const summary =
  "The bundle's path patterns together cost more than one bundle may hold (each expression's length with counted repetitions written out, plus 32 per compiled pattern, 4,096 in all): the runtime compiles every pattern when a bundle loads, and refuses a bundle over the bound. The message names the largest.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/wide.yaml": `label: Wide\ndescription: Many long patterns.\nstrategy: append\nprompt: Edit within the limit.\nedits:\n  allowRegex: [${Array.from({ length: 20 }, (_, i) => `"^x${i}[a-z]{1000}$"`).join(", ")}]\n`,
  },
};

/** `total`: the bundle's cost; `bound`: LIMITS.maxPatternCost; `largest`: the costliest patterns, described. */
export const patternBudgetExceeded = (w: Where, total: number, bound: number, largest: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the bundle's path patterns cost ${total.toLocaleString("en-US")}, over the ${bound.toLocaleString("en-US")} one bundle may hold (each expression's length with counted repetitions written out, plus 32 per compiled pattern; Pi compiles them all when the bundle loads). The largest: ${largest}. Shorten or merge them, e.g. one glob src/** instead of many files under src/`,
  );
