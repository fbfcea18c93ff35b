// exact_base_drift (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "exact_base_drift";
export const severity = "warning";
export const summary =
  "The selected replace_final base (the exact final prompt) drifted since it was confirmed: Pi's native prompt under every policy until /mode reapprove confirms it.";
export const example: CodeExample = {
  kind: "compose",
  modes: { exact: { strategy: "replace_final" } },
  base: "exact",
  overlays: [],
  driftPolicy: "allow",
  changed: ["exact"],
};

/** `drift`: the base's drift, described (core/composition.ts describeDrift). */
export const exactBaseDrift = (drift: string): Diagnostic =>
  makeDiagnostic(code, NOWHERE, `drift: replace_final base ${drift}; it stays blocked under every policy until /mode reapprove (with confirmation)`);
