// partial_too_deep (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "partial_too_deep";
export const severity = "error";
export const summary = "Partials nest deeper than the documented bound (16).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{> p1}}"\n',
    "partials/p1.md": "{{> p2}}\n",
    "partials/p2.md": "{{> p3}}\n",
    "partials/p3.md": "{{> p4}}\n",
    "partials/p4.md": "{{> p5}}\n",
    "partials/p5.md": "{{> p6}}\n",
    "partials/p6.md": "{{> p7}}\n",
    "partials/p7.md": "{{> p8}}\n",
    "partials/p8.md": "{{> p9}}\n",
    "partials/p9.md": "{{> p10}}\n",
    "partials/p10.md": "{{> p11}}\n",
    "partials/p11.md": "{{> p12}}\n",
    "partials/p12.md": "{{> p13}}\n",
    "partials/p13.md": "{{> p14}}\n",
    "partials/p14.md": "{{> p15}}\n",
    "partials/p15.md": "{{> p16}}\n",
    "partials/p16.md": "{{> p17}}\n",
    "partials/p17.md": "Deep.\n",
  },
};

export const partialTooDeep = (w: Where, chain: readonly string[], max: number): Diagnostic =>
  makeDiagnostic(code, w, `partials nest more than ${max} levels deep (${chain.join(" -> ")}); flatten them.`);
