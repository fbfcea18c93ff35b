// invalid_base (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_base";
export const severity = "error";
export const summary = "A preset base is not a replace_base or replace_final mode.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\nbase: review\noverlays: []\n",
  },
};

export const invalidBase = (w: Where, key: string, strategy: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `base "${key}" has strategy ${strategy}; a base must be a replace_base or replace_final mode. List append modes under overlays instead, e.g. overlays: [${key}]`,
  );
