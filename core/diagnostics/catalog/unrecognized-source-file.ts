// unrecognized_source_file (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unrecognized_source_file";
export const severity = "warning";
export const summary = "A file in modes/ or presets/ is not a .yaml, .yml or .json file directly in that folder.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
    "modes/notes.txt": "Take notes.\n",
  },
};

export const unrecognizedSourceFile = (w: Where, folder: string): Diagnostic =>
  makeDiagnostic(code, w, `ignored: files in ${folder}/ must be <key>.yaml, <key>.yml or <key>.json directly in ${folder}/, e.g. ${folder}/plan.yaml`);
