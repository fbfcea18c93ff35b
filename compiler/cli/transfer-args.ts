// The positional arguments of forge import and forge export: a format (or target), and what goes with it.
import { suggestClosest } from "../../core/suggest.js";

export const IMPORT_FORMATS = ["pi-modes", "pi-presets", "roo", "claude-rules", "cursor", "rulesync"] as const;
export const EXPORT_TARGETS = ["claude", "cursor", "roo", "agents-md"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What is wrong with `forge import|export`'s positionals (`preset`: --preset NAME, when given); null: nothing. */
export function checkTransferPositionals(command: "import" | "export", rest: readonly string[], preset: string | undefined): string | null {
  if (command === "import") {
    const [format, path, extra] = rest;
    if (format === undefined) return `'forge import' needs a format (${IMPORT_FORMATS.join(", ")}) and a path, e.g. forge import roo .roomodes`;
    if (!(IMPORT_FORMATS as readonly string[]).includes(format)) return unknownWord("import format", format, IMPORT_FORMATS);
    if (path === undefined) return `'forge import ${format}' needs the path of a file or directory to import`;
    if (extra !== undefined) return `unexpected argument '${extra}' for 'forge import'`;
    return null;
  }
  const [target, extra] = rest;
  if (target === undefined) return `'forge export' needs a target (${EXPORT_TARGETS.join(", ")}), e.g. forge export cursor`;
  if (!(EXPORT_TARGETS as readonly string[]).includes(target)) return unknownWord("export target", target, EXPORT_TARGETS);
  if (extra !== undefined) return `unexpected argument '${extra}' for 'forge export'`;
  if (target === "agents-md" && preset === undefined)
    return "'forge export agents-md' needs --preset NAME: the preset whose overlays are the always-on text, e.g. forge export agents-md --preset team";
  if (target === "roo" && preset !== undefined) return "'forge export roo' does not take --preset: .roomodes holds modes, which Roo selects one at a time";
  return null;
}

/** `unknown export target 'cursr'; did you mean 'cursor'? (expected one of ...)`, or without a near one `...; expected one of`. */
export function unknownWord(what: string, word: string, known: readonly string[]): string {
  const near = suggestClosest(word, known);
  const list = known.join(", ");
  return near === null ? `unknown ${what} '${word}'; expected one of ${list}` : `unknown ${what} '${word}'; did you mean '${near}'? (expected one of ${list})`;
}
