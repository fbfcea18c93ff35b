// import_glob_top_level (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_glob_top_level";
export const severity = "info";
export const summary =
  'An imported Cursor or rulesync glob has no "/": forge matches it only at the project root, and the tool does not document its own matching; it is kept as written.';
export const example: CodeExample = {
  kind: "import",
  format: "cursor",
  files: {
    "styles.mdc": '---\ndescription: Stylesheet conventions\nglobs: "*.css"\n---\n\nUse the design tokens, never raw colours.\n',
  },
};

export const importGlobTopLevel = (w: Where, glob: string, tool: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `glob "${glob}" has no "/", so forge matches it only against files at the project root (picomatch over project-relative paths), and ${tool} does not document how it matches such a glob; it is kept as written. Write "**/${glob}" to match at any depth`,
  );
