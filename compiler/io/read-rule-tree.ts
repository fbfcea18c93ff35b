// The I/O edge of `forge import claude-rules|cursor|rulesync`: a rules directory read at every depth, regular files
// only, bounded, never through a symbolic link that leaves the directory (a cloned repository is hostile input).
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep, isAbsolute } from "node:path";
import { LIMITS } from "../../generated/constants.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { importUnreadable } from "../diagnostics/import-codes.js";
import { DIRECTORY_CONTENTS, pickInputFiles, RULES_DIR, type ImportFormatName } from "../import/importers.js";
import { wholeFile } from "../import/input-doc.js";
import type { ImportInput } from "../import/types.js";

/** How deep a rules tree is walked; deeper folders are not rules any tool reads. */
const MAX_DEPTH = 16;

export interface RuleTreeRead {
  inputs: ImportInput[];
  diagnostics: Diagnostic[];
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The rules directory `abs` stands for: the project (.cursor/rules under it), the tool's folder, or the directory itself. */
export function rulesDirectory(format: ImportFormatName, abs: string, shown: string): { abs: string; shown: string } {
  for (const parts of RULES_DIR[format] ?? []) {
    const candidate = join(abs, ...parts);
    if (isDir(candidate)) return { abs: candidate, shown: `${shown === "." ? "" : `${shown.replace(/\/$/, "")}/`}${parts.join("/")}` };
  }
  return { abs, shown };
}

/**
 * Every regular file under `root` (posix paths relative to it), sorted later by the picker. A symbolic link is read
 * only when it ends at a regular file inside the directory; linked directories are not entered. Hidden directories
 * are skipped. Stops at LIMITS.maxFiles entries, with an error, rather than reading without bound.
 */
function listTree(root: string, shown: string, diagnostics: Diagnostic[], expected: string): string[] {
  const realRoot = realpathSync(root);
  const out: string[] = [];
  const stack: Array<{ dir: string; rel: string; depth: number }> = [{ dir: root, rel: "", depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { dir, rel, depth } = stack.pop()!;
    for (const name of readdirSync(dir)) {
      if (++seen > LIMITS.maxFiles) {
        diagnostics.push(importUnreadable(wholeFile(shown), `${shown} holds more than ${LIMITS.maxFiles} entries`, expected));
        return [];
      }
      const abs = join(dir, name);
      const relPath = rel === "" ? name : `${rel}/${name}`;
      const st = lstatSync(abs);
      if (st.isDirectory()) {
        if (!name.startsWith(".") && depth < MAX_DEPTH) stack.push({ dir: abs, rel: relPath, depth: depth + 1 });
      } else if (st.isFile()) {
        out.push(relPath);
      } else if (st.isSymbolicLink()) {
        try {
          const real = realpathSync(abs);
          if (inside(realRoot, real) && statSync(real).isFile()) out.push(relPath);
        } catch {
          // a dangling link is no rule
        }
      }
    }
  }
  return out;
}

export function readRuleTree(format: ImportFormatName, abs: string, shown: string, expected: string): RuleTreeRead {
  const diagnostics: Diagnostic[] = [];
  const dir = rulesDirectory(format, abs, shown);
  let names: string[];
  try {
    names = listTree(dir.abs, dir.shown, diagnostics, expected);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "EIO";
    return { inputs: [], diagnostics: [importUnreadable(wholeFile(dir.shown), `${dir.shown} cannot be read (${code})`, expected)] };
  }
  if (diagnostics.length > 0) return { inputs: [], diagnostics };
  const files = pickInputFiles(format, names);
  if (files.length === 0) {
    return { inputs: [], diagnostics: [importUnreadable(wholeFile(dir.shown), `the directory ${dir.shown} holds no ${DIRECTORY_CONTENTS[format]}`, expected)] };
  }
  const inputs: ImportInput[] = [];
  for (const rel of files) {
    const path = dir.shown === "." ? rel : `${dir.shown.replace(/\/$/, "")}/${rel}`;
    const read = readBoundedText(join(dir.abs, ...rel.split("/")), LIMITS.maxImportInputBytes);
    if (read.ok) inputs.push({ path, text: read.text, rel });
    else diagnostics.push(importUnreadable(wholeFile(path), `${path} ${read.detail}`, expected));
  }
  return { inputs, diagnostics };
}
