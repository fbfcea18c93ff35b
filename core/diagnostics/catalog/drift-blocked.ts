// drift_blocked (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "drift_blocked";
export const severity = "warning";
export const summary =
  "A selected mode changed, moved or went away since activation, and the session's drift policy is block: Pi's native prompt, without every selected mode, until /mode reapprove (with a UI, forge asks before the prompt is sent).";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: {}, plan: {} },
  base: null,
  overlays: ["plan", "review"],
  driftPolicy: "block",
  changed: ["review"],
};

/** `leftOut`: every selected key (none is composed); `drift`: each drifted component described (core/composition.ts describeDrift). */
export const driftBlocked = (leftOut: readonly string[], drift: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `drift (policy block): Pi's native prompt, without ${leftOut.join(", ")}: ${drift.join("; ")}; run /mode reapprove to accept the current definitions`,
  );
