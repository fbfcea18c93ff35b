// utf8_bom (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "utf8_bom";
export const severity = "warning";
export const summary = "A file starts with a UTF-8 byte order mark; it is ignored.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "﻿label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const utf8Bom = (w: Where): Diagnostic =>
  makeDiagnostic(code, w, "file starts with a UTF-8 byte order mark, which is ignored; save it as UTF-8 without BOM.");
