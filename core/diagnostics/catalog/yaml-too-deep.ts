// yaml_too_deep (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "yaml_too_deep";
export const severity = "error";
export const summary = "A YAML or JSON document nests deeper than the documented bound (64 levels); it is not parsed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\nextra: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
  },
};

export const yamlTooDeep = (w: Where, max: number): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the document nests more than ${max} levels deep here, the documented bound, so it is not parsed; forge sources are flat mappings, e.g. label: Plan`,
  );
