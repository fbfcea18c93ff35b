// Codegen's diagnostic part: the catalog (compiler/diagnostics/catalog.ts, TypeScript, loaded through tsx) is the one
// source of codes and severities; schema/diagnostic.schema.json's code list is written from it.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SCHEMA_DIR = join(ROOT, "schema");

export const DIAGNOSTIC_SCHEMA = "diagnostic.schema.json";

/** [code, severity] of every diagnostic code, in the catalog's order: the catalog is TypeScript, loaded through tsx. */
export async function loadCatalogCodes() {
  const { tsImport } = await import("tsx/esm/api");
  const { DIAGNOSTIC_CATALOG } = await tsImport(pathToFileURL(join(ROOT, "compiler/diagnostics/catalog.ts")).href, import.meta.url);
  const codes = DIAGNOSTIC_CATALOG.map((entry) => [entry.code, entry.severity]);
  if (new Set(codes.map(([c]) => c)).size !== codes.length) throw new Error("codegen: compiler/diagnostics/catalog.ts lists a code twice");
  return codes;
}

/** One branch per code, as schema/diagnostic.schema.json lists them under $defs.codeSeverity. */
export const codeBranch = ([code, severity]) => ({ type: "object", properties: { code: { const: code }, severity: { const: severity } } });

/**
 * schema/diagnostic.schema.json with its $defs.codeSeverity list written from the catalog: the file's own layout is
 * kept, the list is one line per code.
 */
export async function renderDiagnosticSchema(codes) {
  codes ??= await loadCatalogCodes();
  const text = readFileSync(join(SCHEMA_DIR, DIAGNOSTIC_SCHEMA), "utf8");
  const at = text.indexOf('"oneOf": [', text.indexOf('"codeSeverity"'));
  const end = text.indexOf("\n      ]", at);
  if (at < 0 || end < 0) throw new Error("codegen: schema/diagnostic.schema.json has no $defs.codeSeverity.oneOf list");
  const lines = codes.map((c, i) => `        ${JSON.stringify(codeBranch(c)).replace(/([:,])(?=["{])/g, "$1 ")}${i < codes.length - 1 ? "," : ""}`);
  return `${text.slice(0, at)}"oneOf": [\n${lines.join("\n")}${text.slice(end)}`;
}

/** Rewrites schema/diagnostic.schema.json when its code list differs from the catalog's. */
export async function writeDiagnosticSchema() {
  const file = join(SCHEMA_DIR, DIAGNOSTIC_SCHEMA);
  const text = await renderDiagnosticSchema();
  if (readFileSync(file, "utf8") === text) return;
  writeFileSync(file + ".tmp", text);
  renameSync(file + ".tmp", file);
  console.log(`codegen: wrote schema/${DIAGNOSTIC_SCHEMA} (codes from the catalog)`);
}
