// The I/O edge of `forge import`: reads the input path (a file, or a directory of the format's files) into ImportInputs.
import { readdirSync, statSync } from "node:fs";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { join } from "node:path";
import type { Diagnostic } from "../../core/diagnostic.js";
import { importUnreadable } from "../diagnostics/import-codes.js";
import { DIRECTORY_CONTENTS, pickInputFiles, RULE_FORMATS, type ImportFormatName } from "../import/importers.js";
import { wholeFile } from "../import/input-doc.js";
import type { ImportInput } from "../import/types.js";
import { displayPath } from "../output/display-path.js";
import { readRuleTree } from "./read-rule-tree.js";

/** What each format's path should be, for "cannot import" messages. */
const EXPECTED_PATH: Readonly<Record<ImportFormatName, string>> = {
  "pi-modes": "a pi-modes mode file or a directory of them, e.g. ~/.pi/agent/modes",
  "pi-presets": "a presets.json file or a directory holding one, e.g. ~/.pi/agent/presets.json",
  roo: "a .roomodes, custom_modes.yaml or custom_modes.json file, or a directory holding one, e.g. .roomodes",
  "claude-rules": "a Claude Code rule file or rules directory, or a project holding .claude/rules, e.g. .claude/rules",
  cursor: "a Cursor rule file (.mdc) or rules directory, or a project holding .cursor/rules, e.g. .cursor/rules",
  rulesync: "a rulesync rule file or rules directory, or a project holding .rulesync/rules, e.g. .rulesync/rules",
};

/** How output names an input: relative to cwd (posix), as every printed path. */
export function displayInputPath(cwd: string, abs: string): string {
  return displayPath(cwd, abs);
}

function errnoText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const code = e?.code ?? "EIO";
  const reason =
    code === "ENOENT"
      ? "no such file or directory"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : code === "EISDIR"
          ? "is a directory"
          : (e?.message ?? String(err));
  return `${reason} (${code})`;
}

export interface ReadInputs {
  inputs: ImportInput[];
  diagnostics: Diagnostic[];
}

function readOne(abs: string, shown: string, format: ImportFormatName): ReadInputs {
  // Regular files only, bounded: an input named by a repository could be a FIFO or /dev/zero.
  const read = readBoundedText(abs, LIMITS.maxImportInputBytes);
  if (read.ok)
    return {
      inputs: [{ path: shown, text: read.text, ...(RULE_FORMATS.has(format) ? { rel: shown.slice(shown.lastIndexOf("/") + 1) } : {}) }],
      diagnostics: [],
    };
  return { inputs: [], diagnostics: [importUnreadable(wholeFile(shown), `${shown} ${read.detail}`, EXPECTED_PATH[format])] };
}

/** Reads `abs` (shown as `shown`); problems become import_unreadable diagnostics, never exceptions. */
export function readImportInputs(format: ImportFormatName, abs: string, shown: string): ReadInputs {
  let isDir: boolean;
  try {
    isDir = statSync(abs).isDirectory();
  } catch (err) {
    return { inputs: [], diagnostics: [importUnreadable(wholeFile(shown), `${shown}: ${errnoText(err)}`, EXPECTED_PATH[format])] };
  }
  if (!isDir) return readOne(abs, shown, format);
  if (RULE_FORMATS.has(format)) return readRuleTree(format, abs, shown, EXPECTED_PATH[format]);
  let names: string[];
  try {
    names = readdirSync(abs).filter((name) => {
      try {
        return statSync(join(abs, name)).isFile();
      } catch {
        return false; // a dangling link is not an input
      }
    });
  } catch (err) {
    return { inputs: [], diagnostics: [importUnreadable(wholeFile(shown), `${shown}: ${errnoText(err)}`, EXPECTED_PATH[format])] };
  }
  const files = pickInputFiles(format, names);
  if (files.length === 0) {
    return {
      inputs: [],
      diagnostics: [importUnreadable(wholeFile(shown), `the directory ${shown} holds no ${DIRECTORY_CONTENTS[format]}`, EXPECTED_PATH[format])],
    };
  }
  const out: ReadInputs = { inputs: [], diagnostics: [] };
  for (const name of files) {
    const one = readOne(join(abs, name), shown === "." ? name : `${shown.replace(/\/$/, "")}/${name}`, format);
    out.inputs.push(...one.inputs);
    out.diagnostics.push(...one.diagnostics);
  }
  return out;
}
