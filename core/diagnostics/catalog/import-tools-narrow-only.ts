// import_tools_narrow_only (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { listOf } from "../message-parts.js";

export const code = "import_tools_narrow_only";
export const severity = "info";
export const summary =
  "A Pi preset's tools replace the active tools; forge's tools narrow them and switch on only read, grep, find and ls, so a listed edit, write, bash or extension tool stays off unless already active.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-presets",
  files: {
    "presets.json": '{"implement": {"tools": ["read", "bash", "edit", "write"], "instructions": "Implement the plan."}}',
  },
  alsoYields: ["import_strategy_defaulted"],
};

/** `tools`: the listed tools a mode cannot switch on (neither read-only built-ins nor, necessarily, active). */
export const importToolsNarrowOnly = (w: Where, tools: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `tools ${listOf(tools, 20)} stay off unless already active: Pi's preset replaced the active tools with its list, while forge's tools narrow the active tools and switch on only the read-only built-ins (read, grep, find, ls). Example: tools: [read, grep, find, ls]`,
  );
