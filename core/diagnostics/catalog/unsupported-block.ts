// unsupported_block (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unsupported_block";
export const severity = "error";
export const summary = "Block statements ({{#if}}, {{#each}}, {{^x}}) are not allowed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{#if model}}x{{/if}}"\n',
  },
};

export const unsupportedBlock = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `block {{#${name}}} / {{^${name}}} is not allowed: templates have no logic. Write the text out, or move variants into separate modes.`,
  );
