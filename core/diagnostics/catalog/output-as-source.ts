// output_as_source (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "output_as_source";
export const severity = "error";
export const summary = "A promptFile/file, or a symlink under the forge root, names forge's own output (bundle.json); the output is never an input.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\npromptFile: ../prompts/base.md\n",
    "bundle.json": "{}\n",
  },
  symlinks: [{ path: "prompts/base.md", target: "../bundle.json" }],
};

export const outputAsSource = (w: Where, ref: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${ref}" is forge's own output (bundle.json), directly or through a symlink; the output can never be an input, or every build would embed the previous one. Point it at a prompt file instead, e.g. prompts/plan.md`,
  );
