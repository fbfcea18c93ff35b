// yaml_syntax_error (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "yaml_syntax_error";
export const severity = "error";
export const summary = "The YAML (or JSON) text does not parse.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: [Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

/** `hint`: what to write instead, when the mistake is known (an indentation mistake names the keys to line up). */
export const yamlSyntaxError = (w: Where, detail: string, hint = "A source is one YAML mapping, e.g. label: Plan"): Diagnostic =>
  makeDiagnostic(code, w, `${detail}. ${hint}`);
