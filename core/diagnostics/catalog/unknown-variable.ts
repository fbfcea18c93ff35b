// unknown_variable (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { listOf, didYouMean } from "../message-parts.js";

export const code = "unknown_variable";
export const severity = "error";
export const summary = "A {{variable}} that is not one of cwd, date, time, model, os, mode, preset.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "Working in {{cdw}}"\n',
  },
};

export const unknownVariable = (w: Where, name: string, suggestion: string | null, allowed: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `unknown variable {{${name}}}${didYouMean(suggestion)} allowed: ${listOf(allowed)}. Example: "Working in {{cwd}}"; for literal braces write \\{{${name}}}`,
  );
