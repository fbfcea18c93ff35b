// nothing_to_compose (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "nothing_to_compose";
export const severity = "warning";
export const summary = "Under drift policy warn or allow, every selected mode is unavailable (no trusted bundle offers it): Pi's native prompt.";
export const example: CodeExample = {
  kind: "compose",
  modes: {},
  base: null,
  overlays: ["review"],
  driftPolicy: "warn",
};

/** `drift`: why each selected component is unavailable, described (core/composition.ts describeDrift). */
export const nothingToCompose = (drift: readonly string[]): Diagnostic => makeDiagnostic(code, NOWHERE, `nothing left to compose: ${drift.join("; ")}`);
