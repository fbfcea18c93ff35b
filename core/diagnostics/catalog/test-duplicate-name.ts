// test_duplicate_name (forge test): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "test_duplicate_name";
export const severity = "error";
export const summary = "Two tests of one test file have the same name (their snapshot files would be the same files).";
export const example: CodeExample = {
  kind: "test",
  files: {
    "modes/focus.yaml": "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: Stay on the task.\n",
    "tests/focus.yaml":
      "tests:\n  - name: focus\n    modes: [focus]\n    assert: { contains: [Stay] }\n  - name: focus\n    modes: [focus]\n    assert: { contains: [task] }\n",
  },
};

export const testDuplicateName = (w: Where, test: string, line: number): Diagnostic =>
  makeDiagnostic(code, w, `a test named "${test}" is already defined on line ${line} of this file; give each test its own name, e.g. name: ${test}-2`);
