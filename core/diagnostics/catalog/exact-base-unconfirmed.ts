// exact_base_unconfirmed (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "exact_base_unconfirmed";
export const severity = "warning";
export const summary =
  "The selected replace_final base was never confirmed for its current digest: Pi's native prompt until it is activated again with confirmation.";
export const example: CodeExample = {
  kind: "compose",
  modes: { exact: { strategy: "replace_final" } },
  base: "exact",
  overlays: [],
  driftPolicy: "block",
  unconfirmed: true,
};

export const exactBaseUnconfirmed = (base: string): Diagnostic =>
  makeDiagnostic(code, NOWHERE, `replace_final base "${base}" was not confirmed for this digest; activate it again with confirmation`);
