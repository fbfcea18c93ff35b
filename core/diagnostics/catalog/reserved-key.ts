// reserved_key (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "reserved_key";
export const severity = "error";
export const summary = "A key such as __proto__, constructor or prototype is used as a file stem or YAML key.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/constructor.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const reservedKey = (w: Where, key: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${key}" is reserved (__proto__, constructor and prototype cannot be used as keys); choose another name, e.g. "${key.replace(/[^a-z]/g, "") || "custom"}-mode"`,
  );
