// The importer for each `forge import` format, and which files a directory argument stands for.
import { compareCodeUnits } from "../../core/canonical-json.js";
import { importClaudeRules } from "./claude-rules.js";
import { importCursorRules } from "./cursor-rules.js";
import { importPiModes } from "./pi-modes.js";
import { importPiPresets } from "./pi-presets.js";
import { importRoo } from "./roo.js";
import { importRulesyncRules } from "./rulesync-rules.js";
import type { Importer } from "./types.js";

export type ImportFormatName = "pi-modes" | "pi-presets" | "roo" | "claude-rules" | "cursor" | "rulesync";

export const IMPORTERS: Readonly<Record<ImportFormatName, Importer>> = {
  "pi-modes": importPiModes,
  "pi-presets": importPiPresets,
  roo: importRoo,
  "claude-rules": importClaudeRules,
  cursor: importCursorRules,
  rulesync: importRulesyncRules,
};

/** The agent rule formats: a directory is a rules tree, read at every depth (read-rule-tree.ts). */
export const RULE_FORMATS: ReadonlySet<ImportFormatName> = new Set(["claude-rules", "cursor", "rulesync"]);

/**
 * The files of a directory argument, in the order they are imported: pi-modes keeps one mode per
 * JSON file (~/.pi/agent/modes/*.json, sorted by name so every machine agrees), Pi's preset
 * extension reads presets.json, and Roo reads .roomodes in a project or custom_modes.yaml in its
 * global settings folder (custom_modes.json in older Roo versions). For the rule formats `names` are paths inside the
 * rules directory: Claude Code and rulesync read *.md, Cursor *.mdc and the RULE.md of rule folders.
 */
export function pickInputFiles(format: ImportFormatName, names: readonly string[]): string[] {
  const sorted = [...names].sort(compareCodeUnits);
  const base = (n: string): string => n.slice(n.lastIndexOf("/") + 1);
  switch (format) {
    case "pi-modes":
      return sorted.filter((n) => n.endsWith(".json") && !n.startsWith("."));
    case "pi-presets":
      return sorted.filter((n) => n === "presets.json");
    case "roo":
      return sorted.filter((n) => n === ".roomodes" || n === "custom_modes.yaml" || n === "custom_modes.json");
    case "claude-rules":
    case "rulesync":
      return sorted.filter((n) => n.endsWith(".md") && !base(n).startsWith("."));
    case "cursor":
      return sorted.filter((n) => (n.endsWith(".mdc") && !base(n).startsWith(".")) || base(n) === "RULE.md");
  }
}

/** What a directory argument should contain, for the "nothing to import" message. */
export const DIRECTORY_CONTENTS: Readonly<Record<ImportFormatName, string>> = {
  "pi-modes": "pi-modes *.json mode files",
  "pi-presets": "presets.json",
  roo: ".roomodes, custom_modes.yaml or custom_modes.json",
  "claude-rules": "Claude Code rule files (*.md, at any depth)",
  cursor: "Cursor rule files (*.mdc, or a rule folder's RULE.md, at any depth)",
  rulesync: "rulesync rule files (*.md, at any depth)",
};

/** The rules directory inside a project, when the path given is the project (or the tool's folder) instead. */
export const RULES_DIR: Readonly<Partial<Record<ImportFormatName, readonly string[][]>>> = {
  "claude-rules": [[".claude", "rules"], ["rules"]],
  cursor: [[".cursor", "rules"], ["rules"]],
  rulesync: [[".rulesync", "rules"], ["rules"]],
};

/** The suffix an imported mode gets when its key is a built-in mode's (plan -> plan-roo). */
export const KEY_SUFFIX: Readonly<Record<ImportFormatName, string>> = {
  "pi-modes": "pi",
  "pi-presets": "pi",
  roo: "roo",
  "claude-rules": "claude",
  cursor: "cursor",
  rulesync: "rulesync",
};
