// layer_refused (the Pi extension and forge build finding project layers): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "layer_refused";
export const severity = "error";
export const summary =
  "A project layer's .pi/forge (or its bundle.json) resolves outside the repository (or, outside one, the project): a cloned repository must not point forge at a directory elsewhere on the machine, so the layer is not read.";
export const example: CodeExample = {
  kind: "load",
  files: { "../elsewhere/bundle.json": "{}\n" },
  symlinks: [{ path: ".pi/forge", target: "../../elsewhere" }],
};

/** `forgeDir`: the layer's .pi/forge; `real`: where it resolves; `boundary`: the repository (or project) root it leaves. */
export const layerRefused = (forgeDir: string, real: string, inRepository: boolean, boundary: string): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `refused project layer ${forgeDir}: it resolves to ${real}, outside ${inRepository ? "the repository" : "the project"} ${boundary}`,
  );
