// drift_blocked (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "drift_blocked";
export const severity = "warning";
export const summary = "A selected mode changed, moved or went away since activation, and the session's drift policy is block: Pi's native prompt until /mode reapprove.";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: {} },
  base: null,
  overlays: ["review"],
  driftPolicy: "block",
  changed: ["review"],
};

/** `drift`: each drifted component described (core/composition.ts describeDrift). */
export const driftBlocked = (drift: readonly string[]): Diagnostic =>
  makeDiagnostic(code, NOWHERE, `drift (policy block): ${drift.join("; ")}; run /mode reapprove to accept the current definitions`);
