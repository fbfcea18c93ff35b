// partial_cycle (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "partial_cycle";
export const severity = "error";
export const summary = "Partials include each other in a cycle.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{> a}}"\n',
    "partials/a.md": "{{> b}}\n",
    "partials/b.md": "{{> a}}\n",
  },
};

export const partialCycle = (w: Where, chain: readonly string[]): Diagnostic =>
  makeDiagnostic(code, w, `partials include each other in a cycle: ${chain.join(" -> ")}; remove one {{> ...}} to break it.`);
