// Renders the diagnostic catalog as the README's Markdown table (scripts/readme-codes.ts writes it; a test keeps it fresh).
import type { CodeExample, ExampleFile, ExampleLibrary } from "../../core/diagnostics/code-example.js";
import { DIAGNOSTIC_CATALOG } from "./catalog.js";

const CODES_START = "<!-- codes:start (generated from compiler/diagnostics/catalog.ts by scripts/readme-codes.ts) -->";
const CODES_END = "<!-- codes:end -->";
/** Longer example lines are cut in the table (the catalog file holds them whole). */
const SHOWN_LINE = 120;

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** A file of an example: `# path` (`// path` for JSON), then its text; bytes and repeated text are described. */
function fileLines(path: string, file: ExampleFile): string[] {
  const head = path.endsWith(".json") ? `// ${path}` : `# ${path}`;
  if (typeof file === "string")
    return [
      head,
      ...file
        .replace(/\n$/, "")
        .split("\n")
        .map((l) => l.replace(/\r$/, "\\r").replace(/^\ufeff/, "<BOM>")),
    ];
  if ("bytes" in file) return [`${head}: the bytes ${file.bytes.match(/../g)!.join(" ")}`];
  return [`${head}: ${JSON.stringify(file.repeat)} repeated ${file.count} times`];
}

function libraryLine(lib: ExampleLibrary): string {
  const at = `# node_modules/${lib.name}`;
  if (lib.missing) return `${at}: not installed`;
  if (lib.notForge !== undefined) return `${at}: ${lib.notForge}`;
  if (lib.bundleText !== undefined) return `${at}/forge-bundle.json: ${lib.bundleText.trim()}`;
  const sources = Object.keys(lib.sources ?? {}).join(", ");
  return lib.tamper ? `${at}: built from ${sources}, then ${lib.tamper.pointer} set to ${JSON.stringify(lib.tamper.value)}` : `${at}: built from ${sources}`;
}

/** The example as the lines a reader would see in the files (or the session) it lives in. */
export function exampleLines(example: CodeExample): string[] {
  switch (example.kind) {
    case "compile":
      return [
        ...Object.entries(example.files).flatMap(([path, file]) => fileLines(path, file)),
        ...(example.generate ? [`# ${example.generate.count} more files: ${example.generate.path}`] : []),
        ...(example.symlinks ?? []).map((l) => `# ${l.path} is a symlink to ${l.target}`),
        ...(example.libraries ?? []).map(libraryLine),
        ...(example.policy ? [`$ forge build --policy ${example.policy.name}   ${libraryLine(example.policy)}`] : []),
      ];
    case "import":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(path, text)),
        ...(example.existing ?? []).map((p) => `# .pi/forge/${p} exists`),
        `$ forge import ${example.format} <those files>`,
      ];
    case "export":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(`.pi/forge/${path}`, text)),
        ...Object.entries(example.existing ?? {}).flatMap(([path, text]) => fileLines(path, text)),
        `$ forge build && forge export ${example.target}${example.preset ? ` --preset ${example.preset}` : ""}`,
      ];
    case "test":
      return [...Object.entries(example.files).flatMap(([path, text]) => fileLines(`.pi/forge/${path}`, text)), "$ forge test"];
    case "load":
      return [
        ...Object.entries(example.files).flatMap(([path, text]) => fileLines(path, text)),
        ...(example.symlinks ?? []).map((l) => `# ${l.path} is a symlink to ${l.target}`),
        "$ pi   # the forge extension loads the project's layer",
      ];
    case "policy":
      return [
        ...fileLines("~/.pi/agent/forge/forge.yaml", example.settings),
        ...(example.policy ? [`# ~/.pi/agent/forge/team-policy.json: built from ${Object.keys(example.policy.sources ?? {}).join(", ")}`] : []),
        ...(example.project ? [`# .pi/forge/bundle.json: built, unsigned, from ${Object.keys(example.project).join(", ")}`] : []),
        "$ pi   # the forge extension loads the team policy",
      ];
    case "replay":
      return example.branch.map((entry) => JSON.stringify(entry));
    case "compose": {
      const offered = Object.entries(example.modes).map(
        ([key, m]) => `${key} (${m.strategy ?? "append"}${m.conflictsWith ? `, conflictsWith: [${m.conflictsWith.join(", ")}]` : ""})`,
      );
      return [
        `# the trusted layers offer: ${offered.join(", ") || "no mode"}`,
        `# the session selected: base ${example.base ?? "(native)"}, overlays [${example.overlays.join(", ")}], driftPolicy ${example.driftPolicy}`,
        ...(example.changed ? [`# changed since activation: ${example.changed.join(", ")}`] : []),
        ...(example.unconfirmed ? ["# the replace_final base was never confirmed"] : []),
        ...(example.answer
          ? [`# asked before the prompt, the user answered: ${example.answer === "cancel" ? "cancel" : "send without the drifted modes"}`]
          : []),
      ];
    }
  }
}

/** One row per code: code, severity, what it means, and an example that triggers it. */
function renderCodesTable(): string {
  const rows = DIAGNOSTIC_CATALOG.map((c) => {
    // Examples are multi-line source snippets: <br> keeps them in one table cell, <code> keeps them literal.
    const example = exampleLines(c.example)
      .map((line) => (line.length > SHOWN_LINE ? `${line.slice(0, SHOWN_LINE - 3)}...` : line))
      .map((line) => `<code>${cell(line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"))}</code>`)
      .join("<br>");
    return `| \`${c.code}\` | ${c.severity} | ${cell(c.summary)} | ${example} |`;
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
