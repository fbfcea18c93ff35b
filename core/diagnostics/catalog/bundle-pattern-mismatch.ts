// bundle_pattern_mismatch (the Pi extension loading a bundle, forge verify): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "bundle_pattern_mismatch";
export const severity = "error";
export const summary =
  "A bundle stores a path pattern's expression that is not what this forge compiles its glob (or regex) to: edited after forge build and re-digested, or built by another forge version. forge verify fails it and the runtime refuses the whole bundle, since a reviewer reads the glob while Pi would run the expression.";
export const example: CodeExample = {
  kind: "load",
  files: {},
  built: {
    sources: { "modes/docs.yaml": 'label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { deny: ["secrets/**"] }\n' },
    tamper: { pointer: "/modes/docs/edits/deny/0/regex", value: "^nomatch$", rehash: true },
  },
};

/** `file`: the bundle as the notice names it; `what`: the pattern and why (core/bundle-verify.ts describeBundleProblem). */
export const bundlePatternMismatch = (file: string, what: string): Diagnostic => makeDiagnostic(code, NOWHERE, `refused bundle ${file}: ${what}`);
