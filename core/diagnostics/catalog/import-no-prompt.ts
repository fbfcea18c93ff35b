// import_no_prompt (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_no_prompt";
export const severity = "warning";
export const summary = "An input entry has no prompt text; its mode gets an empty prompt so its preferences still apply.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-presets",
  files: {
    "presets.json": '{"fast": {"provider": "anthropic", "model": "claude-haiku-4-5"}}',
  },
};

export const importNoPrompt = (w: Where, entry: string, field: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${entry} has no ${field}: its mode gets an empty prompt (prompt: "") so its model, thinking and tools preferences still apply, and as an overlay it adds only its heading. Add text, e.g. "${field}": "Keep answers short."`,
  );
