// library_pattern_refused (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_pattern_refused";
export const severity = "error";
export const summary =
  "A library's path pattern, compiled again from its source (the stored expression is never trusted), is one this forge refuses (invalid, or not linear-time).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: ["@acme/forge-house"]\n',
  },
  libraries: [
    {
      name: "@acme/forge-house",
      sources: { "modes/tone.yaml": 'label: Tone\ndescription: House tone.\nstrategy: append\nprompt: Write plainly.\nedits: { deny: ["secrets/**"] }\n' },
      // A hand-crafted, re-digested bundle: its deny glob's source changed to one no linear-time matcher can run.
      tamper: { pointer: "/modes/tone/edits/deny/0/source", value: "*(*a)", rehash: true },
    },
  ],
};

export const libraryPatternRefused = (w: Where, name: string, path: string, problem: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `forge library "${name}" (${path}) holds a path pattern this forge refuses: ${problem}. forge compiles every library pattern again from its source; ask the library's maintainers to rewrite it (e.g. *a for *(*a)) and publish a new build.`,
  );
