// Renders docs/reference/diagnostic-codes.md from the catalog (compiler/diagnostics/catalog.ts): every code with its
// severity, what it means and the example test/diagnostic-examples.test.ts runs to check that it yields that code.
import type { CatalogEntry } from "../../compiler/diagnostics/catalog.js";
import { DIAGNOSTIC_CATALOG } from "../../compiler/diagnostics/catalog.js";
import { exampleLines } from "../../compiler/diagnostics/docs.js";
import { banner, code, fenced, prose, table } from "./markdown.js";

/** Where a code's example is met: which command or runtime step reads such input. */
const MET_BY: Record<CatalogEntry["example"]["kind"], string> = {
  compile: "forge build",
  import: "forge import",
  export: "forge export",
  test: "forge test",
  load: "the extension loading a bundle",
  replay: "the extension replaying the session",
  compose: "the extension composing the prompt",
  policy: "the extension loading a team policy",
};

export function renderCodesPage(catalog: readonly CatalogEntry[] = DIAGNOSTIC_CATALOG): string {
  const parts = [
    banner(["compiler/diagnostics/catalog.ts", "core/diagnostics/catalog/"]),
    "# Diagnostic codes",
    "",
    "Every code forge reports is stable (snake_case) and defined in one catalog file, `core/diagnostics/catalog/<code>.ts`:",
    "its severity, its message, the summary below and an example. `test/diagnostic-examples.test.ts` runs every example",
    "the way forge meets such input (through `forge build`'s reader and compiler, `forge import`'s converters,",
    "`forge export`'s plan, `forge test`, or the extension's loading, replay and composition) and checks that it yields",
    "exactly that code. forge prints each as `file:line:col severity code: message`; `--json` gives the same fields.",
    "",
    table(
      ["code", "severity", "met by", "meaning"],
      catalog.map((c) => [`[${code(c.code)}](#${c.code})`, c.severity, MET_BY[c.example.kind], prose(c.summary)]),
    ),
    "",
  ];
  for (const c of catalog) {
    parts.push(
      `## ${c.code}`,
      "",
      `**${c.severity}**, met by ${MET_BY[c.example.kind]}. ${prose(c.summary)}`,
      "",
      fenced(exampleLines(c.example).join("\n"), "text"),
      "",
    );
  }
  return `${parts.join("\n").replace(/\n+$/, "")}\n`;
}
