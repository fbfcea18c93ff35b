// drift_left_out (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "drift_left_out";
export const severity = "warning";
export const summary =
  "Asked about drift before a prompt under policy block, the user chose to send it without the drifted modes: the rest of the selection is composed as approved, and every edit limit the session pinned stays in force.";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: {}, plan: {} },
  base: null,
  overlays: ["plan", "review"],
  driftPolicy: "block",
  changed: ["review"],
  answer: "leave-out",
};

/** `leftOut`: the drifted keys left out of this prompt; `composed`: the keys composed as approved. */
export const driftLeftOut = (leftOut: readonly string[], composed: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `this prompt is sent without ${leftOut.join(", ")} (drifted; not reapproved)${composed.length > 0 ? `, with ${composed.join(", ")} as approved` : " on Pi's native prompt"}; the edit limits pinned with them stay in force; /mode reapprove accepts the current definitions`,
  );
