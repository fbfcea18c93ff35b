// drift_prompt_held (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "drift_prompt_held";
export const severity = "info";
export const summary =
  "Asked about drift before a prompt under policy block, the user cancelled: nothing was sent, and the prompt's text goes back into the editor.";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: {} },
  base: null,
  overlays: ["review"],
  driftPolicy: "block",
  changed: ["review"],
  answer: "cancel",
};

/** `drifted`: the drifted keys the user was asked about. */
export const driftPromptHeld = (drifted: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `prompt not sent: ${drifted.join(", ")} drifted since activation; its text is back in the editor. /mode reapprove accepts the current definitions, /mode status shows the selection`,
  );
