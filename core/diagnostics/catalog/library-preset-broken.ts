// library_preset_broken (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_preset_broken";
export const severity = "error";
export const summary =
  "A library preset carried into the bundle breaks with the modes its keys resolve to here (an own mode or a later library's takes a key it uses).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: ["@acme/forge-house"]\n',
    "modes/tone.yaml": "label: Tone\ndescription: My own tone base.\nstrategy: replace_base\nprompt: You write plainly.\n",
  },
  libraries: [
    {
      name: "@acme/forge-house",
      sources: {
        "modes/tone.yaml": "label: Tone\ndescription: House tone.\nstrategy: append\nprompt: Write plainly.\n",
        "presets/house.yaml": "description: The house selection.\noverlays: [tone]\n",
      },
    },
  ],
};

export const libraryPresetBroken = (w: Where, preset: string, library: string, cause: string | null, problems: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${cause === null ? "" : `${cause}, and `}the preset "${preset}" of library "${library}" breaks in this project: ${problems}. Define presets/${preset}.yaml to replace it, rename the mode that takes the key, or reorder libraries in forge.yaml.`,
  );
