// import_header_lenient (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_header_lenient";
export const severity = "info";
export const summary =
  "A Cursor or Claude Code rule's front matter is not valid YAML (an unquoted glob such as *.ts reads as an alias); it is read line by line, as those tools read it.";
export const example: CodeExample = {
  kind: "import",
  format: "cursor",
  files: {
    "typescript.mdc": "---\ndescription: TypeScript conventions\nglobs: **/*.ts, **/*.tsx\n---\n\nPrefer unknown over any.\n",
  },
};

export const importHeaderLenient = (w: Where, tool: string, problem: string, unreadLines: readonly number[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the front matter is not valid YAML (${problem}); it is read line by line, as ${tool} reads it: each "key: value" line, the value as written (a comma-separated list for globs)` +
      (unreadLines.length > 0
        ? `; line${unreadLines.length === 1 ? "" : "s"} ${unreadLines.join(", ")} ${unreadLines.length === 1 ? "is" : "are"} not "key: value" and not read`
        : "") +
      '. Quote such a value to make the header YAML, e.g. globs: "**/*.ts, **/*.tsx"',
  );
