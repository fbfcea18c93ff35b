// contract_requires (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "contract_requires";
export const severity = "error";
export const summary = "A selected mode requires a component the preset does not select.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nrequires: [plan]\nprompt: Write down every decision you make.\n",
    "presets/daily.yaml": "description: The daily selection.\noverlays: [notes]\n",
  },
};

export const contractRequires = (w: Where, mode: string, required: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${mode}" requires "${required}", which this preset does not select; contracts never auto-add, so select "${required}" explicitly as the base or an overlay, e.g. overlays: [${required}]`,
  );
