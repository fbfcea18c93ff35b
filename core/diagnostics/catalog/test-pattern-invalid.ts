// test_pattern_invalid (forge test): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "test_pattern_invalid";
export const severity = "error";
export const summary =
  "A forge test's pattern is not an RE2 regular expression (RE2 has no lookaround or backreferences), so it cannot be matched in linear time.";
export const example: CodeExample = {
  kind: "test",
  files: {
    "modes/focus.yaml": "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: Stay on the task.\n",
    "tests/focus.yaml": 'tests:\n  - name: focus\n    modes: [focus]\n    assert: { contains: [{ pattern: "Stay(?= on)" }] }\n',
  },
};

export const testPatternInvalid = (w: Where, test: string, pattern: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `test "${test}": the pattern ${JSON.stringify(pattern)} is not an RE2 expression (forge matches patterns in linear time, so lookarounds and backreferences are refused). Example: { pattern: "Stay on (the|this) task" }`,
  );
