// exact_base_with_overlays (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "exact_base_with_overlays";
export const severity = "error";
export const summary = "A preset combines a replace_final base (the exact final prompt) with overlays, which would be silently dropped.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/exact.yaml": "label: Exact\ndescription: The whole prompt.\nstrategy: replace_final\nprompt: You are a careful assistant.\n",
    "presets/daily.yaml": "description: The daily selection.\nbase: exact\noverlays: [review]\n",
  },
};

export const exactBaseWithOverlays = (w: Where, base: string, overlays: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `base "${base}" is replace_final (the exact final prompt), so the overlays ${overlays.map((o) => `"${o}"`).join(", ")} could never apply; remove them (overlays: []) or use a replace_base mode as the base`,
  );
