// unknown_tool (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unknown_tool";
export const severity = "warning";
export const summary =
  "A mode's tools name a tool (or a pattern matching none) that neither Pi nor forge has; it may be an extension's tool, so the build goes on, and forge explain lists the warning.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/review.yaml":
      "label: Review\ndescription: Reads and comments.\nstrategy: append\ntools: [read, grepp, ls]\nprompt: Review the change; do not edit files.\n",
  },
};

export const unknownTool = (w: Where, pattern: string, suggestion: string | null, glob: boolean): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `tools ${glob ? `pattern "${pattern}" matches no tool` : `names "${pattern}", which is not a tool`} Pi or forge has${suggestion ? `; did you mean "${suggestion}"?` : "."} The gate refuses every tool the list does not name, so a typo leaves that tool off. An extension's tool may be unknown at build time (name an MCP server's tools mcp__<server>__<tool>, or list the server under mcp:). Example: tools: [read, ${suggestion ?? "grep"}, ls]`,
  );
