// duplicate_definition (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "duplicate_definition";
export const severity = "error";
export const summary = "Two files define the same key (e.g. plan.yaml and plan.json).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
    "modes/notes.json": '{ "label": "Notes", "description": "Keeps notes.", "strategy": "append", "prompt": "Take notes." }\n',
  },
};

export const duplicateDefinition = (w: Where, key: string, kind: string, other: string): Diagnostic =>
  makeDiagnostic(code, w, `${kind} "${key}" is also defined by ${other}; keep exactly one file per key (e.g. only ${other}).`);
