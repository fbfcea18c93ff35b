// import_strategy_defaulted (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_strategy_defaulted";
export const severity = "info";
export const summary = "The forge strategy was derived from the input's shape (legacy pi-modes v1 files, Roo roleDefinition).";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "architect.json": '{"key": "architect", "label": "Architect", "description": "Designs first.", "systemPrompt": "You design systems."}',
  },
};

export const importStrategyDefaulted = (w: Where, strategy: string, reason: string): Diagnostic => makeDiagnostic(code, w, `strategy ${strategy}: ${reason}`);
