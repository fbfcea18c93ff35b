// Renders the diagnostic catalog as the README's Markdown table (scripts/readme-codes.ts writes it; a test keeps it fresh).
import { DIAGNOSTIC_SEVERITY } from "../../generated/constants.js";
import { DIAGNOSTIC_CATALOG } from "./code-docs.js";

const CODES_START = "<!-- codes:start (generated from compiler/diagnostics/catalog.ts by scripts/readme-codes.ts) -->";
const CODES_END = "<!-- codes:end -->";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** One row per code: code, severity, what it means, and an example that triggers it. */
function renderCodesTable(): string {
  const rows = DIAGNOSTIC_CATALOG.map((c) => {
    // Examples are multi-line source snippets: <br> keeps them in one table cell, <code> keeps them literal.
    const example = c.example
      .split("\n")
      .map((line) => `<code>${cell(line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"))}</code>`)
      .join("<br>");
    return `| \`${c.code}\` | ${DIAGNOSTIC_SEVERITY[c.code]} | ${cell(c.summary)} | ${example} |`;
  });
  return [CODES_START, "| code | severity | meaning | example |", "|---|---|---|---|", ...rows, CODES_END].join("\n");
}

/** Replaces the generated block inside `readme`; throws when the markers are missing. */
export function spliceCodesTable(readme: string): string {
  const start = readme.indexOf(CODES_START);
  const end = readme.indexOf(CODES_END);
  if (start < 0 || end < start) throw new Error("README.md has no diagnostic-codes markers");
  return readme.slice(0, start) + renderCodesTable() + readme.slice(end + CODES_END.length);
}
