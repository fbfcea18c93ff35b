// shadowed_preset_broken (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "shadowed_preset_broken";
export const severity = "error";
export const summary =
  "A mode takes the key of a built-in mode, and a built-in preset using that key would break with it (a role or a contract); the deepest scope wins at runtime.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/plan.yaml": "label: Plan\ndescription: My own planning base.\nstrategy: replace_base\nprompt: You plan before you edit.\n",
  },
};

/** `modeFrom`/`presetFrom`: where the shadowed mode and the preset come from, null for the built-in bundle. */
export const shadowedPresetBroken = (
  w: Where,
  key: string,
  preset: string,
  problem: string,
  modeFrom: string | null = null,
  presetFrom: string | null = null,
): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${key}" takes the key of ${modeFrom === null ? `the built-in mode "${key}"` : `the mode "${key}" of ${modeFrom}`}, and ${presetFrom === null ? `the built-in preset "${preset}"` : `the preset "${preset}" of ${presetFrom}`} uses it: with this mode ${problem}. Rename this mode (e.g. ${key}-custom) or make it fit the preset; the deepest scope wins at runtime.`,
  );
