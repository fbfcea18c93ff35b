// yaml_warning (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "yaml_warning";
export const severity = "warning";
export const summary = "The YAML parser warned, e.g. about an unknown tag.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: !custom Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const yamlWarning = (w: Where, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `${detail}; forge sources use plain YAML without custom tags, e.g. label: Plan`);
