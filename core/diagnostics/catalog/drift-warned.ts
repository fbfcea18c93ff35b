// drift_warned (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "drift_warned";
export const severity = "warning";
export const summary = "A selected mode drifted under drift policy warn: the current definitions are composed, and what no trusted bundle offers is left out.";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: {}, tests: {} },
  base: null,
  overlays: ["review", "tests"],
  driftPolicy: "warn",
  changed: ["review"],
};

/** `composed`: keys composed as they are now; `left`: why the others are left out (described drift). */
export const driftWarned = (composed: readonly string[], left: readonly string[]): Diagnostic => {
  const parts = [
    ...(composed.length > 0 ? [`composing the current definitions: ${composed.join(", ")}`] : []),
    ...(left.length > 0 ? [`left out: ${left.join("; ")}`] : []),
  ];
  return makeDiagnostic(code, NOWHERE, `drift (policy warn), ${parts.join("; ")}`);
};
