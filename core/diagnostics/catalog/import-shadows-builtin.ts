// import_shadows_builtin (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_shadows_builtin";
export const severity = "info";
export const summary =
  "An imported mode has the key of a built-in forge mode: it is renamed with a suffix (plan -> plan-roo) so built-in presets stay intact, unless --rename maps it onto the built-in key deliberately.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "review.json":
      '{"schemaVersion": 2, "key": "review", "label": "Strict review", "description": "Reviews strictly.", "promptStrategy": "append", "prompt": "Quote file and line for every finding."}',
  },
};

/** `renamedTo`: the key the mode gets instead (null: the user chose the built-in key with --rename, so it shadows). */
export const importShadowsBuiltin = (w: Where, key: string, renamedTo: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    renamedTo === null
      ? `mode "${key}" has the key of a built-in forge mode, as --rename asked, and replaces it wherever this scope applies (built-in presets that use "${key}" get this mode; forge build refuses it if that breaks one)`
      : `mode "${key}" has the key of a built-in forge mode; it is imported as "${renamedTo}" so the built-in mode and the presets using it stay intact (references in the input are renamed too). To choose the name, use --rename ${key}=<new-key>`,
  );
