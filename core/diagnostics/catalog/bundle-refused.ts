// bundle_refused (the Pi extension loading a bundle): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "bundle_refused";
export const severity = "error";
export const summary =
  "A bundle file is refused as a whole when it loads: not a regular file or over its bound, not JSON, a format or scope this forge does not read, or a digest, bundleHash or signature that does not verify. None of its modes, presets or rules is offered; edit limits pinned to it refuse every edit.";
export const example: CodeExample = {
  kind: "load",
  files: { ".pi/forge/bundle.json": '{"format": 1, "scope": "project", "modes": {}, "presets": {}, "bundleHash": "0"}\n' },
};

/** `file`: the bundle as the notice names it; `why`: the first problem found (core/bundle-verify.ts describeBundleProblem). */
export const bundleRefused = (file: string, why: string): Diagnostic => makeDiagnostic(code, NOWHERE, `refused bundle ${file}: ${why}`);
